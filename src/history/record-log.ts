/**
 * A note's record as stored (issue 32): writes in proportion to the change. The file is a BASE
 * line, the whole NoteRecord as JSON (what a record was before: a record written before this is a
 * base with nothing after it), followed by APPENDED lines, one per change since the base:
 *
 *   <textHash of the JSON> {"op":"entry","entry":{...},"drop":n}   an entry recorded (then the n oldest dropped)
 *   <textHash of the JSON> {"op":"undo","versionId":"v_…"}         the newest entry taken back (its drops put back)
 *   <textHash of the JSON> {"op":"amend","entry":{...}}            the newest entry rewritten (same versionId)
 *
 * The base's snapshot is the text after its newest entry; the newest text is rebuilt by applying
 * each appended entry's gap and patch forward, and checked against the newest entry's afterHash.
 * Each line checks itself: a last line that fails its check and has no newline after it is an
 * append a crash cut short, and is ignored (the note was not written either: entries are persisted
 * first); the file is then rewritten whole at the next write. Any other line that fails is damage.
 */
import type { NoteRecord, StoredEntry } from "./record";
import { applyInPlace, unapplyInPlace } from "./patch";
import { isEntry, parseRecord } from "./record-check";
import { splitLines, textHash } from "./text";

export type LogOp =
	| { op: "entry"; entry: StoredEntry; drop: number }
	| { op: "undo"; versionId: string }
	| { op: "amend"; entry: StoredEntry };

/** A record's file as read: the record, and what the next save needs to know to append to it. */
export interface StoredRecord {
	record: NoteRecord;
	/** The snapshot as lines, when the replay built them (the caller may keep them, not change them). */
	lines?: string[];
	/** Characters of the base line and of the appended lines. */
	baseSize: number;
	tailSize: number;
	tailLines: number;
	/** Whether a line may be appended as is: the file ends with a newline after intact lines. */
	clean: boolean;
	/** The entries appended since the base and not taken back, oldest first: the ones an undo line may take back. */
	appended: string[];
}

export function encodeOp(op: LogOp): string {
	const body = JSON.stringify(op);
	return `${textHash(body)} ${body}\n`;
}

/** The record stored under noteId (base and appended lines), or why it cannot be used. */
export function parseStored(raw: string, noteId: string): StoredRecord | string {
	const nl = raw.indexOf("\n");
	if (nl === -1 || nl === raw.length - 1) return baseOnly(raw, noteId);
	const base = parseRecord(raw.slice(0, nl), noteId);
	// One JSON value over several lines (written by hand, or by a tool that indents): a base only.
	if (typeof base === "string") return baseOnly(raw, noteId, base);
	const lines = raw.slice(nl + 1).split("\n");
	const ops: LogOp[] = [];
	let clean = raw.endsWith("\n");
	for (let i = 0; i < lines.length; i++) {
		if (i === lines.length - 1 && lines[i] === "") break;
		const op = decodeOp(lines[i]);
		if (op) ops.push(op);
		else if (i === lines.length - 1) clean = false;
		else return `line ${i + 2} of it fails its check`;
	}
	const replayed = replay(base, ops);
	if (typeof replayed === "string") return replayed;
	return { ...replayed, baseSize: nl + 1, tailSize: raw.length - nl - 1, tailLines: ops.length, clean };
}

function baseOnly(raw: string, noteId: string, reason?: string): StoredRecord | string {
	const record = parseRecord(raw, noteId);
	if (typeof record === "string") return reason ?? record;
	// A record written before appended lines ends without a newline: the next save rewrites it.
	return { record, baseSize: raw.length, tailSize: 0, tailLines: 0, clean: raw.endsWith("\n"), appended: [] };
}

function decodeOp(line: string): LogOp | null {
	const space = line.indexOf(" ");
	if (space === -1) return null;
	const body = line.slice(space + 1);
	if (textHash(body) !== line.slice(0, space)) return null;
	let value: unknown;
	try {
		value = JSON.parse(body);
	} catch {
		return null;
	}
	if (typeof value !== "object" || value === null) return null;
	const op = value as Record<string, unknown>;
	if (op.op === "entry" && isEntry(op.entry) && Number.isInteger(op.drop) && (op.drop as number) >= 0)
		return value as LogOp;
	if (op.op === "amend" && isEntry(op.entry)) return value as LogOp;
	if (op.op === "undo" && typeof op.versionId === "string") return value as LogOp;
	return null;
}

/** The base with the ops applied, as the history applied them in memory; why not, when one does not fit. */
function replay(base: NoteRecord, ops: readonly LogOp[]): Pick<StoredRecord, "record" | "lines" | "appended"> | string {
	if (ops.length === 0) return { record: base, appended: [] };
	const entries = base.entries;
	const text = splitLines(base.snapshot);
	const stack: Array<{ versionId: string; dropped: StoredEntry[] }> = [];
	const misfit = (versionId: string) => `the change of version ${versionId} does not fit the text before it`;
	for (const op of ops) {
		if (op.op === "entry") {
			// The gap is the user's typing since the newest entry: there must be one to start from.
			if (entries.length === 0) return `version ${op.entry.versionId} was appended to a history with no entries`;
			if (op.entry.gap && !applyInPlace(op.entry.gap, text)) return misfit(op.entry.versionId);
			if (!applyInPlace(op.entry.patch, text)) return misfit(op.entry.versionId);
			entries.push(op.entry);
			stack.push({ versionId: op.entry.versionId, dropped: entries.splice(0, op.drop) });
			continue;
		}
		const newest = entries[entries.length - 1];
		const id = op.op === "undo" ? op.versionId : op.entry.versionId;
		if (newest?.versionId !== id) return `it takes back version ${id}, which is not its newest`;
		if (!unapplyInPlace(newest.patch, text)) return misfit(id);
		if (op.op === "amend") {
			if (!applyInPlace(op.entry.patch, text)) return misfit(id);
			entries[entries.length - 1] = op.entry;
			continue;
		}
		const appended = stack.pop();
		if (appended?.versionId !== id) return `it takes back version ${id}, which was not appended`;
		if (newest.gap && !unapplyInPlace(newest.gap, text)) return misfit(id);
		entries.pop();
		entries.unshift(...appended.dropped);
	}
	const snapshot = text.join("");
	const newest = entries[entries.length - 1];
	if (newest && textHash(snapshot) !== newest.afterHash)
		return `its text does not match its newest version ${newest.versionId}`;
	return { record: { ...base, snapshot, entries }, lines: text, appended: stack.map((s) => s.versionId) };
}
