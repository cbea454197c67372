/** listNotes: the notes under a folder (or the whole vault), capped so a big vault stays readable. */
import * as z from "zod/mini";
import { normalizeFolderPath } from "../vault/paths";
import { leftOutSentence, shownByFloor } from "./floor-filter";
import { toolResult } from "../log/tool-result";
import type { ResultSummary, ToolResult } from "../log/tool-result";
import { displayPath } from "../vault/display-path";
import type { Tool } from "./tool";
import { vaultErrorResult } from "./vault-errors";
import { pathArg, plural, stringsOf, textArg } from "./words";

export const LIST_CAP = 200;

export const listNotesSchema = z.object({
	folder: z.optional(z.string()).check(z.describe('Vault-relative folder, e.g. "Projects"; omit for the whole vault')),
});
export type ListNotesArgs = z.infer<typeof listNotesSchema>;

/** "Listed Projects · 14 notes" ("2 of 350 notes" when capped), and the notes, for the list under it. */
export function listSummary(result: ToolResult, args: Record<string, unknown>): ResultSummary | undefined {
	if (result.status !== "success") return undefined;
	const data = result.data ?? {};
	const paths = stringsOf(data.paths);
	const total = typeof data.total === "number" ? data.total : paths.length;
	const folder = typeof data.folder === "string" ? data.folder : (textArg(args, "folder") ?? "");
	const where = folder === "" ? "the vault" : displayPath(folder);
	const count =
		total === 0
			? "no notes"
			: total > paths.length
				? `${paths.length} of ${plural(total, "note")}`
				: plural(total, "note");
	const line = `Listed ${where} · ${count}`;
	return paths.length > 0 ? { line, notes: { label: "Notes listed", paths } } : { line };
}

export const listNotesTool: Tool<ListNotesArgs> = {
	name: "listNotes",
	description: `List the notes under a folder (or the whole vault), sorted by path; at most ${LIST_CAP}.`,
	schema: listNotesSchema,
	defaultPreference: "always",
	label: "List notes",
	purpose: "See which notes a folder holds.",
	neverSubject: "listing notes is",
	words: (args) => {
		const folder = pathArg(args, "folder");
		return folder
			? { title: `List notes in ${folder}`, active: `Listing notes in ${folder}` }
			: { title: "List all notes", active: "Listing all notes" };
	},
	summary: listSummary,
	examples: ({ path }) => [{}, { folder: path.split("/")[0] }],
	access: () => ({ reads: [], writes: [], scans: true }),
	async run(args, ctx): Promise<ToolResult> {
		let folder: string;
		try {
			folder = normalizeFolderPath(args.folder);
		} catch (error) {
			return vaultErrorResult(error, args.folder);
		}
		let listed;
		try {
			listed = await ctx.vault.list(folder);
		} catch (error) {
			return vaultErrorResult(error, folder);
		}
		const { shown: notes, leftOut } = shownByFloor(listed, ctx.floor);
		const where = folder === "" ? "the vault" : JSON.stringify(folder);
		const shown = notes.slice(0, LIST_CAP).map((n) => n.path);
		const data = { folder, paths: shown, total: notes.length, leftOut };
		const tail = leftOutSentence(leftOut, "files");
		if (notes.length === 0) {
			return toolResult.success(`No notes in ${where}.${tail}`, { data });
		}
		const head =
			notes.length > LIST_CAP
				? `The first ${LIST_CAP} of ${notes.length} notes in ${where} (pass a folder to see the rest):`
				: `${notes.length} ${notes.length === 1 ? "note" : "notes"} in ${where}:`;
		return toolResult.success(`${head}\n${shown.join("\n")}${tail}`, { data });
	},
};
