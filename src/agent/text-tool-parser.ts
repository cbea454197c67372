/**
 * Reads text tool calls (text-tool-format.ts) out of a reply while it streams. Text outside the
 * tags is handed on as answer text at once, except a tail that could still become a tag
 * ("<tool_" at the end of a chunk), which waits for the next chunk: a tag split across chunks at
 * any offset is still a tag, and tagged text never reaches the answer. A call's body is handed on
 * as it grows (so declareEditIntent can announce its intent while it streams) and once it is
 * closed, with its arguments or with what was wrong with it, in words for the model.
 *
 * The closing tag counts only outside JSON strings, so an argument that contains "</tool_call>"
 * does not cut its call short; if the reply ends inside a call (a string left open, a forgotten
 * closing tag), the first "</tool_call>" anywhere closes it after all, and a body without one is
 * accepted only if it is complete JSON. A model that writes a <tool_response> itself is inventing
 * the result: the rest of its reply is dropped.
 *
 * A tag counts only where the format says a call stands: at the start of a line (only blank space
 * before it there) at the top level of the reply's Markdown, and a `<tool_call>` only when its JSON
 * body follows (after blank space, and a JSON code fence's opening if the model wrote one). A
 * `<tool_call>` the model quotes in a code fence, in inline code or in a block quote (showing a
 * note's example, explaining the format) or mentions in a sentence ("write <tool_call> before the
 * JSON") is text and never runs, and neither does a `<tool_response>` mentioned that way drop the
 * rest of the reply. Where a line starts is judged on the answer text: a call's block is not part
 * of it, so a call may follow another's closing tag directly.
 */
import type { StreamedCall } from "./model-step";
import { parsePartialJson } from "./partial-json";
import { MarkdownPosition } from "../llm/markdown-code";
import { CALL_CLOSE, CALL_OPEN, RESPONSE_OPEN } from "./text-tool-format";

export interface TextCall {
	/** 0, 1, … in the order the calls were written. */
	index: number;
	/** The tool's name, once the body shows it ("" until then). */
	name: string;
	/** The body as written so far: `{"name": …, "arguments": {…}}`. */
	body: string;
	done: boolean;
	/** When done and well-formed: the arguments. */
	args?: Record<string, unknown>;
	/** When done and malformed: what was wrong, written for the model. */
	problem?: string;
}

export interface ParsedText {
	/** Answer text: everything that is not a call. */
	text: string;
	/** Calls that grew or closed in this piece (the same objects each time). */
	calls: TextCall[];
}

