/**
 * The metadata finder behind findNotes: which notes of a catalog view meet every filter (AND),
 * most recently modified first (then by path, so the order is stable), each with the fields that
 * matched. Pure: the tool validates the arguments, resolves link targets and keeps what the access
 * floor refuses out before calling it.
 */
import { isUnder } from "../vault/paths";
import type { CatalogNote, PropertyValue } from "./note-catalog";

export interface NoteFilter {
	/** Lower case without "#"; a note matches with this tag or one below it ("project" takes "project/alpha"). */
	tag?: string;
	/** A property by name (any case); with a value, one of its values must equal it. */
	property?: { name: string; value?: PropertyValue };
	/** A normalized folder: notes in it or below ("" for everywhere). */
	folder?: string;
	/** Modified at or after this time (ms). */
	modifiedAfter?: number;
	/** Modified strictly before this time (ms). */
	modifiedBefore?: number;
	/** A resolved path: notes that link to it or embed it. */
	linksTo?: string;
	/** The resolved links of the note given as linkedFrom (CatalogNote.links): only these paths match. */
	linkedFrom?: readonly string[];
}

export interface FoundNote {
	path: string;
	/** Last modification (ms); results are sorted by it, newest first. */
	mtime: number;
	/** Where a symbolic link leads (for the access floor). */
	linkedTo?: string | null;
	/** The note's tags that matched the tag filter. */
	tags?: string[];
	/** The property that matched, with all its values. */
	property?: { name: string; values: PropertyValue[] };
}

const NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?$/i;

function asNumber(value: PropertyValue): number | null {
	if (typeof value === "number") return Number.isFinite(value) ? value : null;
	if (typeof value !== "string" || !NUMBER.test(value.trim())) return null;
	return Number(value.trim());
}

function asText(value: PropertyValue): string {
	const text = String(value).trim().toLowerCase();
	return text.startsWith("[[") && text.endsWith("]]") ? text.slice(2, -2).trim() : text;
}

/**
 * Whether a property value equals the wanted one: "1.0" and 1 are one number; otherwise text
 * compared without case, a [[wikilink]]'s brackets aside ("False" is false). The wanted value's
 * forms are worked out once.
 */
function valueTest(wanted: PropertyValue): (value: PropertyValue) => boolean {
	const number = asNumber(wanted);
	const text = asText(wanted);
	return (value) => {
		const n = number === null ? null : asNumber(value);
		return n !== null ? n === number : asText(value) === text;
	};
}

export interface FoundPage {
	/** The first `limit` matches, newest first. */
	notes: FoundNote[];
	/** Matches in all. */
	total: number;
}

/** Matches newest first (then by path); only the page's notes are put into results. */
export function findNotes(notes: Iterable<CatalogNote>, filter: NoteFilter, limit = Infinity): FoundPage {
	const tag = filter.tag;
	const below = tag === undefined ? "" : `${tag}/`;
	const tagged = (t: string): boolean => t === tag || t.startsWith(below);
	const propertyLabel = filter.property?.name.trim() ?? "";
	const propertyName = filter.property ? propertyLabel.toLowerCase() : undefined;
	const wanted = filter.property?.value === undefined ? null : valueTest(filter.property.value);
	const linkedFrom = filter.linkedFrom === undefined ? null : new Set(filter.linkedFrom);
	const matched: CatalogNote[] = [];
	for (const note of notes) {
		if (filter.folder !== undefined && filter.folder !== "" && !isUnder(note.path, filter.folder)) continue;
		if (filter.modifiedAfter !== undefined && note.mtime < filter.modifiedAfter) continue;
		if (filter.modifiedBefore !== undefined && note.mtime >= filter.modifiedBefore) continue;
		if (linkedFrom && !linkedFrom.has(note.path)) continue;
		if (tag !== undefined && !note.tags.some(tagged)) continue;
		if (propertyName !== undefined) {
			const values = note.properties.get(propertyName);
			if (values === undefined || (wanted && !values.some(wanted))) continue;
		}
		if (filter.linksTo !== undefined && !note.links.includes(filter.linksTo)) continue;
		matched.push(note);
	}
	// A catalog that keeps its notes newest first (text-catalog.ts) hands them over sorted: then this is one pass.
	matched.sort((a, b) => b.mtime - a.mtime || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
	const page = matched.slice(0, limit).map((note) => {
		const values = propertyName === undefined ? undefined : note.properties.get(propertyName);
		return {
			path: note.path,
			mtime: note.mtime,
			...(note.linkedTo !== undefined ? { linkedTo: note.linkedTo } : {}),
			...(tag !== undefined ? { tags: note.tags.filter(tagged) } : {}),
			...(values ? { property: { name: propertyLabel, values: [...values] } } : {}),
		};
	});
	return { notes: page, total: matched.length };
}
