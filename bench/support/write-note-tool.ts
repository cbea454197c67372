/**
 * The single-phase baseline's tool (bench only): the model emits the whole new note as one tool
 * call, as the single-phase note agents do, and the note is written when the call runs. It has no
 * announce(): nothing reaches the user before the call's arguments are complete.
 */
import { z } from "zod";
import { toolResult } from "../../src/log/tool-result";
import type { Tool } from "../../src/tools/tool";

const writeNoteSchema = z.object({
	path: z.string().min(1).describe("Vault-relative path of the note"),
	content: z.string().describe("The complete new text of the note"),
});

export const writeNoteTool: Tool<z.infer<typeof writeNoteSchema>> = {
	name: "writeNote",
	description: "Replace the whole text of a note with `content`.",
	schema: writeNoteSchema,
	defaultPreference: "prompt",
	label: "writing notes",
	words: () => ({ title: "Write a note", active: "Writing a note" }),
	access: (args) => ({ reads: [], writes: [args.path], scans: false }),
	async run(args, ctx) {
		await ctx.vault.process(args.path, () => args.content);
		return toolResult.success(`Wrote ${args.path} (${args.content.length} characters)`, { path: args.path });
	},
};
