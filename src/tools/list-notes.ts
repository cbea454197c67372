/** listNotes: the notes under a folder (or the whole vault), capped so a big vault stays readable. */
import { z } from "zod";
import { normalizeFolderPath } from "../vault/paths";
import { toolResult } from "./result";
import type { ToolResult } from "./result";
import type { Tool } from "./tool";
import { vaultErrorResult } from "./vault-errors";

export const LIST_CAP = 200;

export const listNotesSchema = z.object({
	folder: z.string().optional().describe("Vault-relative folder, e.g. \"Projects\"; omit for the whole vault"),
});
export type ListNotesArgs = z.infer<typeof listNotesSchema>;

export const listNotesTool: Tool<ListNotesArgs> = {
	name: "listNotes",
	description: `List the notes under a folder (or the whole vault), sorted by path; at most ${LIST_CAP}.`,
	schema: listNotesSchema,
	defaultPreference: "always",
	async run(args, ctx): Promise<ToolResult> {
		let folder: string;
		try {
			folder = normalizeFolderPath(args.folder);
		} catch (error) {
			return vaultErrorResult(error, args.folder);
		}
		let notes;
		try {
			notes = await ctx.vault.list(folder);
		} catch (error) {
			return vaultErrorResult(error, folder);
		}
		const where = folder === "" ? "the vault" : JSON.stringify(folder);
		const shown = notes.slice(0, LIST_CAP).map((n) => n.path);
		const data = { folder, paths: shown, total: notes.length };
		if (notes.length === 0) {
			return toolResult.success(`No notes in ${where}.`, { data });
		}
		const head =
			notes.length > LIST_CAP
				? `The first ${LIST_CAP} of ${notes.length} notes in ${where} (pass a folder to see the rest):`
				: `${notes.length} ${notes.length === 1 ? "note" : "notes"} in ${where}:`;
		return toolResult.success(`${head}\n${shown.join("\n")}`, { data });
	},
};
