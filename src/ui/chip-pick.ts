/**
 * The pickers' logic (`[[` a note, `#` a tag, `/` a folder), one for both places that offer them:
 * the pane's message box (components/Composer.tsx) and the prompt of "Edit selection with
 * Redline" in the note editor (src/editor/prompt-picker.ts, plain DOM). What to offer for an open
 * query (chip-query.ts), the words each picker uses, and what picking does: the text it leaves
 * and the item it pins for the next message. Plain TypeScript (the editor floor uses it without React).
 */
import type { PinnedItem } from "../log/events";
import { displayPath } from "../vault/display-path";
import { suggestFolders, type ChipQuery } from "./chip-query";

/** Where choices come from: the host's (UiHost has these members). */
export interface ChipSource {
	/** Notes for the `[[` picker (paths), filtered by query. */
	suggestNotes(query: string): Promise<string[]>;
	/** The vault's tags (without "#"), filtered by query; absent: what was typed only. */
	suggestTags?(query: string): Promise<string[]>;
	/** Every note's path (the folders of the `/` picker). */
	notePaths?(): string[];
}

/** At most this many choices are listed. */
export const PICKER_LIMIT = 20;

/** The choices for an open query: notes for `[[`, the vault's tags for `#` (and what was typed), its folders for `/`. */
export async function suggestChips(source: ChipSource, query: ChipQuery): Promise<string[]> {
	return (await choices(source, query)).slice(0, PICKER_LIMIT);
}

async function choices(source: ChipSource, query: ChipQuery): Promise<string[]> {
	if (query.kind === "note") return source.suggestNotes(query.query);
	if (query.kind === "folder") return suggestFolders(source.notePaths?.() ?? [], query.query, PICKER_LIMIT);
	const needle = query.query.toLowerCase();
	const tags = ((await source.suggestTags?.(query.query)) ?? []).map((tag) => tag.replace(/^#/u, ""));
	// The vault's best match is the one Enter picks; what was typed, a tag no note has yet, comes last.
	return needle === "" || tags.includes(needle) ? tags : [...tags.slice(0, PICKER_LIMIT - 1), needle];
}

/** Each picker's words: its name, what it says with no match, and how a choice is shown. */
export const PICKER_WORDS = {
	note: { empty: "No matching notes", label: "Notes to pin", show: (path: string) => displayPath(path) },
	tag: { empty: "No matching tags", label: "Tags to add", show: (tag: string) => `#${tag}` },
	folder: { empty: "No matching folders", label: "Folders to add", show: (folder: string) => `${folder}/` },
} as const;

export interface Picked {
	/** The text after the pick. */
	text: string;
	/** Where the caret goes: after what was inserted. */
	caret: number;
	/** What the pick pins, for the next message. */
	item: PinnedItem;
}

/**
 * Picking `value` for the query open in `text`: a note completes the link (`[[Travel/Japan trip]]`,
 * as Obsidian writes it), a tag stays as "#tag ", a folder's "/query" gives way to its chip.
 */
export function pickChip(text: string, query: ChipQuery, value: string): Picked {
	if (query.kind === "note") {
		const end = query.start + 2 + query.query.length;
		// A link typed as "[[Jap]]" already has its closing brackets after the cursor.
		const rest = text.slice(end).startsWith("]]") ? text.slice(end + 2) : text.slice(end);
		const link = `[[${value.replace(/\.md$/iu, "")}]]`;
		return {
			text: text.slice(0, query.start) + link + rest,
			caret: query.start + link.length,
			item: { path: value, scope: "message" },
		};
	}
	const end = query.start + 1 + query.query.length;
	const inserted = query.kind === "tag" ? `#${value} ` : "";
	return {
		text: text.slice(0, query.start) + inserted + text.slice(end),
		caret: query.start + inserted.length,
		item: query.kind === "tag" ? { tag: value, scope: "message" } : { folder: value, scope: "message" },
	};
}

/**
 * Whether the text still holds what picking `item` inserted (the link, the "#tag"): the edit
 * prompt, which shows no chips, pins a pick only when the request still names it. A folder's pick
 * leaves no text: true.
 */
export function pickInText(text: string, item: PinnedItem): boolean {
	if ("path" in item) return text.includes(`[[${item.path.replace(/\.md$/iu, "")}]]`);
	if ("tag" in item) return text.split(/\s+/u).includes(`#${item.tag}`);
	return true;
}
