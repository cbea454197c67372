/**
 * moveNote: moves or renames one note, with the links to it updated as Obsidian does
 * (fileManager.renameFile in Obsidian; links/move-links.ts in the sandbox's vault). It is an edit
 * like deleteNote: announced as one (edit_intent_declared, operation "move", description "move to
 * <newPath>"), asked about on Prompt, and recorded in the note history as a `move` entry tied to
 * one entry per linking note (NoteHistory.move), so the card's Revert, the history and Undo this
 * turn move the note back and restore the links, merge-safe. The links it will update are counted
 * before anyone decides (preview) and again before the move, for the card ("updates links in 3 notes").
 */
import * as z from "zod/mini";
import { intentOfCall, normalizedOrRaw } from "../composer/intent";
import type { HistoryEntry, NoteHistory, WriteOutcome } from "../history/types";
import { CallStopped } from "../log/call-stopped";
import type { ThreadState } from "../log/state";
import { toolResult } from "../log/tool-result";
import type { ToolResult } from "../log/tool-result";
import type { AccessFloor } from "../vault/access-floor";
import type { Vault } from "../vault/vault";
import { planVaultMove } from "../vault/links/update-links";
import { quoted } from "../vault/quote";
import { editTargetRefusal } from "./edit-target";
import type { Tool, ToolContext } from "./tool";
import { pathArg, plural } from "./words";

export const moveNoteSchema = z.object({
	path: z.string().check(z.minLength(1), z.describe('Vault-relative path of the note to move, e.g. "Inbox/Plan.md"')),
	newPath: z
		.string()
		.check(
			z.minLength(1),
			z.describe(
				'Its new vault-relative path, with the file name, e.g. "Projects/Roadmap.md" (missing folders are made)',
			),
		),
});
export type MoveNoteArgs = z.infer<typeof moveNoteSchema>;

export interface MoveNoteDeps {
	history: NoteHistory;
}

/** The announced description: what the card says after "Move <path>". */
export function moveDescription(newPath: string): string {
	return `move to ${newPath}`;
}

export function createMoveNoteTool(deps: MoveNoteDeps): Tool<MoveNoteArgs> {
	const { history } = deps;
	return {
		name: "moveNote",
		description:
			"Move or rename one note. Links to it in other notes are updated, as Obsidian does. Refused when a file exists at newPath. " +
			"The user can move it back, links and all, with Revert.",
		schema: moveNoteSchema,
		defaultPreference: "prompt",
		label: "Move and rename notes",
		purpose: "Move or rename a note; links to it are updated (a revert moves it back).",
		neverSubject: "moving notes is",
		words: (args) => {
			const path = pathArg(args, "path") ?? "a note";
			const to = pathArg(args, "newPath") ?? "a new path";
			return { title: `Move ${path} → ${to}`, active: `Moving ${path} → ${to}`, done: `Moved ${path} → ${to}` };
		},
		examples: ({ path }) => [{ path, newPath: `Moved/${path}` }],
		// Every note may hold a link to it: the history reads them, and rewrites those that do (never sent to the model).
		access: (args) => ({ reads: [args.path], writes: [args.path, args.newPath], scans: false }),
		refuse: (args, { state, floor, callId }) => refusal(args, state, floor, callId),
		announce: (partial, ids) => {
			const { path, newPath } = partial;
			if (typeof path !== "string" || path === "" || typeof newPath !== "string" || newPath === "") return undefined;
			return {
				type: "edit_intent_declared",
				editId: ids.newId("edit"),
				callId: ids.callId,
				path: normalizedOrRaw(path),
				operation: "move",
				description: moveDescription(normalizedOrRaw(newPath)),
			};
		},
		// The card's "updates links in 3 notes", before anyone decides (nothing is written).
		preview: async (args, { vault }) => {
			const path = normalizedOrRaw(args.path);
			if (!(await vault.exists(path))) return undefined;
			return { changes: await linkingNotes(vault, path, normalizedOrRaw(args.newPath)) };
		},
		run: async (args, ctx) => {
			const refused = refusal(args, ctx.state(), ctx.floor, ctx.callId);
			if (refused) return refused;
			const path = normalizedOrRaw(args.path);
			const newPath = normalizedOrRaw(args.newPath);
			const editId = intentOfCall(ctx.state(), ctx.callId)?.editId ?? declare(ctx, path, newPath);
			const data = { editId };
			if (!(await ctx.vault.exists(path)))
				return toolResult.rejected(`No note at ${path}; nothing was moved.`, {
					path,
					data: { ...data, reason: "not-found" },
				});
			if (await ctx.vault.exists(newPath))
				return toolResult.rejected(`${newPath} already exists; ${path} was not moved. Choose another path.`, {
					path,
					data: { ...data, reason: "exists" },
				});
			// How many notes' links the move will update, unless the card has it from before the decision
			// (counting reads the whole vault; the result says how many it updated).
			const progress = ctx.state().toolCalls[ctx.callId]?.progress;
			const previewed = progress?.phase === "preview" ? progress.changes : undefined;
			ctx.progress("moving", undefined, previewed ?? (await linkingNotes(ctx.vault, path, newPath)));
			let outcome: WriteOutcome;
			try {
				outcome = await ctx.commit(() =>
					history.move({
						path,
						newPath,
						description: `Move ${path} to ${newPath}`,
						threadId: ctx.threadId,
						editId,
					}),
				);
			} catch (error) {
				if (error instanceof CallStopped)
					return toolResult.error(`${error.message} Nothing was moved.`, { path, data });
				throw error;
			}
			if (outcome.status !== "written") {
				const message = "message" in outcome ? outcome.message : "";
				return toolResult.error(`${message} ${path} was not moved.`.trim(), { path, data });
			}
			const { versionId, added, removed } = outcome.entry;
			ctx.emit({ type: "edit_applied", editId, path, versionId, added, removed });
			return moved(path, newPath, editId, outcome.entry);
		},
		// A crash after the history's entry: the entry names the move; none, and the note still where it was, means it did not move.
		recover: async (args, call, env) => {
			const edit = call.editId !== undefined ? env.state.edits[call.editId] : undefined;
			if (!edit) return undefined;
			const newPath = normalizedOrRaw(args.newPath);
			const entry = (await history.list(newPath)).find(
				(e) => e.editId === edit.editId && e.kind === "move" && e.at >= (call.startedAt ?? ""),
			);
			if (!entry) {
				const stayed = (await env.vault.exists(edit.path)) && !(await env.vault.exists(newPath));
				return stayed
					? {
							events: [],
							result: toolResult.error(`Redline was closed before ${edit.path} was moved; it was not moved.`, {
								path: edit.path,
								data: { editId: edit.editId, reason: "interrupted" },
							}),
						}
					: undefined;
			}
			const { versionId, added, removed } = entry;
			const recorded = edit.applied?.versionId === versionId;
			return {
				events: recorded
					? []
					: [{ type: "edit_applied", editId: edit.editId, path: edit.path, versionId, added, removed }],
				result: moved(edit.path, newPath, edit.editId, entry),
			};
		},
	};
}

