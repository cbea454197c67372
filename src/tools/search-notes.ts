/** searchNotes: case-insensitive text search over the vault, at most `limit` matches with snippets. */
import { z } from "zod";
import { leftOutSentence, shownByFloor } from "./floor-filter";
import { toolResult } from "./result";
import type { ToolResult } from "./result";
import type { Tool } from "./tool";
import { vaultErrorResult } from "./vault-errors";

export const SEARCH_DEFAULT_LIMIT = 20;
export const SEARCH_MAX_LIMIT = 50;

export const searchNotesSchema = z.object({
	query: z.string().trim().min(1, "query must not be empty").describe("Text to look for (case-insensitive)"),
	limit: z
		.number()
		.int()
		.min(1)
		.max(SEARCH_MAX_LIMIT)
		.optional()
		.describe(`Most matches to return; default ${SEARCH_DEFAULT_LIMIT}, at most ${SEARCH_MAX_LIMIT}`),
});
export type SearchNotesArgs = z.infer<typeof searchNotesSchema>;

export const searchNotesTool: Tool<SearchNotesArgs> = {
	name: "searchNotes",
	description: "Search the text of every note (case-insensitive). Returns matching lines as path:line: snippet.",
	schema: searchNotesSchema,
	defaultPreference: "always",
	access: () => ({ reads: [], writes: [], scans: true }),
	async run(args, ctx): Promise<ToolResult> {
		const limit = args.limit ?? SEARCH_DEFAULT_LIMIT;
		let found;
		try {
			// One more than asked tells whether the list was cut.
			found = await ctx.vault.search(args.query, limit + 1);
		} catch (error) {
			return vaultErrorResult(error);
		}
		const { shown: matches, leftOut } = shownByFloor(found, ctx.floor);
		const cut = matches.length > limit;
		const shown = matches.slice(0, limit);
		const data = { query: args.query, matches: shown, more: cut, leftOut };
		const tail = leftOutSentence(leftOut, "matches");
		if (shown.length === 0) return toolResult.success(`No notes contain ${JSON.stringify(args.query)}.${tail}`, { data });
		const lines = shown.map((m) => `${m.path}:${m.line}: ${m.snippet}`);
		const head = cut
			? `The first ${shown.length} matches for ${JSON.stringify(args.query)} (there are more; refine the query or raise limit up to ${SEARCH_MAX_LIMIT}):`
			: `${shown.length} ${shown.length === 1 ? "match" : "matches"} for ${JSON.stringify(args.query)}:`;
		return toolResult.success(`${head}\n${lines.join("\n")}${tail}`, { data });
	},
};
