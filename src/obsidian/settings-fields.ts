/**
 * What the settings tab shows, as data: sections with a heading, each a list of controls for one
 * saved field. Every field readSettings validates has a control here (test/obsidian/settings.test.ts
 * checks it), so no setting can only be changed by editing data.json. A new setting is a new row.
 */
import { MAX_CONTEXT_TOKENS, MIN_CONTEXT_TOKENS } from "../llm/context-windows";
import { PREFERENCE_WORDS, type ToolCatalog } from "../tools/catalog";
import type { SecretNames } from "./settings-data";
import { DEFAULT_INSTRUCTIONS_NOTE } from "../settings";
import type { CheckTarget } from "../check/report";
import { MAX_OUTPUT_TOKENS, MIN_OUTPUT_TOKENS } from "../llm/output-limits";

interface FieldBase {
	/** Dotted field in the saved settings, e.g. "mainModel.baseUrl". */
	field: string;
	name: string;
	desc: string;
	/** Shown while the field is unset and has no default in the settings (a tool's own default preference). */
	fallback?: string;
}

export type FieldSpec =
	| (FieldBase & { kind: "text"; placeholder?: string })
	/** Saved as a number; shown divided by `scale` (e.g. bytes shown in MB). */
	| (FieldBase & {
			kind: "number";
			min: number;
			max: number;
			step: number | "any";
			scale?: number;
			placeholder?: string;
			optional?: true;
	  })
	| (FieldBase & { kind: "toggle" })
	/** A model's context window: shows the window its name implies until the user sets one. */
	| (FieldBase & { kind: "contextWindow"; min: number; max: number })
	| (FieldBase & { kind: "dropdown"; options: Record<string, string> })
	/** A model's price per million tokens, saved in `prices` under its name (price-field.ts). */
	| { kind: "price"; which: "main" | "apply"; name: string; desc: string }
	/** The name of a secret in Obsidian's secret storage (data.json never holds the key). */
	| { kind: "secret"; which: keyof SecretNames; name: string; desc: string };

export interface SettingsSection {
	heading: string;
	fields: FieldSpec[];
	/** The model whose "Check connection" row ends the section. */
	check?: CheckTarget;
}

const MB = 1024 * 1024;

/** "Reply limit (tokens)": max_tokens on the model's requests; empty follows the model family. */
function replyLimit(field: string, desc: string): FieldSpec {
	return {
		kind: "number",
		field,
		name: "Reply limit (tokens)",
		desc,
		min: MIN_OUTPUT_TOKENS,
		max: MAX_OUTPUT_TOKENS,
		step: 1,
		optional: true,
		placeholder: "From the model name",
	};
}

/** The transport choice "Obsidian request": linked from connection errors (see transport/). */
export const TRANSPORT_FIELD = "transport";

