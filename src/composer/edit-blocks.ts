/**
 * The edit-block format a `modify` asks the apply model for (documented in docs/protocol.md), and
 * its streaming parser. A block is
 *
 *     <<<<<<< SEARCH
 *     exact lines of the current note
 *     =======
 *     the lines that replace them
 *     >>>>>>> REPLACE
 *
 * Text outside blocks (chatter, code fences around them) is ignored. The parser reads the reply
 * line by line as it streams, so a chunk boundary can fall anywhere (inside a marker, between \r
 * and \n), and hands over each block as soon as its REPLACE marker line ends: the edit card counts
 * blocks while they arrive, and the composer can check each one against the note at once.
 *
 * Marker lines are the three lines above exactly, trailing whitespace allowed. A note can hold
 * marker-looking lines itself (a code block explaining merge conflicts, a setext underline), so by
 * default a code fence that opens inside a block's SEARCH or REPLACE guards the lines up to its
 * closing fence: they are content. When a SEARCH starts inside a code block of the note (its
 * closing fence comes without the opening one) the guard is wrong; the composer then tries the
 * unguarded reading (`guardFences: false`) as well, and only a reading whose blocks apply is used.
 * Anything else that is not a well-formed block is refused: a stray marker, a block without its
 * divider, a block left open when the reply ends (cut off).
 */

export const SEARCH_MARKER = "<<<<<<< SEARCH";
export const DIVIDER_MARKER = "=======";
export const REPLACE_MARKER = ">>>>>>> REPLACE";

export interface EditBlock {
	/** Lines of the note the block replaces, without line endings; [] for an empty SEARCH. */
	search: string[];
	/** The lines that replace them; [] deletes them. */
	replace: string[];
	/** 1-based line of the reply where the block's SEARCH marker is (for messages). */
	line: number;
}

export type BlockParseFailure = "no-blocks" | "malformed" | "cut-off";

export type BlockParse =
	| { ok: true; blocks: EditBlock[] }
	| {
			ok: false;
			reason: BlockParseFailure;
			message: string;
			/** The blocks complete before the failure. */ blocks: EditBlock[];
	  };

export interface BlockParserOptions {
	/** Marker-looking lines inside a code fence opened within a block are content (default true). */
	guardFences?: boolean;
}

type Marker = "search" | "divider" | "replace";

const FENCE = /^[ \t]{0,3}(`{3,}|~{3,})(.*)$/;

function markerOf(line: string): Marker | undefined {
	const trimmed = line.trimEnd();
	if (trimmed === SEARCH_MARKER) return "search";
	if (trimmed === DIVIDER_MARKER) return "divider";
	if (trimmed === REPLACE_MARKER) return "replace";
	return undefined;
}

export class EditBlockParser {
	private readonly guardFences: boolean;
	/** The part of the reply after the last line end. */
	private partial = "";
	private lineNumber = 0;
	private state: "outside" | "search" | "replace" = "outside";
	private current: EditBlock | undefined;
	/** The opening fence of a code block inside the current section, if one is open. */
	private fence: string | null = null;
	private readonly done: EditBlock[] = [];
	private failure: { reason: BlockParseFailure; message: string } | undefined;

	constructor(options: BlockParserOptions = {}) {
		this.guardFences = options.guardFences ?? true;
	}

	/** Whether the reply is already known to be malformed (nothing more will be handed over). */
	get failed(): boolean {
		return this.failure !== undefined;
	}

	/** Blocks complete so far. */
	get blocks(): readonly EditBlock[] {
		return this.done;
	}

	/** Feeds the next piece of the reply; returns the blocks it completed. */
	push(chunk: string): EditBlock[] {
		if (this.failure) return [];
		const completed: EditBlock[] = [];
		let text = this.partial + chunk;
		let newline = text.indexOf("\n");
		while (newline !== -1 && !this.failure) {
			const line = text.slice(0, newline);
			text = text.slice(newline + 1);
			this.line(line.endsWith("\r") ? line.slice(0, -1) : line, completed);
			newline = text.indexOf("\n");
		}
		this.partial = this.failure ? "" : text;
		return completed;
	}

	/** The reply has ended: the whole parse. */
	end(): BlockParse {
		if (!this.failure && this.partial !== "") {
			const last = this.partial;
			this.partial = "";
			this.line(last.endsWith("\r") ? last.slice(0, -1) : last, []);
		}
		if (!this.failure && this.state !== "outside") {
			const where = this.state === "search" ? "its SEARCH part" : "its REPLACE part";
			this.failure = {
				reason: "cut-off",
				message: `the reply ends inside edit block ${this.done.length + 1} (in ${where}, opened on line ${this.current?.line ?? 0}): it was cut off`,
			};
		}
		if (!this.failure && this.done.length === 0) {
			this.failure = { reason: "no-blocks", message: "the reply holds no edit block" };
		}
		return this.failure ? { ok: false, ...this.failure, blocks: [...this.done] } : { ok: true, blocks: [...this.done] };
	}

	private line(line: string, completed: EditBlock[]): void {
		this.lineNumber++;
		if (this.state === "outside") {
			const marker = markerOf(line);
			if (marker === "search") {
				this.current = { search: [], replace: [], line: this.lineNumber };
				this.state = "search";
				this.fence = null;
			} else if (marker !== undefined) {
				this.fail(
					`line ${this.lineNumber} is a ${marker === "divider" ? DIVIDER_MARKER : REPLACE_MARKER} marker outside any edit block`,
				);
			}
			return;
		}
		const block = this.current;
		if (!block) return;
		const marker = this.guarded(line) ? undefined : markerOf(line);
		if (marker === undefined) {
			(this.state === "search" ? block.search : block.replace).push(line);
			return;
		}
		if (marker === "search") {
			this.fail(
				`line ${this.lineNumber} opens an edit block inside edit block ${this.done.length + 1} (opened on line ${block.line})`,
			);
		} else if (marker === "divider") {
			if (this.state === "replace")
				this.fail(
					`edit block ${this.done.length + 1} (line ${block.line}) has a second ${DIVIDER_MARKER} divider on line ${this.lineNumber}`,
				);
			else {
				this.state = "replace";
				this.fence = null;
			}
		} else if (this.state === "search") {
			this.fail(
				`edit block ${this.done.length + 1} (line ${block.line}) ends on line ${this.lineNumber} without its ${DIVIDER_MARKER} divider`,
			);
		} else {
			this.done.push(block);
			completed.push(block);
			this.current = undefined;
			this.state = "outside";
		}
	}

	/** Tracks code fences inside a section; true while the line is inside (or opens/closes) one. */
	private guarded(line: string): boolean {
		if (!this.guardFences) return false;
		const fence = FENCE.exec(line);
		if (this.fence === null) {
			if (!fence) return false;
			this.fence = fence[1] ?? "```";
			return true;
		}
		const marker = fence?.[1] ?? "";
		if (fence && marker[0] === this.fence[0] && marker.length >= this.fence.length && (fence[2] ?? "").trim() === "")
			this.fence = null;
		return true;
	}

	private fail(message: string): void {
		this.failure = { reason: "malformed", message };
		this.partial = "";
	}
}

/** Parses a whole reply at once. */
export function parseEditBlocks(output: string, options: BlockParserOptions = {}): BlockParse {
	const parser = new EditBlockParser(options);
	parser.push(output);
	return parser.end();
}
