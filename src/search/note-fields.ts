/**
 * What the index knows of one note, field by field. In Obsidian the metadata (aliases, headings,
 * tags, properties) comes from metadataCache through a NoteMetadataSource; elsewhere it is parsed
 * from the text here, with the frontmatter and heading rules the composer already uses.
 */
import { fenceAfter, HEADING } from "../composer/sections";
import { splitFrontmatter } from "../composer/text-format";
import { basename } from "../vault/paths";
import { readProperties } from "./frontmatter-values";
import { normalizeTag } from "./tags";

/** The metadata fields of a note; tags are lower case without "#" ("project/alpha"). */
export interface NoteMetadata {
	aliases: string[];
	headings: string[];
	tags: string[];
	/** Values of the other frontmatter properties, as text. */
	properties: string[];
}

export interface NoteFields extends NoteMetadata {
	path: string;
	/** The file name without .md. */
	title: string;
	/** The text after the frontmatter, at most the cap. */
	body: string;
	/** True when the body was cut at the cap. */
	truncated: boolean;
}

/**
 * Where metadata comes from when the host already parsed it (Obsidian's metadataCache). null
 * means "not known yet": the note is parsed here instead. onResolved reports a note whose
 * metadata became known or changed after its text did, so the index can pick it up.
 */
export interface NoteMetadataSource {
	metadata(path: string, text: string): NoteMetadata | null;
	onResolved?(listener: (path: string) => void): () => void;
}

/** Text indexed per note at most (characters); the rest is left out, and results say so. */
export const MAX_INDEXED_CHARS = 1_000_000;

const INLINE_TAG = /(?:^|[\s(,;])#([\p{L}\p{N}_\-/]*[\p{L}_\-/][\p{L}\p{N}_\-/]*)/gu;
const INLINE_CODE = /`[^`\n]*`/g;

/**
 * Headings and inline tags of a body, in one pass over its lines: neither counts inside fenced
 * code (the fence rules of sections.ts), nor a tag inside inline code. Most lines hold no "#" and
 * cost one search for it.
 */
function scanBody(body: string, tags: Set<string>): string[] {
	const headings: string[] = [];
	let fence: string | null = null;
	for (const line of body.split("\n")) {
		const fenceLine = fenceAfter(line, fence);
		if (fenceLine !== undefined) {
			fence = fenceLine;
			continue;
		}
		if (fence !== null || !line.includes("#")) continue;
		const heading = HEADING.exec(line);
		if (heading) headings.push((heading[2] ?? "").trim());
		const code = line.includes("`") ? line.replace(INLINE_CODE, "") : line;
		for (const match of code.matchAll(INLINE_TAG)) tags.add(normalizeTag(match[1] ?? ""));
	}
	return headings;
}

function clean(text: string): string {
	return text.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n");
}

/** Parses a note's metadata from its text (frontmatter properties, headings, inline tags). */
export function parseMetadata(text: string): NoteMetadata {
	return metadataOf(splitFrontmatter(clean(text)));
}

function metadataOf({ frontmatter, body }: ReturnType<typeof splitFrontmatter>): NoteMetadata {
	const props = frontmatter ? readProperties(frontmatter.block) : new Map<string, string[]>();
	const listOf = (...keys: string[]): string[] => keys.flatMap((key) => props.get(key) ?? []);
	const splitTags = (values: string[]): string[] =>
		values
			.flatMap((v) => v.split(/[\s,]+/))
			.map(normalizeTag)
			.filter(Boolean);
	const tags = new Set(splitTags(listOf("tags", "tag")));
	const headings = scanBody(body, tags);
	const properties: string[] = [];
	for (const [key, values] of props) if (!["tags", "tag", "aliases", "alias"].includes(key)) properties.push(...values);
	return {
		aliases: listOf("aliases", "alias").filter(Boolean),
		headings,
		tags: [...tags].filter(Boolean),
		properties,
	};
}

/** The fields of a note, with metadata from the host when it has it. */
export function noteFields(
	path: string,
	text: string,
	metadata: NoteMetadata | null,
	maxChars = MAX_INDEXED_CHARS,
): NoteFields {
	const split = splitFrontmatter(clean(text));
	const body = split.body;
	const truncated = body.length > maxChars;
	const name = basename(path);
	return {
		path,
		title: name.toLowerCase().endsWith(".md") ? name.slice(0, -3) : name,
		...(metadata ?? metadataOf(split)),
		body: truncated ? body.slice(0, maxChars) : body,
		truncated,
	};
}
