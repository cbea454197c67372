/**
 * searchNotes: ranked full-text search over the note index (src/search). Returns notes, not
 * lines: best first, each with its tags and best few matching lines, filtered by folder or tag,
 * paged with offset. Says when the index is still being built and how many files it never shows.
 */
import * as z from "zod/mini";
import type { SearchPage, SearchRequest } from "../search/note-search";
import { normalizeFolderPath } from "../vault/paths";
import { leftOutSentence, shownByFloor } from "./floor-filter";
import { toolResult } from "../log/tool-result";
import type { ResultSummary, ToolResult } from "../log/tool-result";
import type { Tool } from "./tool";
import { vaultErrorResult } from "./vault-errors";
import { plural, textArg } from "./words";

export const SEARCH_DEFAULT_LIMIT = 10;
export const SEARCH_MAX_LIMIT = 50;

/** What searchNotes needs of the index. */
export interface NoteSearch {
	search(request: SearchRequest): Promise<SearchPage>;
}

export const searchNotesSchema = z.object({
	query: z
		.string()
		.check(
			z.trim(),
			z.minLength(1, "query must not be empty"),
			z.maxLength(500, "query must be at most 500 characters: use a few keywords"),
			z.describe('A few keywords, e.g. greenhouse budget; "quotes" for an exact phrase'),
		),
	limit: z
		.optional(z.number().check(z.int(), z.minimum(1), z.maximum(SEARCH_MAX_LIMIT)))
		.check(z.describe(`Most notes to return; default ${SEARCH_DEFAULT_LIMIT}, at most ${SEARCH_MAX_LIMIT}`)),
	offset: z.optional(z.number().check(z.int(), z.minimum(0))).check(z.describe("Notes to skip, to see the next page")),
	folder: z.optional(z.string()).check(z.describe('Only notes under this folder, e.g. "Projects"')),
	tag: z.optional(z.string()).check(z.describe('Only notes with this tag (or a tag below it), e.g. "project"')),
});
export type SearchNotesArgs = z.infer<typeof searchNotesSchema>;

const DESCRIPTION =
	"Search the notes by keywords. Use a few distinctive words, not a sentence or a question: words match in any order, " +
	'by prefix and with one typo; put "exact phrases" in quotes. Looks at file names, aliases, headings, tags, properties ' +
	"and text. Returns notes best first (those with every word first), each with its tags and best matching lines as " +
	"line: text. Narrow with folder or tag; page with offset.";

function count(n: number, word: string): string {
	return `${n.toLocaleString("en-US")} ${word}${n === 1 ? "" : "s"}`;
}

function describePage(query: string, offset: number, page: SearchPage, leftOut: number): string {
	const lines: string[] = [];
	const quoted = JSON.stringify(query);
	if (page.hits.length === 0) {
		lines.push(
			offset > 0
				? `No more notes match ${quoted} after the first ${offset}.`
				: `No notes match ${quoted}. Try fewer or other keywords.`,
		);
	} else {
		const all = page.total !== null ? ` of ${count(page.total, "note")}` : "";
		lines.push(`Notes matching ${quoted}, best first (${offset + 1}-${offset + page.hits.length}${all}):`);
		page.hits.forEach((hit, i) => {
			const tags = hit.tags.length > 0 ? ` ${hit.tags.map((t) => `#${t}`).join(" ")}` : "";
			const coverage =
				hit.of > 1 ? (hit.covered >= hit.of ? " (every word)" : ` (${hit.covered} of ${hit.of} words)`) : "";
			const cut = hit.truncated ? " (long note: only its first part is searched)" : "";
			lines.push(`${offset + i + 1}. ${hit.path}${tags}${coverage}${cut}`);
			for (const line of hit.lines) lines.push(`   ${line.line}: ${line.snippet}`);
		});
	}
	if (page.more)
		lines.push(`There are more: call again with offset ${offset + page.hits.length}, or narrow the query.`);
	if (page.capped)
		lines.push("Only the best candidates were checked for the quoted phrase; narrow the query to be sure.");
	const { status } = page;
	if (status.phase !== "ready") {
		lines.push(
			`The index is still being built: ${status.indexed.toLocaleString("en-US")} of ${count(status.total, "note")} searched so far, so results may be incomplete.`,
		);
	}
	if (status.capped)
		lines.push(
			"The index reached its memory limit: notes marked truncated are searched by title, headings, tags, properties and their start only.",
		);
	if (status.unreadable > 0) lines.push(`${count(status.unreadable, "note")} could not be read and are not searched.`);
	return lines.join("\n") + leftOutSentence(leftOut, "files");
}

