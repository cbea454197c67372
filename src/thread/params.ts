/**
 * Checks of the parameters the service receives. They may come from an HTTP client, so nothing
 * is trusted: each check is a type guard, and `fail` builds the error the service answers.
 */
import type { EditSelection, PinnedItem, ToolPreference } from "../log/events";
import type { ServiceError, ServiceErrorCode } from "./service-api";

const ID = /^[A-Za-z0-9_-]{1,80}$/;

export function isRecord(value: unknown): value is Record<string, unknown> {
	return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Thread ids name store keys, so only plain id characters are accepted. */
export function isThreadId(value: unknown): value is string {
	return typeof value === "string" && ID.test(value);
}

export function isStringArray(value: unknown): value is string[] {
	return Array.isArray(value) && value.every((item) => typeof item === "string");
}

export function isPreference(value: unknown): value is ToolPreference {
	return value === "prompt" || value === "always" || value === "never";
}

const PINNED_KEYS = ["path", "handle", "folder", "tag", "backlinksOf", "linksFrom"];

/** An edit in place's passage: a note, whole-number offsets in order, and the text between them. */
export function isSelection(value: unknown): value is EditSelection {
	if (!isRecord(value)) return false;
	const { path, from, to, text } = value;
	return (
		typeof path === "string" &&
		path.trim() !== "" &&
		Number.isInteger(from) &&
		Number.isInteger(to) &&
		typeof text === "string" &&
		(from as number) >= 0 &&
		(to as number) - (from as number) === text.length
	);
}

export function isPinnedItem(value: unknown): value is PinnedItem {
	if (!isRecord(value)) return false;
	// scope is optional: "message" (the next message only) or "chat" (kept); absent means kept.
	const { scope, ...rest } = value;
	if (scope !== undefined && scope !== "message" && scope !== "chat") return false;
	const keys = Object.keys(rest);
	if (keys.length !== 1) return false;
	if (!PINNED_KEYS.includes(keys[0])) return false;
	const target = rest[keys[0]];
	// A folder chip may name the vault's root ("").
	return typeof target === "string" && (keys[0] === "folder" || target.trim() !== "");
}

/** The `{ ok: false }` answer of a service method. */
export function fail(code: ServiceErrorCode, message: string): { ok: false; error: ServiceError } {
	return { ok: false, error: { code, message } };
}
