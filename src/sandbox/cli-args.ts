/** Parses `npm start -- [flags]`. Pure, so its errors are tested without starting anything. */
import { MAX_CONTEXT_TOKENS, MIN_CONTEXT_TOKENS } from "../llm/context-windows";
import type { ApplyFormat, EditReview } from "../settings";
import { MAX_OUTPUT_TOKENS, MIN_OUTPUT_TOKENS } from "../llm/output-limits";

export interface CliOptions {
	vault?: string;
	port?: number;
	token?: string;
	open: boolean;
	build: boolean;
	help: boolean;
	/** REDLINE_CONTEXT_TOKENS: the main model's "Context window (tokens)" setting. */
	contextTokens?: number;
	/** REDLINE_MAX_TOKENS: the main and the apply model's "Reply limit (tokens)" setting. */
	maxOutputTokens?: number;
	/** REDLINE_TEXT_TOOLS=1: the main model's "Text tool calls" setting. */
	textToolCalls?: boolean;
	/** REDLINE_APPLY_FORMAT: how a modify comes back from the apply model (unset: the default, edits). */
	applyFormat?: ApplyFormat;
	/** REDLINE_EDIT_REVIEW: what comes before an edit is drafted (unset: the default, changes). */
	editReview?: EditReview;
	/** REDLINE_BUDGET_TOKENS: a thread budget of N tokens, input plus output of every model call (issue 33). */
	budgetTokens?: number;
	/** --check: check the connection to both models, print the report and exit. */
	check?: boolean;
}

export const USAGE = `Usage: npm start -- [options]

Starts the Redline sandbox: the real side pane on a folder of notes, in your browser.

Options:
  --vault DIR    Use this vault folder (default: a scratch copy of examples/vault)
  --port N       Listen on 127.0.0.1:N (default: a free port)
  --token T      Fix the access token (default: random per run; also REDLINE_TOKEN)
  --no-open      Do not open a browser
  --no-build     Do not rebuild the page (use the last build in dist/sandbox)
  --check        Check the connection to the main and the apply model, print the
                 report and exit (0 when both are usable, 1 when not)
  --help         Show this help

Model: with OPENAI_API_KEY set, a real provider (OPENAI_BASE_URL, REDLINE_MODEL,
REDLINE_APPLY_MODEL, REDLINE_APPLY_BASE_URL, REDLINE_APPLY_API_KEY); otherwise an offline
scripted demo that handles a few requests on the sample vault. REDLINE_CONTEXT_TOKENS sets the
main model's context window in tokens (the offline demo's model then refuses longer requests).
REDLINE_MAX_TOKENS sets max_tokens, the longest reply of the main and the apply model (default:
the model family's limit).
REDLINE_TEXT_TOOLS=1 turns on "Text tool calls" for a model without native tool calling (the
offline demo's model then writes its calls as text).
REDLINE_APPLY_FORMAT=edits|whole: the apply model returns only the changes (edits, the default)
or the whole note.
REDLINE_BUDGET_TOKENS=N gives every chat a budget of N tokens (input plus output of every model
call); crossing it pauses the turn until you Continue.
REDLINE_EDIT_REVIEW=changes|plan: an edit on Ask is drafted at once and written only once you
accept its changes (changes, the default), or you approve the plan first (plan).`;

export class CliError extends Error {}

export function parseCliArgs(argv: readonly string[], env: Record<string, string | undefined> = {}): CliOptions {
	const options: CliOptions = { open: true, build: true, help: false, token: env.REDLINE_TOKEN || undefined };
	const context = env.REDLINE_CONTEXT_TOKENS?.trim();
	if (context) {
		const tokens = Number(context.replace(/[,_]/g, ""));
		if (!Number.isInteger(tokens) || tokens < MIN_CONTEXT_TOKENS || tokens > MAX_CONTEXT_TOKENS) {
			throw new CliError(
				`REDLINE_CONTEXT_TOKENS must be a whole number of tokens from ${MIN_CONTEXT_TOKENS} to ${MAX_CONTEXT_TOKENS}, not ${JSON.stringify(context)}`,
			);
		}
		options.contextTokens = tokens;
	}
	const maxTokens = env.REDLINE_MAX_TOKENS?.trim();
	if (maxTokens) {
		const tokens = Number(maxTokens.replace(/[,_]/g, ""));
		if (!Number.isInteger(tokens) || tokens < MIN_OUTPUT_TOKENS || tokens > MAX_OUTPUT_TOKENS) {
			throw new CliError(
				`REDLINE_MAX_TOKENS must be a whole number of tokens from ${MIN_OUTPUT_TOKENS} to ${MAX_OUTPUT_TOKENS}, not ${JSON.stringify(maxTokens)}`,
			);
		}
		options.maxOutputTokens = tokens;
	}
	const textTools = env.REDLINE_TEXT_TOOLS?.trim().toLowerCase();
	if (textTools) {
		if (!["1", "0", "true", "false", "on", "off", "yes", "no"].includes(textTools))
			throw new CliError(`REDLINE_TEXT_TOOLS must be 1 or 0, not ${JSON.stringify(env.REDLINE_TEXT_TOOLS)}`);
		if (["1", "true", "on", "yes"].includes(textTools)) options.textToolCalls = true;
	}
	const format = env.REDLINE_APPLY_FORMAT;
	if (format !== undefined && format !== "") {
		if (format !== "edits" && format !== "whole")
			throw new CliError(`REDLINE_APPLY_FORMAT must be edits or whole, not ${JSON.stringify(format)}`);
		options.applyFormat = format;
	}
	const review = env.REDLINE_EDIT_REVIEW;
	if (review !== undefined && review !== "") {
		if (review !== "changes" && review !== "plan")
			throw new CliError(`REDLINE_EDIT_REVIEW must be changes or plan, not ${JSON.stringify(review)}`);
		options.editReview = review;
	}
	const budget = env.REDLINE_BUDGET_TOKENS?.trim();
	if (budget !== undefined && budget !== "") {
		const n = Number(budget);
		if (!Number.isInteger(n) || n < 1)
			throw new CliError(
				`REDLINE_BUDGET_TOKENS must be a whole number of tokens above 0, not ${JSON.stringify(budget)}`,
			);
		options.budgetTokens = n;
	}
	for (let i = 0; i < argv.length; i++) {
		const arg = argv[i] ?? "";
		const [flag, inline] = arg.includes("=")
			? [arg.slice(0, arg.indexOf("=")), arg.slice(arg.indexOf("=") + 1)]
			: [arg, undefined];
		const value = (): string => {
			const v = inline ?? argv[++i];
			if (v === undefined || v === "") throw new CliError(`${flag} needs a value`);
			return v;
		};
		switch (flag) {
			case "--vault":
				options.vault = value();
				break;
			case "--port": {
				const raw = value();
				const port = Number(raw);
				if (!Number.isInteger(port) || port < 0 || port > 65535)
					throw new CliError(`--port must be a number from 0 to 65535, not ${JSON.stringify(raw)}`);
				options.port = port;
				break;
			}
			case "--token":
				options.token = value();
				break;
			case "--no-open":
				options.open = false;
				break;
			case "--no-build":
				options.build = false;
				break;
			case "--check":
				options.check = true;
				break;
			case "--help":
			case "-h":
				options.help = true;
				break;
			default:
				throw new CliError(`Unknown option ${JSON.stringify(arg)}. See --help.`);
		}
	}
	return options;
}
