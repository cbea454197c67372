/**
 * The note text the model had seen when it wrote a reply: a link in the reply whose URL carries
 * some of it is flagged before it opens. Pure, from the thread state, every successful result up to
 * the reply (the reply's own calls included) of:
 * - readNote: the text read, this turn's and earlier turns' alike. An earlier read is still in the
 *   model's view (a pinned note's last read stays there for good), or in the summary that replaced
 *   it, so its words can be in any later reply;
 * - searchNotes: each hit's excerpt (its matching lines), under its note's path; a result without
 *   its hits as data counts whole, named by its query;
 * - findNotes: the property values it showed, each note's under its path (paths, tags and dates
 *   are the vault's names, not its text).
 */
import type { ThreadState, ToolCallView } from "../../log/state";
import type { ToolResult } from "../../log/tool-result";

export interface NoteRead {
	path: string;
	text: string;
}

const NONE: NoteRead[] = [];

/** Per result: the state keeps a finished call's result as the same object, so links.ts's work on it is kept too. */
const seenIn = new WeakMap<ToolResult, NoteRead[]>();

export function notesSeenBy(state: ThreadState, messageId: string): NoteRead[] {
	// An unknown reply (index -1) has seen nothing.
	const index = state.messages.findIndex((message) => message.messageId === messageId);
	const seen: NoteRead[] = [];
	for (let i = 0; i <= index; i++) {
		const message = state.messages[i];
		if (message?.kind !== "assistant") continue;
		for (const callId of message.toolCallIds) {
			const call = state.toolCalls[callId];
			if (call?.result?.status === "success") seen.push(...notesIn(call, call.result));
		}
	}
	return seen;
}

function notesIn(call: ToolCallView, result: ToolResult): NoteRead[] {
	let notes = seenIn.get(result);
	if (notes === undefined) {
		notes =
			call.tool === "readNote"
				? [{ path: result.path ?? stringArg(call.args, "path") ?? "a note", text: result.message }]
				: call.tool === "searchNotes"
					? searchExcerpts(call, result)
					: call.tool === "findNotes"
						? propertyValues(result)
						: NONE;
		seenIn.set(result, notes);
	}
	return notes;
}

/** Each hit's lines under its path (the data the UI gets); the whole result when they are not there. */
function searchExcerpts(call: ToolCallView, result: ToolResult): NoteRead[] {
	const hits = result.data?.hits;
	if (!Array.isArray(hits))
		return [{ path: `the search for ${JSON.stringify(stringArg(call.args, "query") ?? "")}`, text: result.message }];
	return hits.flatMap((hit: unknown): NoteRead[] => {
		if (typeof hit !== "object" || hit === null) return [];
		const { path, lines } = hit as { path?: unknown; lines?: unknown };
		if (typeof path !== "string" || !Array.isArray(lines)) return [];
		const text = lines
			.map((line: unknown) =>
				typeof line === "object" && line !== null && typeof (line as { snippet?: unknown }).snippet === "string"
					? (line as { snippet: string }).snippet
					: "",
			)
			.join("\n");
		return [{ path, text }];
	});
}

/** Each found note's property values, under its path. */
function propertyValues(result: ToolResult): NoteRead[] {
	const notes = result.data?.notes;
	if (!Array.isArray(notes)) return NONE;
	return notes.flatMap((note: unknown): NoteRead[] => {
		if (typeof note !== "object" || note === null) return [];
		const { path, property } = note as { path?: unknown; property?: { values?: unknown } };
		const values = property?.values;
		if (typeof path !== "string" || !Array.isArray(values) || values.length === 0) return [];
		return [{ path, text: values.map(String).join("\n") }];
	});
}

function stringArg(args: unknown, name: string): string | undefined {
	const value = typeof args === "object" && args !== null ? (args as Record<string, unknown>)[name] : undefined;
	return typeof value === "string" ? value : undefined;
}

/** Two lists name the same notes (so a memoized message does not render again for a new array). */
export function sameReads(a: readonly NoteRead[], b: readonly NoteRead[]): boolean {
	return (
		a.length === b.length &&
		a.every((read, i) => read === b[i] || (read.path === b[i]?.path && read.text === b[i]?.text))
	);
}
