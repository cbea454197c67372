/**
 * What data.json holds and how it is read. Settings the user saved are never silently replaced:
 * an invalid field is reported (field + reason) and stays in data.json exactly as saved until the
 * user fixes it; only the running core falls back to the default for that one field.
 * API keys are never here: data.json names the secrets (ids in app.secretStorage).
 */
import { validPrice } from "../llm/prices";
import type { ModelPrice } from "../settings";
import { MAX_CONTEXT_TOKENS, MIN_CONTEXT_TOKENS } from "../llm/context-windows";
import { MAX_OUTPUT_TOKENS, MIN_OUTPUT_TOKENS } from "../llm/output-limits";
import { DEFAULT_SETTINGS, type RedlineSettings } from "../settings";
import type { CheckTarget } from "../check/report";
import type { StoredCheck } from "../check/settings-key";
import { redactDeep } from "../log/redact";

export interface SecretNames {
	/** Id of the main model's API key in app.secretStorage ("" = none). */
	mainApiKey: string;
	applyApiKey: string;
}

/** data.json: settings as saved (possibly invalid), secret names, and each model's last connection check. */
export interface PluginData {
	settings: Record<string, unknown>;
	secrets: SecretNames;
	/** "Check connection" reports with the key of the settings they were made with (no API key in them). */
	checks?: Partial<Record<CheckTarget, StoredCheck>>;
}

export interface SettingsProblem {
	/** Dotted path of the field, e.g. "mainModel.baseUrl". */
	field: string;
	message: string;
}

export interface ReadSettings {
	/** What the core runs with: saved values where valid, defaults elsewhere. */
	effective: RedlineSettings;
	problems: SettingsProblem[];
}

const PREFERENCES = ["prompt", "always", "never"];
const TRANSPORTS = ["auto", "node", "request-url"];
const APPLY_FORMATS = ["edits", "whole"];
const EDIT_REVIEWS = ["changes", "plan"];

function isRecord(value: unknown): value is Record<string, unknown> {
	return typeof value === "object" && value !== null && !Array.isArray(value);
}

