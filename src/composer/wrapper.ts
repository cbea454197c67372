/**
 * A code fence around the whole note ("```markdown ... ```") is unwrapped only when it clearly is
 * a wrapper: its info string is empty, markdown or md, it opens the output and its closing fence
 * is the output's last line. A fence with any other language is the note's own code block (a new
 * note may start with a `js` block; a modify may add a `bash` block on top). A markdown fence that
 * is not clearly a wrapper (text after its closing fence, fences that do not pair up inside) is
 * refused: a refusal beats writing a broken wrapper into the note. Texts are model text, as lines.
 */
import { firstNonBlank, lastNonBlank } from "./chatter";

export type Unwrap =
	| { kind: "none" }
	| { kind: "unwrapped"; lines: string[] }
	/** An opening wrapper fence that is never closed: the output was cut off. */
	| { kind: "unclosed" }
	| { kind: "unclear"; message: string };

const FENCE = /^(`{3,}|~{3,})[ \t]*([^\s`]*)[ \t]*$/;
const WRAPPER_INFO = new Set(["", "markdown", "md"]);
/** How far down a wrapper may open after text that is not chatter ("Here you go"). */
const WRAPPER_SEARCH_LINES = 3;

export function unwrapFence(lines: string[], original: readonly string[]): Unwrap {
	const i = firstNonBlank(lines);
	if (i === -1) return { kind: "none" };
	const opener = (lines[i] ?? "").trim();
	const open = FENCE.exec(opener);
	if (!open) return buriedWrapper(lines, i, original);
	const info = (open[2] ?? "").toLowerCase();
	if (!WRAPPER_INFO.has(info)) return { kind: "none" };
	const marker = open[1] ?? "```";
	const closes = (line: string): boolean => {
		const trimmed = line.trim();
		return trimmed.length >= marker.length && /^(`+|~+)$/.test(trimmed) && trimmed[0] === marker[0];
	};
	const j = lastNonBlank(lines);
	const anyClose = lines.slice(i + 1).some(closes);
	if (!anyClose) return { kind: "unclosed" };
	const markdown = info !== "";
	if (j === i || !closes(lines[j] ?? "")) {
		return markdown ? unclear(`text follows the closing fence of its ${opener} wrapper`) : { kind: "none" };
	}
	const inner = lines.slice(i + 1, j);
	const originalFirst = (original[firstNonBlank(original)] ?? "").trim();
	// The note itself opens with this fence: only a second copy of it is a wrapper.
	if (opener === originalFirst && (inner[firstNonBlank(inner)] ?? "").trim() !== originalFirst) return { kind: "none" };
	if (!innerFencesPair(inner, marker, markdown)) {
		return markdown ? unclear(`the code fences inside its ${opener} wrapper do not pair up`) : { kind: "none" };
	}
	return { kind: "unwrapped", lines: inner };
}

/**
 * Inside a bare ``` wrapper any bare fence as long would close it (CommonMark), so it is not a
 * wrapper. Inside a markdown wrapper models nest code blocks: fences with an info string open,
 * bare ones close, and they must pair up.
 */
function innerFencesPair(inner: readonly string[], marker: string, markdown: boolean): boolean {
	let open: string | null = null;
	for (const raw of inner) {
		const fence = FENCE.exec(raw.trim());
		if (!fence) continue;
		const mark = fence[1] ?? "";
		const bare = (fence[2] ?? "") === "";
		if (!markdown && bare && mark[0] === marker[0] && mark.length >= marker.length) return false;
		if (open === null) open = mark;
		else if (bare && mark[0] === open[0] && mark.length >= open.length) open = null;
	}
	return open === null;
}

/** "Here you go" and then a markdown fence the note never had: a wrapper behind unknown chatter. */
function buriedWrapper(lines: readonly string[], first: number, original: readonly string[]): Unwrap {
	const has = new Set(original.map((line) => line.trim()));
	let seen = 0;
	for (let k = first; k < lines.length && seen < WRAPPER_SEARCH_LINES; k++) {
		const line = (lines[k] ?? "").trim();
		if (line === "") continue;
		seen++;
		const fence = FENCE.exec(line);
		if (fence && /^(markdown|md)$/i.test(fence[2] ?? "") && !has.has(line))
			return unclear(`it opens a ${line} wrapper after text that is not part of the note`);
	}
	return { kind: "none" };
}

function unclear(why: string): Unwrap {
	return { kind: "unclear", message: `The apply model's output is not clearly the note: ${why}.` };
}
