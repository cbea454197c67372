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
import { nextTurn, SLICE_MS } from "./slices";
import type * as z from "zod/mini";
import { EVENT_SCHEMAS, toolWordsSchema } from "./event-schemas";
import type { StoredEvent, ThreadEvent } from "./events";

/**
 * Each known type's required keys with their typeof, derived once from its schema: the light
 * check a line passes to load as that type (null is refused too). Not a full parse: a 50,000-line
 * log is read at open, and a full parse would refuse what a newer Redline may write into a known
 * event (a status value, a field's new form) where this keeps it. Optional keys are not checked,
 * so older logs load; fromAnswer, which moves text, and a call's words, which a card shows, are
 * checked on their own (checkShape).
 */
const REQUIRED: ReadonlyMap<string, ReadonlyArray<readonly [key: string, kind: string]>> = new Map(
	Object.entries(EVENT_SCHEMAS).map(([type, schema]) => [type, requiredKeys(type, schema)]),
);

export function isKnownType(type: string): boolean {
	return REQUIRED.has(type);
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
			if (
				!isStreamedText(next) ||
				next.type !== event.type ||
				next.messageId !== event.messageId ||
				next.seq !== last.seq + 1 ||
				formOf(next) !== formOf(event) ||
				takesBackAnswer(next)
			)
				break;
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
	const parser = new LogParser(threadId, text);
	while (parser.next());
	return parser.result();
}

/**
 * parseLog over a log read in pieces (src/log/log-bytes.ts), in slices: each piece whole lines,
 * the last one whatever follows the last newline (a torn line, or nothing). Same result as
 * parseLog of the pieces joined.
 */
export class PieceParser {
	private readonly parser: LogParser;
	/**
	 * When the current slice started: at the last yield, across pieces. Pieces that each parse
	 * within a slice came one after the other without a yield when their reads resolved at once
	 * (a log read whole, from memory: 100-190 ms freezes on a 70 MB log).
	 */
	private sliceStart = Date.now();

	constructor(threadId: string) {
		this.parser = new LogParser(threadId);
	}

	/** Parses a piece; returns the events it held (its lines' events, in order). */
	async add(text: string, final: boolean): Promise<StoredEvent[]> {
		const parser = this.parser;
		parser.feed(text, final);
		// The piece's read and decode count toward the slice too.
		if (Date.now() - this.sliceStart >= SLICE_MS) await this.yieldNow();
		let more = true;
		while (more) {
			// Lines until a slice has run its time (checked every 64 lines: Date.now is not free).
			for (let n = 0; more; n++) {
				more = parser.next();
				if ((n & 63) === 63 && Date.now() - this.sliceStart >= SLICE_MS) break;
			}
			if (more) await this.yieldNow();
		}
		return parser.take();
	}

	private async yieldNow(): Promise<void> {
		await nextTurn();
		this.sliceStart = Date.now();
	}

	/** The lines skipped so far, for the warning. */
	skipped(): string[] {
		return this.parser.result().skipped;
	}
}

/**
 * Reads a log line by line (without splitting a long text into an array of lines first), from
 * one text or from pieces fed in turn (each whole lines but the final one).
 */
class LogParser {
	private readonly events: StoredEvent[] = [];
	private readonly skipped: string[] = [];
	private lastSeq = 0;
	private index = 0;
	private text = "";
	private at = 0;
	private final = true;

	constructor(
		private readonly threadId: string,
		text = "",
	) {
		this.text = text;
	}

	/** The next piece: whole lines, or (final) the rest of the log. */
	feed(text: string, final: boolean): void {
		this.text = text;
		this.at = 0;
		this.final = final;
	}

	/** Parses the next line; false once the text (or the piece) has none left. */
	next(): boolean {
		const text = this.text;
		if (this.at > text.length || (!this.final && this.at === text.length)) return false;
		let end = text.indexOf("\n", this.at);
		const last = end < 0;
		if (last) end = text.length;
		const line = text.slice(this.at, end);
		this.at = end + 1;
		const index = this.index++;
		this.parseLine(line, index, last && this.final);
		return !last && (this.final || this.at < text.length);
	}

	/** The events parsed since the last take (the parser keeps none of them). */
	take(): StoredEvent[] {
		return this.events.splice(0, this.events.length);
	}

	result(): ParsedLog {
		return { events: this.events, skipped: this.skipped };
	}

	private parseLine(line: string, index: number, last: boolean): void {
		if (line === "" || (line.charCodeAt(0) !== 123 /* { */ && line.trim() === "")) return;
		let raw: unknown;
		try {
			raw = JSON.parse(line);
		} catch {
			this.skipped.push(`${where(index)}: not JSON${last ? " (torn last line)" : ""}`);
			return;
		}
		const problem = checkShape(raw, this.threadId);
		if (problem) {
			this.skipped.push(`${where(index)}: ${problem}`);
			return;
		}
		const record = raw as Record<string, unknown> & { seq: number; type: string };
		if (record.seq <= this.lastSeq) {
			this.skipped.push(`${where(index)}: seq ${record.seq} does not follow ${this.lastSeq}`);
			return;
		}
		if (isPlainEvent(record)) {
			this.events.push(record);
			this.lastSeq = record.seq;
			return;
		}
		const expanded = expandRecord(record, this.skipped, where(index));
		const first = expanded[0];
		if (!first || first.seq <= this.lastSeq) {
			this.skipped.push(`${where(index)}: seq ${record.seq} does not follow ${this.lastSeq}`);
			return;
		}
		for (const event of expanded) this.events.push(event);
		this.lastSeq = record.seq;
	}
}