function show(value: unknown): string {
	const text = JSON.stringify(value) ?? String(value);
	return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

/** Normalizes whatever loadData() returned into PluginData (never throws, never drops fields). */
export function toPluginData(raw: unknown): PluginData {
	const data = isRecord(raw) ? raw : {};
	const settings = isRecord(data.settings) ? { ...data.settings } : {};
	const secrets = isRecord(data.secrets) ? data.secrets : {};
	const checks = storedChecks(data.checks);
	return {
		...(checks ? { checks } : {}),
		settings,
		secrets: {
			mainApiKey: typeof secrets.mainApiKey === "string" ? secrets.mainApiKey : "",
			applyApiKey: typeof secrets.applyApiKey === "string" ? secrets.applyApiKey : "",
		},
	};
}

/** The stored reports that have the shape of one (anything else was not written by Redline: dropped). */
function storedChecks(value: unknown): PluginData["checks"] {
	if (!isRecord(value)) return undefined;
	const checks: NonNullable<PluginData["checks"]> = {};
	for (const target of ["main", "apply"] as const) {
		const stored = value[target];
		// Redacted again on load: a report saved before redaction existed may quote a key.
		if (
			isRecord(stored) &&
			typeof stored.key === "string" &&
			isRecord(stored.report) &&
			Array.isArray(stored.report.steps)
		)
			checks[target] = {
				...(stored as unknown as StoredCheck),
				report: redactDeep((stored as unknown as StoredCheck).report),
			};
	}
	return Object.keys(checks).length > 0 ? checks : undefined;
}

function checkUrl(value: unknown): string | null {
	if (typeof value !== "string") return "must be text";
	try {
		const url = new URL(value);
		return url.protocol === "http:" || url.protocol === "https:" ? null : "must start with http:// or https://";
	} catch {
		return "is not a valid URL";
	}
}

function checkWhole(min: number, max: number) {
	return (value: unknown): string | null =>
		typeof value === "number" && Number.isInteger(value) && value >= min && value <= max
			? null
			: `must be a whole number from ${min} to ${max}`;
}

/** Reads saved settings over the defaults, collecting one problem per invalid field. */
export function readSettings(saved: Record<string, unknown>): ReadSettings {
	const problems: SettingsProblem[] = [];
	const effective: RedlineSettings = structuredClone(DEFAULT_SETTINGS);
	const take = <T>(field: string, value: unknown, check: (v: unknown) => string | null, set: (v: T) => void): void => {
		if (value === undefined) return;
		const problem = check(value);
		if (problem) problems.push({ field, message: `${label(field)} ${problem} (saved: ${show(value)}).` });
		else set(value as T);
	};
	const text = (v: unknown): string | null => (typeof v === "string" ? null : "must be text");
	const optionalUrl = (v: unknown): string | null => (v === "" ? null : checkUrl(v));
	const bool = (v: unknown): string | null => (typeof v === "boolean" ? null : "must be on or off");
	const contextTokens = checkWhole(MIN_CONTEXT_TOKENS, MAX_CONTEXT_TOKENS);
	const outputTokens = checkWhole(MIN_OUTPUT_TOKENS, MAX_OUTPUT_TOKENS);
	const temperature = (v: unknown): string | null =>
		typeof v === "number" && v >= 0 && v <= 2 ? null : "must be a number from 0 to 2";

	const main = saved.mainModel;
	if (main !== undefined && !isRecord(main))
		problems.push({ field: "mainModel", message: `Main model must be an object (saved: ${show(main)}).` });
	if (isRecord(main)) {
		take<string>("mainModel.baseUrl", main.baseUrl, checkUrl, (v) => (effective.mainModel.baseUrl = v));
		take<string>(
			"mainModel.model",
			main.model,
			(v) => (typeof v === "string" && v.trim() !== "" ? null : "must not be empty"),
			(v) => (effective.mainModel.model = v),
		);
		take<number>("mainModel.temperature", main.temperature, temperature, (v) => (effective.mainModel.temperature = v));
		take<number>(
			"mainModel.contextTokens",
			main.contextTokens,
			contextTokens,
			(v) => (effective.mainModel.contextTokens = v),
		);
		take<number>(
			"mainModel.maxOutputTokens",
			main.maxOutputTokens,
			outputTokens,
			(v) => (effective.mainModel.maxOutputTokens = v),
		);
		take<boolean>("mainModel.textToolCalls", main.textToolCalls, bool, (v) => (effective.mainModel.textToolCalls = v));
		// No mainModel.supportsPredictedOutputs: predictions go to the apply model only, and its own
		// setting (always set, default on) decides, so a main-model value would change nothing.
	}
	const apply = saved.applyModel;
	if (apply !== undefined && !isRecord(apply))
		problems.push({ field: "applyModel", message: `Apply model must be an object (saved: ${show(apply)}).` });
	if (isRecord(apply)) {
		take<string>(
			"applyModel.baseUrl",
			apply.baseUrl,
			optionalUrl,
			(v) => (effective.applyModel.baseUrl = v === "" ? undefined : v),
		);
		take<string>("applyModel.model", apply.model, text, (v) => (effective.applyModel.model = v === "" ? undefined : v));
		take<boolean>(
			"applyModel.supportsPredictedOutputs",
			apply.supportsPredictedOutputs,
			bool,
			(v) => (effective.applyModel.supportsPredictedOutputs = v),
		);
		take<number>(
			"applyModel.contextTokens",
			apply.contextTokens,
			contextTokens,
			(v) => (effective.applyModel.contextTokens = v),
		);
		take<number>(
			"applyModel.maxOutputTokens",
			apply.maxOutputTokens,
			outputTokens,
			(v) => (effective.applyModel.maxOutputTokens = v),
		);
	}
	take<RedlineSettings["applyFormat"]>(
		"applyFormat",
		saved.applyFormat,
		(v) => (typeof v === "string" && APPLY_FORMATS.includes(v) ? null : `must be one of ${APPLY_FORMATS.join(", ")}`),
		(v) => (effective.applyFormat = v),
	);
	take<RedlineSettings["editReview"]>(
		"editReview",
		saved.editReview,
		(v) => (typeof v === "string" && EDIT_REVIEWS.includes(v) ? null : `must be one of ${EDIT_REVIEWS.join(", ")}`),
		(v) => (effective.editReview = v),
	);
	const tools = saved.toolDefaults;
	if (tools !== undefined && !isRecord(tools))
		problems.push({ field: "toolDefaults", message: `Tool preferences must be an object (saved: ${show(tools)}).` });
	if (isRecord(tools)) {
		for (const [tool, value] of Object.entries(tools)) {
			take<RedlineSettings["toolDefaults"][string]>(
				`toolDefaults.${tool}`,
				value,
				(v) => (typeof v === "string" && PREFERENCES.includes(v) ? null : `must be one of ${PREFERENCES.join(", ")}`),
				(v) => (effective.toolDefaults[tool] = v),
			);
		}
	}
	take<number>("historySize", saved.historySize, checkWhole(1, 100), (v) => (effective.historySize = v));
	take<number>(
		"maxNoteBytes",
		saved.maxNoteBytes,
		checkWhole(1024, 100 * 1024 * 1024),
		(v) => (effective.maxNoteBytes = v),
	);
	take<number>("stepCap", saved.stepCap, checkWhole(1, 200), (v) => (effective.stepCap = v));
	readBudgetAndPrices(saved, effective, take, problems);
	take<string>(
		"instructionsNote",
		saved.instructionsNote,
		(v) => (typeof v === "string" ? null : "must be text"),
		(v) => (effective.instructionsNote = v),
	);
	take<boolean>(
		"agentsFiles",
		saved.agentsFiles,
		(v) => (typeof v === "boolean" ? null : "must be on or off"),
		(v) => (effective.agentsFiles = v),
	);
	take<number>("searchMemoryMB", saved.searchMemoryMB, checkWhole(10, 4096), (v) => (effective.searchMemoryMB = v));
	take<RedlineSettings["transport"]>(
		"transport",
		saved.transport,
		(v) => (typeof v === "string" && TRANSPORTS.includes(v) ? null : `must be one of ${TRANSPORTS.join(", ")}`),
		(v) => (effective.transport = v),
	);
	return { effective, problems };
}

type Take = <T>(field: string, value: unknown, check: (v: unknown) => string | null, set: (v: T) => void) => void;

/** "Budget per chat" (off unless its amount is above 0) and "Prices" per model (issue 33). */
function readBudgetAndPrices(
	saved: Record<string, unknown>,
	effective: RedlineSettings,
	take: Take,
	problems: SettingsProblem[],
): void {
	const budget = saved.budget;
	if (budget !== undefined && !isRecord(budget))
		problems.push({ field: "budget", message: `Budget per chat must be an object (saved: ${show(budget)}).` });
	if (isRecord(budget)) {
		let unit: "tokens" | "usd" = "tokens";
		let amount = 0;
		take<"tokens" | "usd">(
			"budget.unit",
			budget.unit,
			(v) => (v === "tokens" || v === "usd" ? null : "must be tokens or usd"),
			(v) => (unit = v),
		);
		take<number>(
			"budget.amount",
			budget.amount,
			(v) => (typeof v === "number" && Number.isFinite(v) && v >= 0 ? null : "must be a number, 0 or more"),
			(v) => (amount = v),
		);
		if (amount > 0) effective.budget = { unit, amount };
	}
	const prices = saved.prices;
	if (prices !== undefined && !isRecord(prices))
		problems.push({ field: "prices", message: `Prices must be an object (saved: ${show(prices)}).` });
	if (isRecord(prices)) {
		for (const [model, price] of Object.entries(prices)) {
			take<ModelPrice>(
				`prices.${model}`,
				price,
				(v) =>
					isRecord(v) && validPrice(v as unknown as ModelPrice)
						? null
						: "must be input / cached input / output, in dollars per million tokens",
				(v) => ((effective.prices ??= {})[model] = v),
			);
		}
	}
}

const LABELS: Record<string, string> = {
	"mainModel.baseUrl": "Main model base URL",
	"mainModel.model": "Main model name",
	"mainModel.temperature": "Main model temperature",
	"mainModel.contextTokens": "Main model context window",
	"mainModel.maxOutputTokens": "Main model reply limit",
	"mainModel.textToolCalls": "Text tool calls",
	"applyModel.baseUrl": "Apply model base URL",
	"applyModel.model": "Apply model name",
	"applyModel.supportsPredictedOutputs": "Predicted outputs",
	"applyModel.contextTokens": "Apply model context window",
	"applyModel.maxOutputTokens": "Apply model reply limit",
	applyFormat: "Apply format",
	editReview: "Before an edit is drafted",
	historySize: "History size",
	maxNoteBytes: "Note size limit (bytes)",
	stepCap: "Step cap",
	"budget.unit": "Budget unit",
	"budget.amount": "Budget per chat",
	instructionsNote: "Standing instructions",
	agentsFiles: "Read AGENTS.md files",
	searchMemoryMB: "Search memory on mobile (MB)",
	transport: "Transport",
};

function label(field: string): string {
	if (field.startsWith("toolDefaults.")) return `Default for ${field.slice("toolDefaults.".length)}`;
	if (field.startsWith("prices.")) return `The price of ${field.slice("prices.".length)}`;
	return LABELS[field] ?? field;
}

/** Sets a dotted field in the saved settings (the tab edits one field at a time). */
export function setField(saved: Record<string, unknown>, field: string, value: unknown): void {
	const parts = field.split(".");
	let target = saved;
	for (const part of parts.slice(0, -1)) {
		if (!isRecord(target[part])) target[part] = {};
		target = target[part] as Record<string, unknown>;
	}
	target[parts[parts.length - 1]] = value;
}

/**
 * Reads a dotted field from saved settings, falling back to the default's value (undefined for a
 * tool's default the user did not choose: the tool's own applies, settings-fields.ts shows it).
 */
export function getField(saved: Record<string, unknown>, field: string): unknown {
	let value: unknown = saved;
	let fallback: unknown = DEFAULT_SETTINGS;
	for (const part of field.split(".")) {
		value = isRecord(value) ? value[part] : undefined;
		fallback = isRecord(fallback) ? fallback[part] : undefined;
	}
	return value === undefined ? fallback : value;
}
