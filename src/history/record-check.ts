/**
 * Checks on what the history reads back from the Store. A torn write, a hand edit or a sync
 * conflict can leave a file that is not JSON, not a record, or whose text no longer matches its
 * hashes; such a file must never be used to write or revert a note (it is set aside instead).
 */
import type { NoteRecord } from "./record";
import { textHash } from "./text";

/** The record stored under noteId, or why it cannot be used. */
export function parseRecord(raw: string, noteId: string): NoteRecord | string {
	let value: unknown;
	try {
		value = JSON.parse(raw);
	} catch {
		return "it is not valid JSON, perhaps a write that was cut short";
	}
	if (
		!isObject(value) ||
		(value.v !== 1 && value.v !== 2) ||
		value.noteId !== noteId ||
		typeof value.path !== "string" ||
		typeof value.snapshot !== "string" ||
		!Array.isArray(value.entries)
	) {
		return "it is not a Redline history record";
	}
	if (!value.entries.every(isEntry)) return "one of its entries is malformed";
	const record = value as unknown as NoteRecord;
	const newest = record.entries[record.entries.length - 1];
	if (newest && textHash(record.snapshot) !== newest.afterHash)
		return `its text does not match its newest version ${newest.versionId}`;
	return record;
}

/** The index (note path → note id), or null when it is not one. */
export function parseIndex(raw: string): Record<string, string> | null {
	let value: unknown;
	try {
		value = JSON.parse(raw);
	} catch {
		return null;
	}
	if (!isObject(value) || Array.isArray(value)) return null;
	for (const id of Object.values(value)) if (typeof id !== "string") return null;
	return value as Record<string, string>;
}

function isObject(value: unknown): value is Record<string, unknown> {
	return typeof value === "object" && value !== null;
}

const KINDS = new Set(["edit", "create", "revert", "delete", "move"]);

export function isEntry(value: unknown): boolean {
	if (!isObject(value)) return false;
	const strings = ["versionId", "at", "description", "beforeHash", "afterHash"].every(
		(key) => typeof value[key] === "string",
	);
	return (
		strings &&
		KINDS.has(value.kind as string) &&
		typeof value.added === "number" &&
		typeof value.removed === "number" &&
		isPatch(value.patch) &&
		(value.gap === undefined || isPatch(value.gap)) &&
		(value.reverts === undefined ||
			(Array.isArray(value.reverts) && value.reverts.every((id) => typeof id === "string"))) &&
		isEditRefs(value.revertedEdits) &&
		isEditRefs(value.restoredEdits) &&
		isMoveMark(value.move) &&
		(value.notRestored === undefined ||
			(Array.isArray(value.notRestored) && value.notRestored.every((path) => typeof path === "string")))
	);
}

function isMoveMark(value: unknown): boolean {
	if (value === undefined) return true;
	return (
		isObject(value) &&
		typeof value.from === "string" &&
		typeof value.to === "string" &&
		Array.isArray(value.links) &&
		value.links.every((link) => isObject(link) && typeof link.path === "string" && typeof link.versionId === "string")
	);
}

function isEditRefs(value: unknown): boolean {
	if (value === undefined) return true;
	return (
		Array.isArray(value) &&
		value.every((ref) => isObject(ref) && ["threadId", "editId", "undid"].every((key) => typeof ref[key] === "string"))
	);
}

function isPatch(value: unknown): boolean {
	if (!isObject(value) || !Array.isArray(value.hunks)) return false;
	return value.hunks.every(
		(hunk: unknown) =>
			isObject(hunk) &&
			["oldStart", "oldLines", "newStart", "newLines"].every(
				(key) => Number.isInteger(hunk[key]) && (hunk[key] as number) >= 0,
			) &&
			Array.isArray(hunk.lines) &&
			hunk.lines.every((line) => typeof line === "string"),
	);
}