/**
 * A line's name, built only when it is skipped: long logs have many lines. A function of the
 * module, not a closure per line (a closure per line cost 70 ms of a 90,000-line open under tsx,
 * which names each one it creates).
 */
function where(index: number): string {
	return `line ${index + 1}`;
}

function checkShape(raw: unknown, threadId: string): string | null {
	if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return "not an object";
	const record = raw as Record<string, unknown>;
	if (typeof record.seq !== "number" || !Number.isInteger(record.seq) || record.seq < 1) return "no valid seq";
	if (typeof record.type !== "string") return "no type";
	if (record.threadId !== threadId) return "belongs to another thread";
	if (typeof record.at !== "string") return "no time";
	const required = REQUIRED.get(record.type);
	if (!required) return null;
	for (const [key, kind] of required) {
		if (typeof record[key] !== kind || record[key] === null) return `${record.type} without a valid ${key}`;
	}
	if (record.type === "assistant_reasoning" && "fromAnswer" in record) {
		const n = record.fromAnswer;
		// A count that moves text between answer and reasoning: a bad one would garble the message.
		if (typeof n !== "number" || !Number.isInteger(n) || n < 0 || "lens" in record)
			return "assistant_reasoning without a valid fromAnswer";
	}
	// Optional, and what a card shows when present: checked against its schema (a few small strings).
	if (record.type === "tool_call_proposed" && "words" in record && !toolWordsSchema.safeParse(record.words).success)
		return "tool_call_proposed without valid words";
	return null;
}

/**
 * The fast path of parseLog: most lines are exactly one known event, which `expandRecord` would
 * only copy (a copy per line of a 50,000-line log). test/log/log-codec.test.ts pins that both paths
 * give the same events.
 */
export function isPlainEvent(
	record: Record<string, unknown> & { seq: number; type: string },
): record is typeof record & StoredEvent {
	return !("lens" in record) && isKnownType(record.type);
}

/** Any well-shaped line to its events: an unknown type, a coalesced run of tokens, a plain event. */
export function expandRecord(
	record: Record<string, unknown> & { seq: number; type: string },
	skipped: string[],
	where: string,
): StoredEvent[] {
	if (!isKnownType(record.type)) return [{ ...record, unknown: true } as StoredEvent];
	const { lens, ...event } = record;
	if (!COALESCED.has(record.type) || lens === undefined) return [event as unknown as StoredEvent];
	const text = record.text as string;
	const valid =
		Array.isArray(lens) &&
		lens.length > 0 &&
		lens.length <= record.seq &&
		lens.every((n) => typeof n === "number" && Number.isInteger(n) && n >= 0) &&
		(lens as number[]).reduce((a, b) => a + b, 0) === text.length;
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

export function isStreamedText(
	event: StoredEvent,
): event is ThreadEvent & { type: "assistant_token" | "assistant_reasoning"; messageId: string; text: string } {
	return COALESCED.has(event.type) && !("unknown" in event);
}

/** A schema's required keys with the typeof of their values (a key of unknown value is not checked). */
function requiredKeys(type: string, schema: z.ZodMiniObject): Array<[string, string]> {
	const keys: Array<[string, string]> = [];
	for (const [key, value] of Object.entries(schema._zod.def.shape)) {
		if (value._zod.optin === "optional") continue;
		const kind = typeOf(value, `${type}.${key}`);
		if (kind !== undefined) keys.push([key, kind]);
	}
	return keys;
}

/**
 * The typeof every value of the schema has, or undefined for a value that may be anything. A kind
 * of schema it does not know is an error naming it (at load, and so in every test), never a guess.
 */
function typeOf(schema: z.core.$ZodType, at: string): string | undefined {
	const def = schema._zod.def;
	switch (def.type) {
		case "string":
		case "number":
		case "boolean":
			return def.type;
		case "object":
		case "array":
		case "record":
			return "object";
		case "unknown":
			return undefined;
		case "enum":
		case "literal":
			return sameKind(
				[...(schema._zod.values ?? [])].map((value) => typeof value),
				at,
			);
		case "union":
			return sameKind(
				(def as z.core.$ZodUnionDef).options.map((option, i) => typeOf(option, `${at}|${i}`) ?? "unknown"),
				at,
			);
		default:
			throw new Error(`The log codec cannot check ${at}, a ${def.type} schema: give it a case in log-codec.ts typeOf`);
	}
}

function sameKind(kinds: readonly string[], at: string): string {
	const [kind] = kinds;
	if (kind === undefined || kind === "unknown" || kinds.some((k) => k !== kind))
		throw new Error(`The log codec cannot check ${at}: its values are not of one typeof`);
	return kind;
}
