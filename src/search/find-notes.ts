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

/** "1.0" and 1 are one number; otherwise text compared without case, a [[wikilink]]'s brackets aside. */
export function sameValue(a: PropertyValue, b: PropertyValue): boolean {
	const na = asNumber(a);
	const nb = asNumber(b);
	if (na !== null && nb !== null) return na === nb;
	return asText(a) === asText(b);
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

function hasTag(tags: readonly string[], tag: string): string[] {
	return tags.filter((t) => t === tag || t.startsWith(`${tag}/`));
}

export function findNotes(notes: Iterable<CatalogNote>, filter: NoteFilter): FoundNote[] {
	const propertyLabel = filter.property?.name.trim();
	const propertyName = propertyLabel?.toLowerCase();
	const wanted = filter.property?.value;
	const linkedFrom = filter.linkedFrom === undefined ? null : new Set(filter.linkedFrom);
	const found: FoundNote[] = [];
	for (const note of notes) {
		if (filter.folder !== undefined && !isUnder(note.path, filter.folder)) continue;
		if (filter.modifiedAfter !== undefined && note.mtime < filter.modifiedAfter) continue;
		if (filter.modifiedBefore !== undefined && note.mtime >= filter.modifiedBefore) continue;
		if (linkedFrom && !linkedFrom.has(note.path)) continue;
		let tags: string[] | undefined;
		if (filter.tag !== undefined) {
			tags = hasTag(note.tags, filter.tag);
			if (tags.length === 0) continue;
		}
		let property: FoundNote["property"];
		if (propertyName !== undefined && propertyLabel !== undefined) {
			const values = note.properties.get(propertyName);
			if (values === undefined) continue;
			if (wanted !== undefined && !values.some((value) => sameValue(value, wanted))) continue;
			property = { name: propertyLabel, values: [...values] };
		}
		if (filter.linksTo !== undefined && !note.links.includes(filter.linksTo)) continue;
		found.push(result(note, tags, property));
	}
	return found.sort((a, b) => b.mtime - a.mtime || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

function result(note: CatalogNote, tags: string[] | undefined, property: FoundNote["property"]): FoundNote {
	return {
		path: note.path,
		mtime: note.mtime,
		...(note.linkedTo !== undefined ? { linkedTo: note.linkedTo } : {}),
		...(tags ? { tags } : {}),
		...(property ? { property } : {}),
	};
}