const NAME_SO_FAR = /^\s*(?:```\w*\s*)?\{\s*"name"\s*:\s*"((?:[^"\\]|\\.)*)"/;
/** What a call's body opens with: its JSON object, maybe inside a JSON code fence. */
const BODY_OPENS = /^\s*(?:```\w*\s*)?\{/;
/** What could still become that opening: blank space, or a code fence's start. */
const BODY_MAY_OPEN = /^\s*(?:`{1,2}|```\w*\s*)?$/;

export class TextToolCallParser {
	/** Text not handed on yet: a possible tag's start, or the rest of a piece that closed a call. */
	private pending = "";
	private call: (TextCall & { scanned: number; inString: boolean; escaped: boolean }) | null = null;
	private dropped = false;
	private count = 0;
	/** Where the answer text handed on so far leaves the reply's Markdown. */
	private position = new MarkdownPosition();

	/** Forgets everything read so far (it was reasoning after all, see ReasoningSplit's `retracted`). */
	reset(): void {
		this.pending = "";
		this.call = null;
		this.dropped = false;
		this.count = 0;
		this.position = new MarkdownPosition();
	}

	push(piece: string): ParsedText {
		const out: ParsedText = { text: "", calls: [] };
		this.pending += piece;
		for (;;) {
			if (this.dropped) {
				this.pending = "";
				return out;
			}
			if (this.call) {
				if (!this.scanCall(out)) return out;
				continue;
			}
			if (!this.scanText(out)) return out;
		}
	}

	/** The reply ended: a held-back tail is text after all, and an open call is closed as it stands. */
	end(): ParsedText {
		const out: ParsedText = { text: "", calls: [] };
		if (this.call) {
			const call = this.call;
			const close = call.body.indexOf(CALL_CLOSE);
			// Stryker disable next-line EqualityOperator: a body that opens with its closing tag was closed while it streamed
			if (close >= 0) {
				// The first closing tag anywhere: a string the model left open swallowed it.
				const rest = call.body.slice(close + CALL_CLOSE.length);
				this.finish(call, call.body.slice(0, close), true, out);
				const after = this.push(rest);
				out.text += after.text;
				out.calls.push(...after.calls);
				const tail = this.end();
				out.text += tail.text;
				out.calls.push(...tail.calls);
				return out;
			}
			this.finish(call, call.body, false, out);
		}
		// Empty once the rest of the reply was dropped.
		out.text += this.pending;
		// Stryker disable next-line StringLiteral: the parser is not used after end()
		this.pending = "";
		return out;
	}

	/**
	 * Outside a call: hands on text up to the next tag that stands where the format puts one (a tag
	 * in a code fence, in inline code, in a quote or mid-line is the model showing or mentioning it:
	 * text); false when it needs more input, which includes a `<tool_call>` at the start of a line
	 * whose next characters may still open its JSON body.
	 */
	private scanText(out: ParsedText): boolean {
		const text = this.pending;
		for (let at = nextTag(text, 0); at >= 0; at = nextTag(text, at + 1)) {
			const before = this.position.after(text.slice(0, at));
			if (before.place() !== "top" || !before.startsLine()) continue;
			if (text.startsWith(RESPONSE_OPEN, at)) {
				this.handOn(text.slice(0, at), out);
				this.dropped = true;
				return true;
			}
			const body = text.slice(at + CALL_OPEN.length);
			if (BODY_OPENS.test(body)) {
				this.handOn(text.slice(0, at), out);
				this.pending = "";
				this.call = { index: this.count++, name: "", body, done: false, scanned: 0, inString: false, escaped: false };
				return true;
			}
			if (BODY_MAY_OPEN.test(body)) {
				this.handOn(text.slice(0, at), out);
				this.pending = text.slice(at);
				return false;
			}
		}
		const keep = heldBack(text);
		this.handOn(text.slice(0, text.length - keep), out);
		this.pending = text.slice(text.length - keep);
		return false;
	}

	private handOn(text: string, out: ParsedText): void {
		this.position.feed(text);
		out.text += text;
	}

	/** Inside a call: looks for its closing tag outside JSON strings; false when it needs more input. */
	private scanCall(out: ParsedText): boolean {
		const call = this.call!;
		call.body += this.pending;
		this.pending = "";
		const body = call.body;
		let i = call.scanned;
		for (; i < body.length; i++) {
			const ch = body[i];
			if (call.inString) {
				if (call.escaped) call.escaped = false;
				else if (ch === "\\") call.escaped = true;
				else if (ch === '"') call.inString = false;
				continue;
			}
			if (ch === '"') {
				call.inString = true;
				continue;
			}
			// Stryker disable next-line ConditionalExpression: a speed-only skip; no tag starts with another character
			if (ch !== "<") continue;
			if (body.startsWith(CALL_CLOSE, i)) {
				this.finish(call, body.slice(0, i), true, out);
				this.pending = body.slice(i + CALL_CLOSE.length);
				return true;
			}
			if (body.startsWith(CALL_OPEN, i)) {
				// A new call before this one was closed: this one ends here.
				this.finish(call, body.slice(0, i), false, out);
				this.pending = body.slice(i);
				return true;
			}
			if (body.startsWith(RESPONSE_OPEN, i)) {
				// A result the model makes up for its own call: the call ends here, the rest is dropped.
				this.finish(call, body.slice(0, i), false, out);
				this.dropped = true;
				// Stryker disable next-line BooleanLiteral: either way push() stops; pending is already empty
				return true;
			}
			// Possibly a tag split across pieces: wait for the rest of it. (The length test only saves
			// copying: a longer rest is no tag's proper start.)
			// Stryker disable next-line ConditionalExpression,EqualityOperator: the length test is speed-only
			if (body.length - i < RESPONSE_OPEN.length) {
				const rest = body.slice(i);
				// Stryker disable next-line ConditionalExpression: breaking early only waits for more input; the scan resumes here
				if (CALL_CLOSE.startsWith(rest) || CALL_OPEN.startsWith(rest) || RESPONSE_OPEN.startsWith(rest)) break;
			}
		}
		call.scanned = i;
		if (!call.name) call.name = nameSoFar(body);
		out.calls.push(call);
		return false;
	}

	private finish(call: TextCall, body: string, closed: boolean, out: ParsedText): void {
		this.call = null;
		Object.assign(call, interpretBody(body, closed), { body, done: true });
		// A call that closes in the piece that grew it is reported once (scanCall reports it only when it waits).
		out.calls.push(call);
	}
}

/** The index of the next call or result tag in `text` from `from`, or -1. */
function nextTag(text: string, from: number): number {
	const open = text.indexOf(CALL_OPEN, from);
	const response = text.indexOf(RESPONSE_OPEN, from);
	if (open < 0) return response;
	return response < 0 ? open : Math.min(open, response);
}

/** Length of the longest tail of text that could still grow into a tag. */
function heldBack(text: string): number {
	// Stryker disable next-line ArithmeticOperator: a longer tail than a tag's proper start never matches
	const longest = Math.min(text.length, Math.max(CALL_OPEN.length, RESPONSE_OPEN.length) - 1);
	// Stryker disable next-line EqualityOperator: the empty tail would give 0 as well
	for (let n = longest; n > 0; n--) {
		const tail = text.slice(text.length - n);
		if (CALL_OPEN.startsWith(tail) || RESPONSE_OPEN.startsWith(tail)) return n;
	}
	return 0;
}

function nameSoFar(body: string): string {
	const match = NAME_SO_FAR.exec(body);
	if (!match) return "";
	const written = match[1];
	try {
		return JSON.parse(`"${written}"`) as string;
	} catch {
		// An escape JSON does not know ("\q"): no name yet.
		return "";
	}
}

const FORM = `<tool_call>{"name": "<tool name>", "arguments": {…}}</tool_call>`;

/** What a finished body means: the call's name and arguments, or what is wrong with it. */
export function interpretBody(
	body: string,
	closed: boolean,
): { name: string; args?: Record<string, unknown>; problem?: string } {
	// A JSON code fence around the body is the model's habit, not an error.
	// Stryker disable next-line MethodExpression: JSON.parse and NAME_SO_FAR both allow the blank space the last trim removes
	const json = body
		.trim()
		.replace(/^```\w*\s*\n?/, "")
		.replace(/\n?\s*```$/, "")
		.trim();
	const guessed = nameSoFar(json);
	const call = guessed ? `${guessed} call` : "tool call";
	let parsed: unknown;
	try {
		parsed = JSON.parse(json);
	} catch (error) {
		const why = error instanceof Error ? error.message : String(error);
		const problem = closed
			? `Your ${call} is not valid JSON (${why}). Write it again as ${FORM}.`
			: `Your ${call} was cut off or not closed with ${CALL_CLOSE}. Write it again as ${FORM}.`;
		return { name: guessed, problem };
	}
	if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) {
		return {
			name: guessed,
			problem: `Your tool call must hold one JSON object with "name" and "arguments". Write it again as ${FORM}.`,
		};
	}
	const record = parsed as Record<string, unknown>;
	if (typeof record.name !== "string" || record.name.trim() === "") {
		return { name: "", problem: `Your tool call has no "name". Write it again as ${FORM}.` };
	}
	const name = record.name.trim();
	// "parameters" is how Llama models name them.
	let args: unknown = record.arguments ?? record.parameters ?? {};
	// Stryker disable next-line ConditionalExpression: JSON.parse of an object or number gives it back or throws (kept as it was)
	if (typeof args === "string") {
		try {
			args = JSON.parse(args) as unknown;
		} catch {
			// reported below
		}
	}
	if (args === null || typeof args !== "object" || Array.isArray(args)) {
		return { name, problem: `The "arguments" of your ${name} call must be a JSON object. Write it again as ${FORM}.` };
	}
	return { name, args: args as Record<string, unknown> };
}

/** The arguments certain so far in a streaming body (complete values only, see partial-json.ts). */
export function partialTextArgs(body: string): Record<string, unknown> {
	const partial = parsePartialJson(body.replace(/^\s*```\w*\s*/, ""));
	const args = partial.arguments ?? partial.parameters;
	return args !== null && typeof args === "object" && !Array.isArray(args) ? (args as Record<string, unknown>) : {};
}

/**
 * A text call as the model step keeps every call: once done, its arguments as JSON text (what a
 * native call's deltas add up to), or, when malformed, the body as written and what was wrong.
 */
export function updateFromText(call: StreamedCall, text: TextCall): void {
	call.name = text.name;
	// Stryker disable next-line ConditionalExpression: argsText is read only once the call is done, and set again then
	if (!text.done) return;
	call.argsText = text.args ? JSON.stringify(text.args) : text.body.trim();
	// Stryker disable next-line ConditionalExpression: malformed undefined is the same as absent to every reader
	if (text.problem !== undefined) call.malformed = text.problem;
}
