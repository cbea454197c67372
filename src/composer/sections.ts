/**
 * Long notes: a note whose regeneration would exceed the apply model's output limit is never sent
 * whole (it would come back truncated). It is split at Markdown headings, and only the sections
 * the intent names are regenerated.
 *
 * The rule (deterministic, no extra model call): a section is touched when the intent's
 * description contains its heading text (case-insensitive, as whole words, headings of at least
 * three characters). A section spans from its heading to the next heading of the same or a higher
 * level, so it includes its subsections; nested picks merge into the outermost. When no heading is
 * named, or a named section is itself too long, the edit is refused with a message suggesting
 * executeEdit with search/replace `edits`. Texts are model text (LF).
 */
import { escapeRegExp, splitFrontmatter } from "./text-format";

export interface Section {
	/** Heading text without the #s, or null for the part before the first heading. */
	heading: string | null;
	level: number;
	/** Character offsets into the note: [start, end). */
	start: number;
	end: number;
}

export const HEADING = /^(#{1,6})[ \t]+(.+?)[ \t#]*$/;
const FENCE = /^[ \t]{0,3}(`{3,}|~{3,})/;

/**
 * The open fence after `line`, when `line` is a fence line (undefined otherwise): a fence opens
 * with three or more backticks or tildes and closes with a run of the same character at least as
 * long (CommonMark); any other fence line inside it is content.
 */
export function fenceAfter(line: string, open: string | null): string | null | undefined {
	const marker = FENCE.exec(line)?.[1];
	if (marker === undefined) return undefined;
	if (open === null) return marker;
	return marker[0] === open[0] && marker.length >= open.length ? null : open;
}

/** Every heading's section (including subsections), in document order, plus the preamble. */
export function splitSections(text: string): Section[] {
	const headings: { heading: string; level: number; start: number }[] = [];
	let offset = 0;
	let fence: string | null = null;
	// Headings inside frontmatter are not headings; a --- divider is not frontmatter (text-format.ts).
	const frontmatter = splitFrontmatter(text).frontmatter;
	const frontmatterEnd = frontmatter ? frontmatter.block.length : -1;
	for (const line of text.split("\n")) {
		const lineStart = offset;
		offset += line.length + 1;
		if (lineStart < frontmatterEnd) continue;
		const fenceLine = fenceAfter(line, fence);
		if (fenceLine !== undefined) {
			fence = fenceLine;
			continue;
		}
		if (fence !== null) continue;
		const heading = HEADING.exec(line);
		if (heading)
			headings.push({ heading: (heading[2] ?? "").trim(), level: (heading[1] ?? "#").length, start: lineStart });
	}
	const sections: Section[] = [{ heading: null, level: 0, start: 0, end: headings[0]?.start ?? text.length }];
	headings.forEach((h, i) => {
		const next = headings.slice(i + 1).find((other) => other.level <= h.level);
		sections.push({ heading: h.heading, level: h.level, start: h.start, end: next?.start ?? text.length });
	});
	return sections;
}

/** Sections whose heading the description names, nested picks merged, in document order. */
export function sectionsNamedIn(description: string, sections: readonly Section[]): Section[] {
	const named = sections.filter((s) => s.heading !== null && mentions(description, s.heading));
	const outermost = named.filter(
		(s) => !named.some((o) => o !== s && o.start <= s.start && o.end >= s.end && (o.start < s.start || o.end > s.end)),
	);
	return outermost.sort((a, b) => a.start - b.start);
}

function mentions(description: string, heading: string): boolean {
	const plain = heading.replace(/[*_`[\]]/g, "").trim();
	if (plain.length < 3) return false;
	return new RegExp(`(^|[^\\p{L}\\p{N}])${escapeRegExp(plain)}($|[^\\p{L}\\p{N}])`, "iu").test(description);
}
