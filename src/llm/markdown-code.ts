/**
 * Where a piece of a model's reply stands in its Markdown: inside a fenced code block, an inline
 * code span or a block quote, or at the top level, and whether it starts its line. Markup that a
 * reader of model output acts on (a bare `</think>`, a `<tool_call>`, a `<tool_response>`) counts
 * only at the top level and at the start of a line, where the formats put it: a tag the model
 * quotes, shows in code or mentions in a sentence is text. Fed as the reply streams, so that a tag
 * is judged by what stands before it (each reader adds what must follow it).
 *
 * Deliberately simpler than CommonMark, and on the safe side: a backtick run opens an inline span
 * until a run of the same length closes it on the same line (an unclosed one counts as open, so a
 * tag after a stray backtick is text); fences open on a line that starts (after up to three
 * spaces) with three or more backticks or tildes, and close on a line of at least as many of the
 * same character and nothing else. Indented code blocks are not recognised.
 */

export type Place = "top" | "fence" | "inline" | "quote";

export class MarkdownPosition {
	/** The open fence: its character and length. */
	private fence: { char: string; length: number } | null = null;
	/** The current line so far (after the last newline). */
	private line = "";

	/** Moves past `text`. */
	feed(text: string): void {
		let start = 0;
		for (let nl = text.indexOf("\n"); nl >= 0; nl = text.indexOf("\n", start)) {
			this.line += text.slice(start, nl);
			this.endLine();
			start = nl + 1;
		}
		this.line += text.slice(start);
	}

	/** A copy moved past `text` as well (this one is not moved): where a tag after `text` would stand. */
	after(text: string): MarkdownPosition {
		const probe = new MarkdownPosition();
		probe.fence = this.fence;
		probe.line = this.line;
		probe.feed(text);
		return probe;
	}

	/** Where the end of what was fed, followed by `text`, stands (nothing is consumed). */
	placeAfter(text: string): Place {
		return this.after(text).place();
	}

	/** Whether only blank space (or nothing) stands before the end of what was fed on its line. */
	startsLine(): boolean {
		return /^[ \t]*$/.test(this.line);
	}

	/** Where the end of what was fed stands. */
	place(): Place {
		if (this.fence) return "fence";
		if (fenceOpening(this.line)) return "fence";
		if (/^ {0,3}>/.test(this.line)) return "quote";
		return openInlineRun(this.line) > 0 ? "inline" : "top";
	}

	private endLine(): void {
		const line = this.line;
		this.line = "";
		if (this.fence) {
			const close = /^ {0,3}(`{3,}|~{3,})[ \t]*\r?$/.exec(line);
			if (close && close[1][0] === this.fence.char && close[1].length >= this.fence.length) this.fence = null;
			return;
		}
		this.fence = fenceOpening(line);
	}
}

/** The fence a line opens, if it opens one. */
function fenceOpening(line: string): { char: string; length: number } | null {
	// The info string is the rest of the line, whatever it holds (a CRLF reply's "\r" included).
	const match = /^ {0,3}(`{3,}|~{3,})(.*)/s.exec(line);
	if (!match) return null;
	// A backtick fence's info string cannot hold a backtick (CommonMark): "```x```" is inline code.
	if (match[1][0] === "`" && match[2].includes("`")) return null;
	return { char: match[1][0], length: match[1].length };
}

/** The length of the backtick run that opened an inline code span still open at the line's end (0: none). */
function openInlineRun(line: string): number {
	let open = 0;
	for (const [run] of line.matchAll(/`+/g)) {
		if (open === 0) open = run.length;
		else if (run.length === open) open = 0;
	}
	return open;
}

/**
 * The index of the first `tag` at or after `start` that stands at the top level of `text` and
 * fits `fits` (given the position before the tag, and its index), or -1.
 */
export function topLevelIndexOf(
	text: string,
	tag: string,
	start = 0,
	fits: (position: MarkdownPosition, at: number) => boolean = () => true,
): number {
	const position = new MarkdownPosition();
	let fed = 0;
	for (let at = text.indexOf(tag, start); at >= 0; at = text.indexOf(tag, at + 1)) {
		position.feed(text.slice(fed, at));
		fed = at;
		if (position.place() === "top" && fits(position, at)) return at;
	}
	return -1;
}