/**
 * "Searched “tags” · 5 notes" ("notes 11–20 of 35" for a later page, "no notes"), and the notes
 * found, best first, for the list under it.
 */
export function searchSummary(result: ToolResult, args: Record<string, unknown>): ResultSummary | undefined {
	if (result.status !== "success") return undefined;
	const data = result.data ?? {};
	const query = typeof data.query === "string" ? data.query : (textArg(args, "query") ?? "");
	const paths = (Array.isArray(data.hits) ? (data.hits as unknown[]) : [])
		.map((hit) => (typeof hit === "object" && hit !== null ? (hit as { path?: unknown }).path : undefined))
		.filter((path): path is string => typeof path === "string");
	const offset = typeof data.offset === "number" ? data.offset : 0;
	const total = typeof data.total === "number" ? data.total : undefined;
	const of = total !== undefined && total > offset + paths.length ? ` of ${total}` : "";
	const count =
		paths.length === 0
			? "no notes"
			: offset > 0
				? `notes ${offset + 1}–${offset + paths.length}${of}`
				: of
					? `${paths.length}${of} notes`
					: plural(paths.length, "note");
	const status = data.status as { phase?: unknown } | undefined;
	const building =
		typeof status === "object" && status !== null && status.phase !== "ready" ? " · index still being built" : "";
	const line = `Searched “${query}” · ${count}${building}`;
	return paths.length > 0 ? { line, notes: { label: "Notes found", paths } } : { line };
}

export function createSearchNotesTool(deps: { index: NoteSearch }): Tool<SearchNotesArgs> {
	return {
		name: "searchNotes",
		description: DESCRIPTION,
		schema: searchNotesSchema,
		defaultPreference: "always",
		label: "Search your vault",
		purpose: "Find the notes that mention what it looks for.",
		neverSubject: "searching notes is",
		words: (args) => {
			const query = textArg(args, "query") ?? "";
			return { title: `Search notes for '${query}'`, active: `Searching notes for '${query}'` };
		},
		summary: searchSummary,
		examples: ({ word }) => [{ query: word }],
		// The index reads notes itself, only those the access floor lets through; the hits are
		// filtered through the call's floor again before they are shown.
		access: () => ({ reads: [], writes: [], scans: true }),
		async run(args, ctx): Promise<ToolResult> {
			let folder: string;
			try {
				folder = normalizeFolderPath(args.folder);
			} catch (error) {
				return vaultErrorResult(error, args.folder);
			}
			const offset = args.offset ?? 0;
			const request: SearchRequest = {
				query: args.query,
				limit: args.limit ?? SEARCH_DEFAULT_LIMIT,
				offset,
				folder,
				...(args.tag !== undefined ? { tag: args.tag } : {}),
			};
			let page: SearchPage;
			try {
				page = await deps.index.search(request);
			} catch (error) {
				return vaultErrorResult(error);
			}
			// The index never holds files under the floor (it counts them); a hit the call's own
			// floor refuses (a folder protected since) is left out here and counted too.
			const { shown, leftOut: refused } = shownByFloor(page.hits, ctx.floor);
			const leftOut = page.status.leftOut + refused;
			const shownPage = { ...page, hits: shown };
			const data = {
				query: args.query,
				offset,
				hits: shown,
				total: page.total,
				more: page.more,
				status: page.status,
				leftOut,
			};
			return toolResult.success(describePage(args.query, offset, shownPage, leftOut), { data });
		},
	};
}
