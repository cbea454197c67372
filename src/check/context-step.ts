/**
 * Step 4: the context window. The configured value (the setting, else the model family's), what
 * the provider states in its model list, and what it enforces: a request of filler a little
 * under the window (at most PROBE_TOKENS, so a check stays cheap on a paid API) must be accepted
 * whole. A refusal states the real limit (read as the agent reads it, agent/context-errors.ts);
 * a provider that silently cuts the prompt (Ollama below its num_ctx) shows it in its usage.
 */
import { HumanMessage, SystemMessage } from "@langchain/core/messages";
import { contextOverflowOf } from "../agent/context-errors";
import { estimateTextTokens } from "../agent/token-estimate";
import { MIN_CONTEXT_TOKENS, contextWindowOf } from "../llm/context-windows";
import type { ModelEndpoint } from "../settings";
import { count, type Transport } from "./http";
import { checkModel, streamReply } from "./model-call";
import type { CheckStep } from "./report";
import { CONTEXT_PROMPT, FILLER, PROBE_SYSTEM } from "./samples";

/** The largest probe: enough to catch the usual too-small local window (2,048 to 4,096 tokens). */
export const PROBE_TOKENS = 6_000;
/** The probe's reply is a few words; a provider counts its max_tokens into the window too. */
const PROBE_REPLY_TOKENS = 64;
/** A provider that read less than this share of the probe cut it. */
const TRUNCATED_SHARE = 0.6;

const TITLE = "Context window";

export async function checkContext(
	transport: Transport,
	endpoint: ModelEndpoint,
	apiKey: string | undefined,
	stated: number | undefined,
): Promise<CheckStep> {
	const configured = contextWindowOf(endpoint);
	const source =
		typeof endpoint.contextTokens === "number" ? "set" : configured === undefined ? "unknown" : "from the model name";
	const configuredText = configured === undefined ? "not known" : `${count(configured)} tokens (${source})`;
	const probeTokens = Math.floor(Math.min(configured ?? PROBE_TOKENS, PROBE_TOKENS) * 0.9);
	const filler = fillerOf(probeTokens);
	// The probe fills 90 % of the window: its reply may have only what is left of it.
	const replyTokens = Math.max(16, Math.min(PROBE_REPLY_TOKENS, Math.floor((configured ?? PROBE_TOKENS) * 0.05)));
	const outcome = await streamReply(transport, checkModel(transport, endpoint, apiKey, replyTokens), [
		new SystemMessage(PROBE_SYSTEM.context),
		new HumanMessage(`${filler}\n\n${CONTEXT_PROMPT}`),
	]);
	const sent = estimateTextTokens(filler);
	const step = (status: CheckStep["status"], figure: string, extra: Partial<CheckStep> = {}): CheckStep => ({
		id: "context",
		title: TITLE,
		status,
		figure: `configured ${configuredText}; ${figure}`,
		...extra,
	});
	const smaller = (limit: number, how: string): CheckStep => {
		const fits = limit >= MIN_CONTEXT_TOKENS;
		return step("fail", how, {
			cause: `The provider's window (${count(limit)} tokens) is smaller than ${configured === undefined ? "Redline assumes" : `the configured ${count(configured)}`}: longer chats would be refused or cut.`,
			fix: fits
				? `Set Context window (tokens) to ${count(limit)}, or give the model a larger window on the server (Ollama: OLLAMA_CONTEXT_LENGTH or num_ctx).`
				: `Give the model a larger window on the server (Ollama: OLLAMA_CONTEXT_LENGTH or num_ctx): Redline needs at least ${count(MIN_CONTEXT_TOKENS)} tokens.`,
			...(fits ? { action: { kind: "set-context-tokens" as const, tokens: limit } } : {}),
		});
	};
	if (!outcome.ok) {
		const overflow = contextOverflowOf(outcome.error);
		if (!overflow)
			return step("fail", `a ${count(sent)}-token request failed`, {
				cause: outcome.message,
				fix: "See the endpoint step.",
			});
		if (overflow.limitTokens !== undefined)
			return smaller(
				overflow.limitTokens,
				`refused a ${count(sent)}-token request: the provider enforces ${count(overflow.limitTokens)} tokens`,
			);
		return step("fail", `refused a ${count(sent)}-token request as too long`, {
			cause: `The provider's window is smaller than ${count(sent)} tokens (${overflow.detail}).`,
			fix: "Give the model a larger window on the server, or set a smaller Context window (tokens).",
		});
	}
	const read = outcome.chunks.reduce<number | undefined>(
		(n, { chunk }) => chunk.usage_metadata?.input_tokens ?? n,
		undefined,
	);
	if (read !== undefined && read < sent * TRUNCATED_SHARE)
		return smaller(
			read,
			`read only ${count(read)} of about ${count(sent)} tokens sent: the provider cuts longer prompts`,
		);
	const accepted = `accepted a ${count(sent)}-token request${read === undefined ? "" : ` (${count(read)} by its count)`}`;
	if (stated !== undefined && configured !== undefined && stated < configured)
		return smaller(stated, `the provider states ${count(stated)}; ${accepted}`);
	const statedText = stated === undefined ? "" : `; the provider states ${count(stated)}`;
	if (configured === undefined) {
		const suggestion = stated;
		return step("warn", `${accepted}${statedText}`, {
			cause: "Redline does not know this model's window: it learns it only when a long chat is refused.",
			fix: suggestion
				? `Set Context window (tokens) to ${count(suggestion)}.`
				: "Set Context window (tokens) to the model's window.",
			...(suggestion ? { action: { kind: "set-context-tokens" as const, tokens: suggestion } } : {}),
		});
	}
	return step("pass", `${accepted}${statedText}`);
}

/** Filler of about `tokens` tokens. */
function fillerOf(tokens: number): string {
	const each = estimateTextTokens(FILLER);
	return FILLER.repeat(Math.max(1, Math.floor(tokens / each))).trim();
}
