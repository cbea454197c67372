/**
 * The shape of the minisearch index: which fields, how they are boosted, how text becomes terms.
 * SCHEMA names all of it, so a persisted index built another way is rebuilt, never trusted.
 */
import type { Options, SearchOptions } from "minisearch";
import type { NoteFields } from "./note-fields";
import { termsOf } from "./terms";

export const FIELDS = ["title", "aliases", "headings", "tags", "properties", "body"] as const;
export type Field = (typeof FIELDS)[number];

/** Title first, then aliases, headings, tags, other properties, body. */
export const BOOST: Record<Field, number> = { title: 8, aliases: 6, headings: 4, tags: 3, properties: 2, body: 1 };

/** Bump when fields, boosts or term rules change: older indexes are then rebuilt. */
export const SCHEMA = `fields=${FIELDS.join(",")};boost=${FIELDS.map((f) => BOOST[f]).join(",")};terms=fold-nfd-cc-3`;

export interface IndexedDocument {
	id: string;
	title: string;
	aliases: string;
	headings: string;
	tags: string;
	properties: string;
	body: string;
}

export function toDocument(fields: NoteFields): IndexedDocument {
	return {
		id: fields.path,
		title: fields.title,
		aliases: fields.aliases.join("\n"),
		headings: fields.headings.join("\n"),
		tags: fields.tags.join("\n"),
		properties: fields.properties.join("\n"),
		body: fields.body,
	};
}

export const INDEX_OPTIONS: Options<IndexedDocument> = {
	fields: [...FIELDS],
	// Terms come out folded already (terms.ts), for notes and queries alike. Notes are added
	// through NoteMiniSearch.addNote, which counts the same terms (countTerms).
	tokenize: (text) => termsOf(text),
	processTerm: (term) => term,
	// Vacuuming is started by the index itself once a batch of changes is done (see note-index.ts).
	autoVacuum: false,
};

/** Prefix matches for words of 3+ letters ("garde" finds "garden"), one typo for 5+ letters. */
export const LOOSE: SearchOptions = {
	boost: { ...BOOST },
	prefix: (term) => term.length >= 3,
	fuzzy: (term) => (term.length >= 5 ? 1 : false),
	maxFuzzy: 1,
};

/** Words of a quoted phrase match exactly (the phrase check then reads the note). */
export const EXACT: SearchOptions = { boost: { ...BOOST }, prefix: false, fuzzy: false };