/** `tools`: the tools the agent has (their catalog), each a row of the Tools section. */
export function settingsSections(tools: ToolCatalog): SettingsSection[] {
	return [
		{
			heading: "Main model",
			check: "main",
			fields: [
				{
					kind: "text",
					field: "mainModel.baseUrl",
					name: "Base URL",
					desc: "An OpenAI-compatible endpoint, such as https://api.openai.com/v1.",
				},
				{ kind: "text", field: "mainModel.model", name: "Model", desc: "The model that plans and talks with you." },
				{
					kind: "secret",
					which: "mainApiKey",
					name: "API key",
					desc: "Stored in Obsidian's secret storage, never in the plugin's data file.",
				},
				{
					kind: "number",
					field: "mainModel.temperature",
					name: "Temperature",
					desc: "From 0 to 2. Lower keeps the agent's plans more predictable.",
					min: 0,
					max: 2,
					step: 0.1,
				},
				{
					kind: "contextWindow",
					field: "mainModel.contextTokens",
					name: "Context window (tokens)",
					desc: "How many tokens one request may hold. Filled in from the model name for well-known models; leave empty to follow the model name. A lower value compacts long chats sooner and costs less per message.",
					min: MIN_CONTEXT_TOKENS,
					max: MAX_CONTEXT_TOKENS,
				},
				replyLimit(
					"mainModel.maxOutputTokens",
					"The longest reply one request may get (max_tokens). Leave empty for the model family's limit; a reply that still does not end is stopped at 1 MB.",
				),
				{
					kind: "toggle",
					field: "mainModel.textToolCalls",
					name: "Text tool calls",
					desc: "For a model without native tool calling: Redline describes its tools in the system prompt and reads the calls the model writes in its reply. Check connection tells you whether this model needs it.",
				},
			],
		},
		{
			heading: "Apply model",
			check: "apply",
			fields: [
				{ kind: "text", field: "applyModel.baseUrl", name: "Base URL", desc: "Leave empty to use the main model's." },
				{
					kind: "text",
					field: "applyModel.model",
					name: "Model",
					desc: "A fast, cheap model that writes the edited note. Leave empty to use the main model.",
				},
				{ kind: "secret", which: "applyApiKey", name: "API key", desc: "Leave empty to use the main model's key." },
				{
					kind: "dropdown",
					field: "applyFormat",
					name: "Apply format",
					desc: "Edits: the apply model returns only the changes, so a small fix in a long note is written in about a second (the whole note is the fallback). Whole note: it always returns the whole note.",
					options: { edits: "Edits", whole: "Whole note" },
				},
				{
					kind: "toggle",
					field: "applyModel.supportsPredictedOutputs",
					name: "Provider supports predicted outputs",
					desc: "Sends the current note as a prediction when the whole note comes back, which makes that much faster where supported.",
				},
				{
					kind: "contextWindow",
					field: "applyModel.contextTokens",
					name: "Context window (tokens)",
					desc: "The same for the apply model, which also writes the summaries of long chats. Leave empty to follow its model name.",
					min: MIN_CONTEXT_TOKENS,
					max: MAX_CONTEXT_TOKENS,
				},
				replyLimit(
					"applyModel.maxOutputTokens",
					"The same for the apply model, which writes whole notes: a limit below a note's length cuts its rewrite short. Leave empty for the model family's limit.",
				),
			],
		},
		{
			heading: "Tools",
			fields: [
				{
					kind: "dropdown",
					field: "editReview",
					name: "Before an edit is drafted",
					desc: "Show me the changes: the edit is drafted at once and nothing is written until you accept its changes. Ask me about the plan first: you approve what the agent plans to change, then it is written, with the diff after (no drafting spent on a plan you decline).",
					options: { changes: "Show me the changes", plan: "Ask me about the plan first" },
				},
				...tools.map((tool): FieldSpec => ({
					kind: "dropdown",
					field: `toolDefaults.${tool.name}`,
					name: tool.label,
					desc: `${tool.purpose ? `${tool.purpose} ` : ""}The default for new chats; each chat can change it in its Permissions.`,
					options: { ...PREFERENCE_WORDS },
					fallback: tool.defaultPreference,
				})),
			],
		},
		{
			heading: "Standing instructions",
			fields: [
				{
					kind: "text",
					field: "instructionsNote",
					name: "Instructions note",
					desc: "A note sent with every request and never compacted: style, naming, places never to touch. Until you choose one, Redline/Instructions.md when it exists.",
					placeholder: DEFAULT_INSTRUCTIONS_NOTE,
				},
				{
					kind: "toggle",
					field: "agentsFiles",
					name: "Read AGENTS.md files",
					desc: "Also send the AGENTS.md of every folder, for the notes under it.",
				},
			],
		},
		{
			heading: "Limits",
			fields: [
				{
					kind: "number",
					field: "historySize",
					name: "History size",
					desc: "Versions kept per note for revert.",
					min: 1,
					max: 100,
					step: 1,
				},
				{
					kind: "number",
					field: "stepCap",
					name: "Step cap",
					desc: "Model steps in a row without you before the chat pauses and asks whether to continue.",
					min: 1,
					max: 200,
					step: 1,
				},
				{
					kind: "number",
					field: "maxNoteBytes",
					name: "Note size limit (MB)",
					desc: "Larger notes are neither edited nor kept in history.",
					min: 0.001,
					max: 100,
					step: "any",
					scale: MB,
				},
				{
					kind: "number",
					field: "searchMemoryMB",
					name: "Search memory on mobile (MB)",
					desc: "On mobile, the search index stays under this; past it, notes are found by title, tags, properties and their start.",
					min: 10,
					max: 4096,
					step: 1,
				},
			],
		},
		{
			heading: "Cost",
			fields: [
				{
					kind: "number",
					field: "budget.amount",
					name: "Budget per chat",
					desc: "Every model call of a chat counts against it; once it is spent the chat pauses until you continue it (one more budget). Empty or 0: no budget.",
					min: 0,
					max: 1_000_000_000,
					step: "any",
					optional: true,
					placeholder: "No budget",
				},
				{
					kind: "dropdown",
					field: "budget.unit",
					name: "Budget in",
					desc: "Tokens (input plus output) or US dollars. A dollar budget counts only the calls of models with a price.",
					options: { tokens: "Tokens", usd: "US dollars" },
					fallback: "tokens",
				},
				{
					kind: "price",
					which: "main",
					name: "Main model price",
					desc: "US dollars per million input / cached-input / output tokens, for the main model as named above. Empty: the price table's, if it knows the model.",
				},
				{
					kind: "price",
					which: "apply",
					name: "Apply model price",
					desc: "The same for the apply model.",
				},
			],
		},
		{
			heading: "Connection",
			fields: [
				{
					kind: "dropdown",
					field: TRANSPORT_FIELD,
					name: "Transport",
					desc: "How model requests travel. Automatic streams on desktop and uses Obsidian request on mobile. Behind a corporate proxy, choose Obsidian request: it uses the system's proxy and certificates.",
					options: { auto: "Automatic", node: "Desktop (streaming)", "request-url": "Obsidian request (whole reply)" },
				},
			],
		},
	];
}