function moved(path: string, newPath: string, editId: string, entry: HistoryEntry): ToolResult {
	const { versionId, added, removed } = entry;
	const links = entry.move?.links.length ?? 0;
	return toolResult.success(
		`Moved ${path} to ${newPath} (version ${versionId}); updated links in ${plural(links, "note")}. Reverting this change moves it back and restores the links.`,
		{ path: newPath, data: { editId, versionId, added, removed, movedTo: newPath, linksUpdated: links } },
	);
}

/** How many other notes' links moving `path` to `newPath` rewrites (a plan: nothing is written). */
async function linkingNotes(vault: Vault, path: string, newPath: string): Promise<number> {
	const { texts } = await planVaultMove(vault, path, newPath);
	return [...texts.keys()].filter((p) => p !== path).length;
}

function declare(ctx: ToolContext, path: string, newPath: string): string {
	const editId = ctx.newId("edit");
	ctx.emit({
		type: "edit_intent_declared",
		editId,
		callId: ctx.callId,
		path,
		operation: "move",
		description: moveDescription(newPath),
	});
	return editId;
}

/** Either path under the access floor or outside the vault, the same path, or paths other than the announced ones. */
function refusal(args: MoveNoteArgs, state: ThreadState, floor: AccessFloor, callId: string): ToolResult | undefined {
	const announced = intentOfCall(state, callId);
	const data = announced ? { editId: announced.editId } : {};
	for (const path of [args.path, args.newPath]) {
		const refused = editTargetRefusal(path, floor, data);
		if (refused) return { ...refused, message: refused.message.replace("Nothing was written.", "Nothing was moved.") };
	}
	const path = normalizedOrRaw(args.path);
	const newPath = normalizedOrRaw(args.newPath);
	if (path === newPath)
		return toolResult.error(`${quoted(args.path)} is already at that path; nothing was moved.`, {
			path,
			data: { ...data, reason: "same-path" },
		});
	if (announced && (announced.path !== path || announced.description !== moveDescription(newPath))) {
		return toolResult.error(
			`This call's paths differ from the ones it announced (${quoted(announced.path)}: ${quoted(announced.description)}); nothing was moved. Call moveNote again, with each path once.`,
			{ path: announced.path, data: { ...data, reason: "changed-arguments" } },
		);
	}
	return undefined;
}
