/**
 * Redline's settings as the core sees them. Persisted by the host (data.json in Obsidian, flags
 * and environment in the sandbox). API keys are never part of these: hosts hand them over at
 * run time (`ModelCredentials`), from app.secretStorage in Obsidian.
 */
import type { BudgetAmount, ToolPreference } from "./log/events";

export interface ModelEndpoint {
	/** OpenAI-compatible base URL, e.g. https://api.openai.com/v1 */
	baseUrl: string;
	model: string;
	temperature?: number;
	/** The provider accepts OpenAI's `prediction` (predicted outputs). */
	supportsPredictedOutputs?: boolean;
	/**
	 * "Context window (tokens)": what one request to this model may hold. Absent: the window of
	 * the model's family (src/llm/context-windows.ts), else unknown (learned from a refusal).
	 */
	contextTokens?: number;
	/**
	 * "Text tool calls", for a model without native tool calling: the tools are described in the
	 * system prompt and the model writes its calls as tagged text (docs/protocol.md).
	 */
	textToolCalls?: boolean;
	/**
	 * "Reply limit (tokens)": `max_tokens` on every request to this model. Absent: the model
	 * family's output limit (src/llm/output-limits.ts).
	 */
	maxOutputTokens?: number;
}

/** How the apply model returns a `modify`: edit blocks (the change only) or the whole note. */
export type ApplyFormat = "edits" | "whole";

/**
 * "Before an edit is drafted": `changes` (the default) drafts an edit on Prompt at once and asks
 * about its changes before anything is written (review before write); `plan` asks about the
 * intent first and writes once it is approved (the earlier flow, which spends no drafting on a
 * plan the user declines).
 */
export type EditReview = "changes" | "plan";

export interface RedlineSettings {
	mainModel: ModelEndpoint;
	/** The cheap, fast apply model; any field left empty falls back to the main model's. */
	applyModel: Partial<ModelEndpoint>;
	/** "edits": a modify asks for edit blocks, falling back to the whole note once; "whole": always the whole note. */
	applyFormat: ApplyFormat;
	/** "Before an edit is drafted" (see EditReview). */
	editReview: EditReview;
	/**
	 * Drafts of one reply made side by side at most (a change set, issue 31); absent: 4. Not in the
	 * settings tab: a provider's rate limit is the reason to lower it, 1 drafts one at a time.
	 */
	draftsAtOnce?: number;
	/**
	 * The user's default approval preference per tool (contract 3), overridable per thread from a
	 * card. A tool without one here follows its own default (Tool.defaultPreference): older
	 * data.json files that saved every tool's default load as choices.
	 */
	toolDefaults: Record<string, ToolPreference>;
	/** History entries kept per note. */
	historySize: number;
	/** Notes larger than this are refused by history and edits. */
	maxNoteBytes: number;
	/** Model steps in a row without the user before the turn pauses with a Continue card (turn_paused "step_limit"). */
	stepCap: number;
	/**
	 * "Budget per chat": every model call of a chat counts against it (input plus output tokens, or
	 * their price in US dollars); crossing it pauses the turn until Continue. Absent (the default)
	 * or not above 0: no budget. A dollar budget counts only the calls whose price is known.
	 */
	budget?: BudgetAmount;
	/** "Prices": the user's price per model (by its name as set), over the table (src/llm/prices.ts). */
	prices?: Record<string, ModelPrice>;
	/**
	 * "Standing instructions": the note sent with every request (issue 33); absent: Redline/Instructions.md
	 * when it exists; "": none.
	 */
	instructionsNote?: string;
	/** "Read AGENTS.md files": every AGENTS.md in the vault's folders is sent as standing instructions too. */
	agentsFiles?: boolean;
	/**
	 * "Search memory on mobile (MB)": the search index's memory cap on a phone or tablet. Past it,
	 * notes are indexed by title, headings, tags, properties and their first part, and the index
	 * status says so. Desktop has no cap.
	 */
	searchMemoryMB: number;
	/** How model HTTP requests travel in Obsidian: auto (desktop: Node http; mobile: requestUrl). */
	transport: "auto" | "node" | "request-url";
}

/** A model's price in US dollars per million tokens (src/llm/prices.ts; "Prices" in Settings). */
export interface ModelPrice {
	input: number;
	/** Input tokens served from the provider's cache; absent: the input price. */
	cachedInput?: number;
	output: number;
}

export interface ModelCredentials {
	mainApiKey?: string;
	applyApiKey?: string;
}

export const DEFAULT_SETTINGS: RedlineSettings = {
	mainModel: { baseUrl: "https://api.openai.com/v1", model: "gpt-4.1", temperature: 0.2 },
	applyModel: { model: "gpt-4.1-mini", supportsPredictedOutputs: true },
	applyFormat: "edits",
	editReview: "changes",
	toolDefaults: {},
	historySize: 10,
	searchMemoryMB: 150,
	maxNoteBytes: 5 * 1024 * 1024,
	stepCap: 25,
	transport: "auto",
};

/** The standing-instructions note when the user chose none (issue 33). */
export const DEFAULT_INSTRUCTIONS_NOTE = "Redline/Instructions.md";

/** The standing-instructions note the settings choose, or undefined when they are off. */
export function instructionsNotePath(settings: Pick<RedlineSettings, "instructionsNote">): string | undefined {
	const chosen = (settings.instructionsNote ?? DEFAULT_INSTRUCTIONS_NOTE).trim();
	return chosen === "" ? undefined : chosen;
}
