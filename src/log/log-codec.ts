/**
 * How a thread's events are written as JSON lines, and read back.
 *
 * Coalescing: consecutive assistant_token events of one message (and likewise consecutive
 * assistant_reasoning events of one form) become ONE line whose text is their concatenation, whose
 * seq is the last one's, and whose `lens` lists each piece's length. A reasoning event with
 * `fromAnswer` is never part of a run (its count is of the message's text before it).
 * Reading expands the line back into the original tokens with their original, contiguous seqs
 * (seq - n + 1 .. seq). So a replayed log holds the same seqs and texts that live subscribers
 * saw: resuming from any nonce, even one in the middle of a coalesced run, gets exactly the
 * tokens after it, and the projection is the same. Only `at` differs: expanded tokens share the
 * time of the last one (no view reads a token's time).
 */
import type { StoredEvent, ThreadEvent } from "./events";

/** Keys every known event type needs, with their typeof (a light check against corrupt lines). */
const REQUIRED: Record<string, Record<string, string>> = {
	thread_created: {},
	thread_renamed: { title: "string" },
	user_message: { messageId: "string", content: "string", pinned: "object" },
	assistant_message_started: { messageId: "string" },
	assistant_token: { messageId: "string", text: "string" },
	assistant_reasoning: { messageId: "string", text: "string" },
	assistant_message_completed: { messageId: "string", finishReason: "string" },
	status: { status: "string" },
	tool_call_proposed: { callId: "string", tool: "string", messageId: "string" },
	tool_call_decided: { callId: "string", decision: "string", by: "string" },
	tool_call_started: { callId: "string" },
	tool_call_progress: { callId: "string", phase: "string" },
	tool_call_completed: { callId: "string", result: "object" },
	tool_preference_set: { tool: "string", preference: "string" },
	question_asked: { askId: "string", callId: "string", questions: "object" },
	question_answered: { askId: "string", answers: "object" },
	edit_intent_declared: { editId: "string", callId: "string", path: "string", operation: "string", description: "string" },
	edit_applied: { path: "string", versionId: "string", added: "number", removed: "number" },
	edit_reverted: { path: "string", versionId: "string", added: "number", removed: "number" },
	item_pinned: { item: "object" },
	item_unpinned: { item: "object" },
	context_compacted: { fromSeq: "number", toSeq: "number", summary: "string" },
	context_limit_reached: { model: "string", limitTokens: "number", stated: "boolean" },
	error: { message: "string", retryable: "boolean" },
};

/** REQUIRED as lists, built once: a long log checks thousands of lines. */
const REQUIRED_ENTRIES = new Map(Object.entries(REQUIRED).map(([type, keys]) => [type, Object.entries(keys)]));

export function isKnownType(type: string): boolean {
	return Object.prototype.hasOwnProperty.call(REQUIRED, type);
}

/** Serializes events (in seq order) as JSON lines, coalescing runs of tokens. */
export function encodeEvents(events: readonly StoredEvent[]): string {
	let out = "";
	let i = 0;
	while (i < events.length) {
		const event = events[i];
		if (!isStreamedText(event) || takesBackAnswer(event)) {
			out += JSON.stringify(event) + "\n";
			i++;
			continue;
		}
		let j = i + 1;
		let text = event.text;
		const lens = [event.text.length];
		let last: ThreadEvent = event;
		for (; j < events.length; j++) {
			const next = events[j];
			if (!isStreamedText(next) || next.type !== event.type || next.messageId !== event.messageId || next.seq !== last.seq + 1 || formOf(next) !== formOf(event) || takesBackAnswer(next)) break;
			text += next.text;
			lens.push(next.text.length);
			last = next;
		}
		out += JSON.stringify(lens.length > 1 ? { ...last, text, lens } : event) + "\n";
		i = j;
	}
	return out;
}

export interface ParsedLog {
	events: StoredEvent[];
	/** One line per skipped line, for the warning. */
	skipped: string[];
}

