/**
 * executeEdit: the explicit path of an edit the model already declared. `edits` are search/replace
 * pairs applied without any model (exactly-once matches, whitespace-tolerant fallback, all or
 * nothing); `content` is the full new note. The composer's runExecute
 * (src/composer/run-execute.ts) checks and writes it through the note history like the apply
 * phase, edit-result.ts words what came of it, and it needs no new approval when the user
 * approved its intent.
 *
 * One approved intent covers follow-up executeEdit calls on the same note (fixing what the apply
 * phase got wrong, or doing the edit when the apply model could not): the user approved the
 * change as described, and each write is still recorded and revertible.
 */
import * as z from "zod/mini";
import { intentById, intentDenied, intentStands, normalizedOrRaw } from "../composer/intent";
import { recoverEdit } from "../composer/recover-edit";
import { draftExecute, runExecute } from "../composer/run-execute";
import type { ExecuteDeps } from "../composer/run-execute";
import type { ThreadState, ToolCallView } from "../log/state";
import { toolResult } from "../log/tool-result";
import type { ToolResult } from "../log/tool-result";
import type { Store } from "../store/store";
import type { AccessFloor } from "../vault/access-floor";
import { offerDraft, writeAccepted } from "./edit-review";
import { quoted, shortened } from "../vault/quote";
import { editResult, recoveredCall } from "./edit-result";
import { editTargetRefusal } from "./edit-target";
import type { Tool, ToolContext } from "./tool";

export const executeEditSchema = z.object({
	editId: z.string().check(z.minLength(1), z.describe("The editId that declareEditIntent returned")),
	path: z.optional(z.string()).check(z.describe("The note's path (optional; it must be the path of the intent)")),
	content: z
		.optional(z.string())
		.check(z.describe("The complete new note. Use only for short notes or new notes; prefer edits")),
	edits: z
		.optional(
			z
				.array(
					z.object({
						search: z
							.string()
							.check(
								z.describe(
									"Exact text of the note to replace; must occur exactly once (add surrounding lines to make it unique)",
								),
							),
						replace: z.string().check(z.describe("The text that replaces it")),
					}),
				)
				.check(z.minLength(1)),
		)
		.check(z.describe("Search/replace pairs, applied in order, all or nothing")),
});
export type ExecuteEditArgs = z.infer<typeof executeEditSchema>;

/** The history it writes through (see run-execute.ts); `drafts`: where a draft waits for review (as declareEditIntent). */
export type ExecuteEditDeps = ExecuteDeps & { drafts?: Store };

export function createExecuteEditTool(deps: ExecuteEditDeps): Tool<ExecuteEditArgs> {
	const { drafts } = deps;
	return {
		name: "executeEdit",
		description:
			"Make a declared edit yourself: pass the editId from declareEditIntent and either edits (search/replace pairs, preferred: each search must match the note exactly once) " +
			"or content (the complete new note). Call declareEditIntent first.",
		schema: executeEditSchema,
		defaultPreference: "prompt",
		label: "Apply edits",
		purpose: "Write a planned change into the note (every change can be reverted).",
		neverSubject: "edits are",
		words: () => ({ title: "Write the planned edit", active: "Writing the planned edit" }),
		examples: ({ path, word, approvedEdit }) => {
			const editId = approvedEdit();
			return [
				{ editId, edits: [{ search: word, replace: "public" }] },
				{ editId, content: "replaced\n" },
				{ editId, path: `${path}.other.md`, content: "x\n" },
			];
		},
		// Only the intent's own note, whatever else the arguments say.
		access: (args, state) => {
			const intent = intentById(state, args.editId);
			return intent
				? { reads: [intent.path], writes: [intent.path], scans: false }
				: { reads: [], writes: [], scans: false };
		},
		refuse: (args, { state, floor }) => refusal(args, state, floor),
		preApproved: (args, state) => {
			const intent = intentById(state, args.editId);
			return intent !== undefined && intentStands(state, intent);
		},
		run: async (args, ctx) => {
			const state = ctx.state();
			const refused = refusal(args, state, ctx.floor);
			if (refused) return refused;
			const intent = intentById(state, args.editId);
			if (!intent) throw new Error("unreachable: refusal() covers an unknown intent");
			return editResult(await runExecute(deps, intent, { content: args.content, edits: args.edits }, ctx));
		},
		...(drafts
			? {
					draft: async (args: ExecuteEditArgs, ctx: ToolContext) => {
						const state = ctx.state();
						const refused = refusal(args, state, ctx.floor);
						if (refused) return refused;
						const intent = intentById(state, args.editId);
						if (!intent) throw new Error("unreachable: refusal() covers an unknown intent");
						return offerDraft(
							drafts,
							await draftExecute(intent, { content: args.content, edits: args.edits }, ctx, "warn"),
							ctx,
						);
					},
					writeReviewed: (_args: ExecuteEditArgs, call: ToolCallView, ctx: ToolContext) =>
						writeAccepted({ history: deps.history, drafts }, call, ctx),
				}
			: {}),
		recover: async (args, call, env) =>
			recoveredCall(await recoverEdit(deps.history, env.vault, args.editId, call, env.state)),
	};
}

/**
 * An editId that is not this thread's, an intent for a path the edit tools never touch, or a
 * path argument naming another note: refused before anyone is asked, and nothing is written.
 */
function refusal(args: ExecuteEditArgs, state: ThreadState, floor: AccessFloor): ToolResult | undefined {
	const intent = intentById(state, args.editId);
	if (!intent) {
		return toolResult.error(
			`No edit intent ${quoted(args.editId)} was declared in this thread; nothing was written. Call declareEditIntent first, then executeEdit with the editId its result gives.`,
			{ data: { reason: "unknown-intent" } },
		);
	}
	// setProperties and deleteNote announce edits too; their approval covers only their own change.
	const declaredBy = state.toolCalls[intent.callId]?.tool;
	if (declaredBy !== undefined && declaredBy !== "declareEditIntent") {
		return toolResult.error(
			`The editId ${quoted(args.editId)} is a ${declaredBy} call's, not an edit intent's; nothing was written. Call declareEditIntent for the change, then executeEdit with the editId it returns.`,
			{ path: intent.path, data: { editId: intent.editId, reason: "not-an-intent" } },
		);
	}
	const refused = editTargetRefusal(intent.path, floor, { editId: intent.editId });
	if (refused) return refused;
	const path = normalizedOrRaw(intent.path);
	if (args.path !== undefined && normalizedOrRaw(args.path) !== path) {
		return toolResult.error(
			`The edit intent ${quoted(args.editId)} is for ${path}, not ${shortened(args.path)}; nothing was written. Declare an intent for ${shortened(args.path)} and use its editId.`,
			{ path, data: { editId: intent.editId, reason: "other-note" } },
		);
	}
	// Refused here, not after a card: approving the call could only end in this refusal.
	if (intentDenied(state, intent)) {
		return toolResult.rejected(
			`The user declined the edit intent "${intent.description}" for ${path}; nothing was written.`,
			{ path, data: { editId: intent.editId, reason: "denied" } },
		);
	}
	return undefined;
}
