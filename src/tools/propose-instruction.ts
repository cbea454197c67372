/**
 * proposeInstruction (issue 33): the agent proposes an addition to the user's standing
 * instructions (the note chosen in settings, Redline/Instructions.md by default). The addition
 * goes the way of every edit: an edit card, a draft offered as a redline of that note (review
 * before write), written by compare-and-swap through the note history only when accepted, and
 * reverted like any edit. The change is made locally (a line appended, no apply model), so what
 * the card shows is exactly what would be written. A note that does not exist yet is created.
 */
import * as z from "zod/mini";
import { commitEdit } from "../composer/commit";
import type { Drafted } from "../composer/edit-outcome";
import { intentOfCall } from "../composer/intent";
import { recoverEdit } from "../composer/recover-edit";
import type { NoteHistory } from "../history/types";
import type { ToolCallView } from "../log/state";
import { toolResult } from "../log/tool-result";
import type { ToolResult } from "../log/tool-result";
import type { Store } from "../store/store";
import { offerDraft, writeAccepted } from "./edit-review";
import { editResult, recoveredCall } from "./edit-result";
import { editTargetRefusal } from "./edit-target";
import type { Suspended, Tool, ToolContext } from "./tool";

export const proposeInstructionSchema = z.object({
	text: z
		.string()
		.check(
			z.minLength(1),
			z.maxLength(2000),
			z.describe('One standing instruction to add, in the user\'s words, e.g. "Name meeting notes YYYY-MM-DD Topic."'),
		),
});
export type ProposeInstructionArgs = z.infer<typeof proposeInstructionSchema>;

export interface ProposeInstructionDeps {
	history: NoteHistory;
	/** The standing-instructions note the settings choose now; undefined: the user turned them off. */
	note: () => string | undefined;
	/** Where the draft waits for review; without it the addition is written at once. */
	drafts?: Store;
}

const DESCRIPTION = "add a standing instruction";

/** The note with the instruction appended as a list item (one line; a new note gets a heading). */
export function withInstruction(base: string | null, text: string): string {
	const line = `- ${text.replace(/\s+/gu, " ").trim()}`;
	if (base === null || base.trim() === "") return `# Instructions\n\n${line}\n`;
	return `${base}${base.endsWith("\n") ? "" : "\n"}${line}\n`;
}

export function createProposeInstructionTool(deps: ProposeInstructionDeps): Tool<ProposeInstructionArgs> {
	const { history, drafts } = deps;
	const drafted = async (args: ProposeInstructionArgs, ctx: ToolContext): Promise<Drafted | ToolResult> => {
		const path = deps.note();
		if (path === undefined)
			return toolResult.rejected(
				"Standing instructions are turned off in Redline settings; nothing was written. Tell the user what you would have added.",
				{ data: { reason: "off" } },
			);
		const refused = editTargetRefusal(path, ctx.floor);
		if (refused) return refused;
		let base: string | null;
		try {
			base = (await ctx.vault.exists(path)) ? await ctx.vault.read(path) : null;
		} catch (error) {
			const why = error instanceof Error ? error.message : String(error);
			return toolResult.error(`Could not read ${path} (${why}); nothing was written.`, { path });
		}
		const editId = intentOfCall(ctx.state(), ctx.callId)?.editId ?? declare(ctx, path, base === null);
		return {
			editId,
			path,
			description: DESCRIPTION,
			base,
			proposed: withInstruction(base, args.text),
			notes: {},
			dropped: [],
		};
	};
	return {
		name: "proposeInstruction",
		description:
			"Propose an addition to the user's standing instructions (style, naming, places never to touch), which are sent with every request. " +
			"Use it when the user states a lasting preference. The user sees it as a change to their instructions note and decides; nothing is written unless they accept.",
		schema: proposeInstructionSchema,
		defaultPreference: "prompt",
		label: "Propose a standing instruction",
		purpose: "Add a line to your standing-instructions note (shown as a redline; every change can be reverted).",
		neverSubject: "proposed instructions are",
		words: () => ({ title: "Add to the standing instructions", active: "Proposing a standing instruction" }),
		examples: () => [{ text: "Name meeting notes YYYY-MM-DD Topic." }],
		access: () => {
			const path = deps.note();
			return path === undefined
				? { reads: [], writes: [], scans: false }
				: { reads: [path], writes: [path], scans: false };
		},
		run: async (args, ctx) => {
			const outcome = await drafted(args, ctx);
			if ("status" in outcome) return outcome;
			return editResult(await commitEdit({ history, ctx, ...outcome }));
		},
		...(drafts
			? {
					draft: async (args: ProposeInstructionArgs, ctx: ToolContext): Promise<ToolResult | Suspended> => {
						const outcome = await drafted(args, ctx);
						if ("status" in outcome) return outcome;
						return offerDraft(drafts, outcome, ctx);
					},
					writeReviewed: (_args: ProposeInstructionArgs, call: ToolCallView, ctx: ToolContext) =>
						writeAccepted({ history, drafts }, call, ctx),
				}
			: {}),
		recover: async (_args, call, env) =>
			recoveredCall(await recoverEdit(history, env.vault, call.editId, call, env.state)),
	};
}

function declare(ctx: ToolContext, path: string, create: boolean): string {
	const editId = ctx.newId("edit");
	ctx.emit({
		type: "edit_intent_declared",
		editId,
		callId: ctx.callId,
		path,
		operation: create ? "create" : "modify",
		description: DESCRIPTION,
	});
	return editId;
}