/** Parses a log; torn, corrupt or out-of-order lines are skipped (and reported), the rest loads. */
export function parseLog(threadId: string, text: string): ParsedLog {
	const events: StoredEvent[] = [];
	const skipped: string[] = [];
	let lastSeq = 0;
	const lines = text.split("\n");
	// A plain loop, and a line's name built only when it is skipped: long logs have many lines.
	const where = (index: number) => `line ${index + 1}`;
	for (let index = 0; index < lines.length; index++) {
		const line = lines[index] ?? "";
		if (line === "" || (line.charCodeAt(0) !== 123 /* { */ && line.trim() === "")) continue;
		let raw: unknown;
		try {
			raw = JSON.parse(line);
		} catch {
			skipped.push(`${where(index)}: not JSON${index === lines.length - 1 ? " (torn last line)" : ""}`);
			continue;
		}
		const problem = checkShape(raw, threadId);
		if (problem) {
			skipped.push(`${where(index)}: ${problem}`);
			continue;
		}
		const record = raw as Record<string, unknown> & { seq: number; type: string };
		if (record.seq <= lastSeq) {
			skipped.push(`${where(index)}: seq ${record.seq} does not follow ${lastSeq}`);
			continue;
		}
		if (isPlainEvent(record)) {
			events.push(record);
			lastSeq = record.seq;
			continue;
		}
		const expanded = expandRecord(record, skipped, where(index));
		const first = expanded[0];
		if (!first || first.seq <= lastSeq) {
			skipped.push(`${where(index)}: seq ${record.seq} does not follow ${lastSeq}`);
			continue;
		}
		for (const event of expanded) events.push(event);
		lastSeq = record.seq;
	}
	return { events, skipped };
}

function checkShape(raw: unknown, threadId: string): string | null {
	if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return "not an object";
	const record = raw as Record<string, unknown>;
	if (typeof record.seq !== "number" || !Number.isInteger(record.seq) || record.seq < 1) return "no valid seq";
	if (typeof record.type !== "string") return "no type";
	if (record.threadId !== threadId) return "belongs to another thread";
	if (typeof record.at !== "string") return "no time";
	const required = REQUIRED_ENTRIES.get(record.type);
	if (!required) return null;
	for (const [key, kind] of required) {
		if (typeof record[key] !== kind || record[key] === null) return `${record.type} without a valid ${key}`;
	}
	if (record.type === "assistant_reasoning" && "fromAnswer" in record) {
		const n = record.fromAnswer;
		// A count that moves text between answer and reasoning: a bad one would garble the message.
		if (typeof n !== "number" || !Number.isInteger(n) || n < 0 || "lens" in record) return "assistant_reasoning without a valid fromAnswer";
	}
	// Optional, and what a card shows when present: a title and a step that are text.
	if (record.type === "tool_call_proposed" && "words" in record && !isToolWords(record.words)) return "tool_call_proposed without valid words";
	return null;
}

function isToolWords(value: unknown): boolean {
	if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
	const { title, active, done } = value as Record<string, unknown>;
	return typeof title === "string" && typeof active === "string" && (done === undefined || typeof done === "string");
}

/**
 * The fast path of parseLog: most lines are exactly one known event, which `expandRecord` would
 * only copy (a copy per line of a 50,000-line log). test/log/log-codec.test.ts pins that both paths
 * give the same events.
 */
export function isPlainEvent(record: Record<string, unknown> & { seq: number; type: string }): record is typeof record & StoredEvent {
	return !("lens" in record) && isKnownType(record.type);
}

/** Any well-shaped line to its events: an unknown type, a coalesced run of tokens, a plain event. */
export function expandRecord(record: Record<string, unknown> & { seq: number; type: string }, skipped: string[], where: string): StoredEvent[] {
	if (!isKnownType(record.type)) return [{ ...record, unknown: true } as StoredEvent];
	const { lens, ...event } = record;
	if (!COALESCED.has(record.type) || lens === undefined) return [event as unknown as StoredEvent];
	const text = record.text as string;
	const valid = Array.isArray(lens) && lens.length > 0 && lens.length <= record.seq
		&& lens.every((n) => typeof n === "number" && Number.isInteger(n) && n >= 0)
		&& (lens as number[]).reduce((a, b) => a + b, 0) === text.length;
	if (!valid) {
		skipped.push(`${where}: token lengths do not match (kept as one token)`);
		return [event as unknown as StoredEvent];
	}
	const tokens: StoredEvent[] = [];
	let offset = 0;
	const first = record.seq - lens.length + 1;
	(lens as number[]).forEach((n, i) => {
		tokens.push({ ...event, seq: first + i, text: text.slice(offset, offset + n) } as unknown as StoredEvent);
		offset += n;
	});
	return tokens;
}

/** A reasoning piece's wire form: pieces of different forms are never one line. */
function formOf(event: ThreadEvent): unknown {
	return (event as { form?: unknown }).form;
}

/**
 * A reasoning event that takes answer text back (fromAnswer) stands on its own line: joined to a
 * run, its count would apply to the wrong piece.
 */
function takesBackAnswer(event: ThreadEvent): boolean {
	return (event as { fromAnswer?: unknown }).fromAnswer !== undefined;
}

/** The event types that stream in small pieces and are coalesced on disk. */
const COALESCED: ReadonlySet<string> = new Set(["assistant_token", "assistant_reasoning"]);

export function isStreamedText(event: StoredEvent): event is ThreadEvent & { type: "assistant_token" | "assistant_reasoning"; messageId: string; text: string } {
	return COALESCED.has(event.type) && !("unknown" in event);
}
