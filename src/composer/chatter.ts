/**
 * What an apply model says around the note instead of in it: a lead-in ("Here is the updated
 * note:"), a sign-off ("Let me know if you need any other changes."), the prompt's markers
 * echoed back. Only lines that talk about the note or the edit count as chatter: "Here are my
 * goals for 2025:" and "Let me know if you can come!" are a note's own lines. A line the
 * original note itself has is never chatter. Texts are model text, as lines.
 */

// What chatter talks about: the note, in the words models use for it.
const SUBJECT = String.raw`(?:the |your |this )?(?:(?:updated|revised|new|modified|edited|rewritten|complete|full|final|requested|resulting|changed|corrected|improved|cleaned[- ]up) )?(?:note|version|file|document|markdown|content|text)`;
const LEAD_IN = new RegExp(
	String.raw`^(?:(?:sure|certainly|okay|ok|of course|absolutely|alright|great)[!,.]*\s+)?` +
		String.raw`(?:here(?:'s| is)|below is|i(?:'ve| have) (?:updated|revised|rewritten|modified|edited|changed) ?)\s*${SUBJECT}` +
		String.raw`(?:\s+(?:of|for|in) (?:the|your|this) (?:note|file|document))?(?:\s+(?:with|after|for)\s+[^:]*)?:$`,
	"i",
);
const LABEL = new RegExp(String.raw`^${SUBJECT}:$`, "i");
const INTERJECTION = /^(sure|certainly|okay|ok|of course|done|absolutely|alright)[!.,]*$/i;
const SIGN_OFF = new RegExp(
	[
		String.raw`^let me know if (?:you(?:'d| would)? (?:need|want|like|have)|there(?:'s| is| are)) (?:any(?:thing)?|more|further|other|additional)\b.*\b(?:changes?|edits?|adjustments?|modifications?|tweaks?|help|else|questions?)\b`,
		String.raw`^feel free to (?:ask|let me know|reach out|request|tell me)\b`,
		String.raw`^(?:i )?hope (?:this|that|it) helps\b`,
		String.raw`^i(?:'ve| have) (?:made|applied|completed|updated) the (?:requested |necessary )?(?:changes?|edits?|updates?)\b`,
		String.raw`^(?:is there )?anything else (?:you(?:'d| would) like|i can)\b`,
	].join("|"),
	"i",
);
const MARKER_OPEN = /^(<<<BEGIN>>>|<note[^>]*>)$/;
const MARKER_CLOSE = /^(<<<END>>>|<\/note>)$/;

/** Lines that start a Markdown structure are content, never chatter. */
const STRUCTURE = /^(#|[-*+]\s|>|\d+[.)]\s|\||!?\[|```|~~~)/;

export function firstNonBlank(lines: readonly string[]): number {
	return lines.findIndex((line) => line.trim() !== "");
}

export function lastNonBlank(lines: readonly string[]): number {
	for (let i = lines.length - 1; i >= 0; i--) if ((lines[i] ?? "").trim() !== "") return i;
	return -1;
}

function isLeadIn(line: string): boolean {
	if (line.length > 160 || STRUCTURE.test(line)) return false;
	return LEAD_IN.test(line) || LABEL.test(line) || INTERJECTION.test(line);
}

function isSignOff(line: string): boolean {
	if (line.length > 200 || STRUCTURE.test(line)) return false;
	return SIGN_OFF.test(line) || INTERJECTION.test(line);
}

/** Lead-in lines before the note ("Sure!", then "Here is the updated note:"), unless the note has them. */
export function dropLeadingChatter(lines: string[], original: ReadonlySet<string>, stripped: string[]): string[] {
	let out = lines;
	for (;;) {
		const i = firstNonBlank(out);
		const line = (out[i] ?? "").trim();
		if (i === -1 || original.has(line) || !isLeadIn(line)) return out;
		if (!stripped.includes("leading chatter")) stripped.push("leading chatter");
		const rest = out.slice(i + 1);
		const next = firstNonBlank(rest);
		out = next === -1 ? [] : rest.slice(next);
	}
}

/** Sign-off lines after the note ("Let me know if you need any other changes."), unless the note has them. */
export function dropTrailingChatter(lines: string[], original: ReadonlySet<string>, stripped: string[]): string[] {
	let out = lines;
	for (;;) {
		const j = lastNonBlank(out);
		const line = (out[j] ?? "").trim();
		if (j === -1 || original.has(line) || !isSignOff(line)) return out;
		if (!stripped.includes("trailing chatter")) stripped.push("trailing chatter");
		const rest = out.slice(0, j);
		out = rest.slice(0, lastNonBlank(rest) + 1);
	}
}

/** The prompt's <<<BEGIN>>>/<<<END>>> markers (or <note> tags) echoed around the note. */
export function unwrapMarkers(lines: string[], original: ReadonlySet<string>, stripped: string[]): string[] {
	let out = lines;
	const i = firstNonBlank(out);
	const first = (out[i] ?? "").trim();
	if (i !== -1 && MARKER_OPEN.test(first) && !original.has(first)) {
		out = out.slice(i + 1);
		stripped.push("markers");
	}
	const j = lastNonBlank(out);
	const last = (out[j] ?? "").trim();
	if (j !== -1 && MARKER_CLOSE.test(last) && !original.has(last)) {
		out = out.slice(0, j);
		if (!stripped.includes("markers")) stripped.push("markers");
	}
	return out;
}

/** The original's lines, trimmed, for "the note itself has this line". */
export function lineSet(text: string): Set<string> {
	return new Set(text.split("\n").map((line) => line.trim()));
}
