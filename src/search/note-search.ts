/**
 * One search over the index: rank, filter by folder and tag, check phrases against the notes'
 * text, page, and pick each hit's best lines. Notes are read only for the page (and, for
 * phrases, for the candidates checked), never the whole vault.
 */
import { isUnder } from "../vault/paths";
import type { Vault } from "../vault/vault";
import type { IndexStatus } from "./index-status";
import { hasPhrases, matchingLines, type MatchingLine } from "./matching-lines";
import { normalizeTag } from "./tags";
import type { NoteRecord } from "./persisted-index";
import type { Slicer } from "./pacer";
import { isEmptyQuery, matchedTerms, parseQuery, rankNotes, type RankedIndex } from "./query";

export interface SearchRequest {
	query: string;
	limit: number;
	offset?: number;
	/** Only notes under this folder ("" = everywhere). */
	folder?: string;
	/** Only notes with this tag or one below it ("project" takes "project/alpha"). */
	tag?: string;
}

export interface NoteHit {
	path: string;
	title: string;
	tags: string[];
	score: number;
	/** How many of the query's words and phrases it has, of how many. */
	covered: number;
	of: number;
	lines: MatchingLine[];
	/** Only the first part of the note is indexed. */
	truncated: boolean;
}

export interface SearchPage {
	hits: NoteHit[];
	/** Matching notes in all; null when phrases made counting them all too costly. */
	total: number | null;
	/** More notes match after this page. */
	more: boolean;
	/** Phrase candidates are checked up to a cap; true when it was reached. */
	capped: boolean;
	status: IndexStatus;
}

export interface IndexView {
	index: RankedIndex;
	/** Ranking yields to the host through it (a common word matches most of a big vault). */
	slicer: Slicer;
	notes: ReadonlyMap<string, NoteRecord>;
	vault: Vault;
	status: IndexStatus;
}

/** Phrase candidates read at most per search. */
export const PHRASE_CHECK_CAP = 500;

function titleOf(path: string): string {
	const name = path.slice(path.lastIndexOf("/") + 1);
	return name.toLowerCase().endsWith(".md") ? name.slice(0, -3) : name;
}

export async function searchIndex(view: IndexView, request: SearchRequest): Promise<SearchPage> {
	const query = parseQuery(request.query);
	const offset = request.offset ?? 0;
	const empty: SearchPage = { hits: [], total: 0, more: false, capped: false, status: view.status };
	if (isEmptyQuery(query) || request.limit <= 0) return empty;
	const folder = request.folder ?? "";
	const tag = request.tag === undefined ? null : normalizeTag(request.tag);
	const filter =
		folder === "" && tag === null
			? null
			: (path: string): boolean => {
					if (!isUnder(path, folder)) return false;
					if (tag === null) return true;
					const tags = view.notes.get(path)?.tags ?? [];
					return tags.some((t) => t === tag || t.startsWith(tag + "/"));
				};
	// Without phrases every ranked note matches: only the page and one more need to be in order.
	const wanted = query.phrases.length > 0 ? Infinity : offset + request.limit + 1;
	const ranking = await rankNotes(view.index, query, filter, view.slicer, wanted);
	const of = query.words.length + query.phrases.length;
	const hits: NoteHit[] = [];
	let matched = 0;
	let checked = 0;
	let capped = false;
	for (const note of ranking.notes) {
		if (query.phrases.length > 0 && checked >= PHRASE_CHECK_CAP) {
			capped = true;
			break;
		}
		const needText = query.phrases.length > 0 || (matched >= offset && hits.length < request.limit);
		let text = "";
		if (needText) {
			try {
				text = await view.vault.read(note.path);
			} catch {
				continue; // gone since it was indexed; the change event will drop it
			}
			checked++;
			if (!hasPhrases(titleOf(note.path), text, query.phrases)) continue;
		}
		matched++;
		if (matched <= offset) continue;
		if (hits.length === request.limit) {
			// One more match than the page: there are more. Without phrases every ranked note matches.
			return {
				hits,
				total: query.phrases.length > 0 ? null : ranking.total,
				more: true,
				capped: false,
				status: view.status,
			};
		}
		const record = view.notes.get(note.path);
		hits.push({
			path: note.path,
			title: titleOf(note.path),
			tags: record?.tags ?? [],
			score: note.score,
			covered: note.covered,
			of,
			lines: matchingLines(text, matchedTerms(note), query.phrases),
			truncated: record?.truncated ?? false,
		});
	}
	return { hits, total: capped ? null : matched, more: false, capped, status: view.status };
}
