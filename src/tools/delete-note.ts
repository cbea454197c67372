/**
 * deleteNote: moves one note to the trash (Obsidian's trash setting through
 * fileManager.trashFile; `.trash/` in the sandbox). It is an edit like the others: announced as
 * one (edit_intent_declared, operation "delete", so its card says "Delete X (moves it to the
 * trash)"), asked about on Prompt, and recorded in the note history with the note's text first
 * (NoteHistory.trash), so the card's Revert, the history and v1.history.revert bring the note
 * back with identical bytes.
 */
import * as z from "zod/mini";
import { intentOfCall, normalizedOrRaw } from "../composer/intent";
import { textHash } from "../history/text";
import type { NoteHistory, WriteOutcome } from "../history/types";
import { CallStopped } from "../log/call-stopped";
import type { ThreadState } from "../log/state";
import { toolResult } from "../log/tool-result";
import type { ToolResult } from "../log/tool-result";
import type { AccessFloor } from "../vault/access-floor";
import { quoted } from "../vault/quote";
import { editTargetRefusal } from "./edit-target";
import type { Tool, ToolContext } from "./tool";
import { pathArg } from "./words";

export const deleteNoteSchema = z.object({
	path: z.string().check(z.minLength(1), z.describe('Vault-relative path of the note to delete, e.g. "Old/Plan.md"')),
});
export type DeleteNoteArgs = z.infer<typeof deleteNoteSchema>;

export interface DeleteNoteDeps {
	history: NoteHistory;
}

const DESCRIPTION = "delete the note";

export function createDeleteNoteTool(deps: DeleteNoteDeps): Tool<DeleteNoteArgs> {
	const { history } = deps;
	return {
		name: "deleteNote",
		description:
			"Delete one note: it is moved to the trash (the user's trash setting), never erased, and the user can bring it back with Revert. " +
			"Only when the user asks for a note to be deleted.",
		schema: deleteNoteSchema,
		defaultPreference: "prompt",
		label: "Delete notes (to the trash)",
		purpose: "Move a note to the trash (a revert brings it back).",
		neverSubject: "deleting notes is",
		words: (args) => {
			const path = pathArg(args, "path") ?? "a note";
			return {
				title: `Delete ${path} (moves it to the trash)`,
				active: `Moving ${path} to the trash`,
				done: `Deleted ${path} (moved to the trash)`,
			};
		},
		examples: ({ path }) => [{ path }],
		// The history reads the note to keep its text (it is not sent to the model).
		access: (args) => ({ reads: [args.path], writes: [args.path], scans: false }),
		refuse: (args, { state, floor, callId }) => refusal(args, state, floor, callId),
		announce: (partial, ids) => {
			const { path } = partial;
			if (typeof path !== "string" || path === "") return undefined;
			return {
				type: "edit_intent_declared",
				editId: ids.newId("edit"),
				callId: ids.callId,
				path: normalizedOrRaw(path),
				operation: "delete",
				description: DESCRIPTION,
			};
		},
		run: async (args, ctx) => {
			const refused = refusal(args, ctx.state(), ctx.floor, ctx.callId);
			if (refused) return refused;
			const path = normalizedOrRaw(args.path);
			const editId = intentOfCall(ctx.state(), ctx.callId)?.editId ?? declare(ctx, path);
			const data = { editId };
			if (!(await ctx.vault.exists(path)))
				return toolResult.rejected(`No note at ${path}; nothing was deleted.`, {
					path,
					data: { ...data, reason: "not-found" },
				});
			ctx.progress("writing");
			let outcome: WriteOutcome;
			try {
				outcome = await ctx.commit(() =>
					history.trash({ path, description: `Delete ${path}`, threadId: ctx.threadId, editId }),
				);
			} catch (error) {
				if (error instanceof CallStopped)
					return toolResult.error(`${error.message} Nothing was deleted.`, { path, data });
				throw error;
			}
			if (outcome.status !== "written") {
				const message = "message" in outcome ? outcome.message : "";
				return toolResult.error(`${message} ${path} was not deleted.`.trim(), { path, data });
			}
			const { versionId, added, removed } = outcome.entry;
			ctx.emit({ type: "edit_applied", editId, path, versionId, added, removed });
			return deleted(path, editId, versionId, removed);
		},
		// A crash after the history's entry: the note gone means the delete landed.
		recover: async (_args, call, env) => {
			const edit = call.editId !== undefined ? env.state.edits[call.editId] : undefined;
			if (!edit) return undefined;
			const entry = (await history.list(edit.path)).find(
				(e) => e.editId === edit.editId && e.kind === "delete" && e.at >= (call.startedAt ?? ""),
			);
			const exists = await env.vault.exists(edit.path);
			if (!entry) return { events: [], result: notDeleted(edit.path, edit.editId) };
			if (exists)
				return textHash(await env.vault.read(edit.path)) === entry.beforeHash
					? { events: [], result: notDeleted(edit.path, edit.editId) }
					: undefined;
			const { versionId, added, removed } = entry;
			const recorded = edit.applied?.versionId === versionId;
			return {
				events: recorded
					? []
					: [{ type: "edit_applied", editId: edit.editId, path: edit.path, versionId, added, removed }],
				result: deleted(edit.path, edit.editId, versionId, removed),
			};
		},
	};
}

function deleted(path: string, editId: string, versionId: string, removed: number): ToolResult {
	return toolResult.success(
		`Moved ${path} to the trash (version ${versionId}); reverting this change brings it back.`,
		{ path, data: { editId, versionId, added: 0, removed, trashed: true } },
	);
}

function notDeleted(path: string, editId: string): ToolResult {
	return toolResult.error(`Redline was closed before ${path} was deleted; it was not deleted.`, {
		path,
		data: { editId, reason: "interrupted" },
	});
}

function declare(ctx: ToolContext, path: string): string {
	const editId = ctx.newId("edit");
	ctx.emit({
		type: "edit_intent_declared",
		editId,
		callId: ctx.callId,
		path,
		operation: "delete",
		description: DESCRIPTION,
	});
	return editId;
}

/** A path under the access floor, or a path other than the one the call announced. */
function refusal(args: DeleteNoteArgs, state: ThreadState, floor: AccessFloor, callId: string): ToolResult | undefined {
	const announced = intentOfCall(state, callId);
	const data = announced ? { editId: announced.editId } : {};
	const hit = floor.check(args.path);
	if (hit) {
		const refused = editTargetRefusal(args.path, floor, data);
		if (refused)
			return { ...refused, message: refused.message.replace("Nothing was written.", "Nothing was deleted.") };
	}
	if (announced && announced.path !== normalizedOrRaw(args.path)) {
		return toolResult.error(
			`This call's path (${quoted(args.path)}) differs from the one it announced (${quoted(announced.path)}); nothing was deleted. Call deleteNote again, with the path once.`,
			{ path: announced.path, data: { ...data, reason: "changed-arguments" } },
		);
	}
	return undefined;
}
