/**
 * executeEdit: the explicit path of an edit the model already declared. `edits` are search/replace
 * pairs applied without any model (exactly-once matches, whitespace-tolerant fallback, all or
 * nothing); `content` is the full new note. It writes through the note history like the apply
 * phase, and needs no new approval when the user approved its intent.
 *
 * One approved intent covers follow-up executeEdit calls on the same note (fixing what the apply
 * phase got wrong, or doing the edit when the apply model could not): the user approved the
 * change as described, and each write is still recorded and revertible.
 */
import * as z from "zod/mini";
import { commitEdit } from "../composer/commit";
import { recoverEdit } from "../composer/recover-edit";
import { intentById, intentDenied, intentStands } from "../composer/intent";
import { applyEdits } from "../composer/search-replace";
import { droppedChanges } from "../composer/dropped";
import { asksToEmpty } from "../composer/modify-checks";
import type { Dropped } from "../composer/dropped";
import { keepFrontmatter, toModelText, toNoteText } from "../composer/text-format";
import { invisibleWords, modifyRefusal, showsNothing } from "../composer/validate";
import type { NoteHistory } from "../history/types";
import type { EditView, ThreadState } from "../log/state";
import type { AccessFloor } from "../vault/access-floor";
import { normalizedOrRaw } from "./declare-edit-intent";
import { editTargetRefusal } from "./edit-target";
import { toolResult } from "../log/tool-result";
import type { ToolResult } from "../log/tool-result";
import type { Tool, ToolContext } from "./tool";
import { vaultErrorResult } from "./vault-errors";
import { quoted, shortened } from "../vault/quote";

export const executeEditSchema = z.object({
	editId: z.string().check(z.minLength(1), z.describe("The editId that declareEditIntent returned")),
	path: z.optional(z.string()).check(z.describe("The note's path (optional; it must be the path of the intent)")),
	content: z.optional(z.string()).check(z.describe("The complete new note. Use only for short notes or new notes; prefer edits")),
	edits: z
		.optional(
			z
				.array(
					z.object({
						search: z.string().check(z.describe("Exact text of the note to replace; must occur exactly once (add surrounding lines to make it unique)")),
						replace: z.string().check(z.describe("The text that replaces it")),
					}),
				)
				.check(z.minLength(1)),
		)
		.check(z.describe("Search/replace pairs, applied in order, all or nothing")),
});
export type ExecuteEditArgs = z.infer<typeof executeEditSchema>;

export interface ExecuteEditDeps {
	history: NoteHistory;
}

export function createExecuteEditTool(deps: ExecuteEditDeps): Tool<ExecuteEditArgs> {
	return {
		name: "executeEdit",
		description:
			"Make a declared edit yourself: pass the editId from declareEditIntent and either edits (search/replace pairs, preferred: each search must match the note exactly once) " +
			"or content (the complete new note). Call declareEditIntent first.",
		schema: executeEditSchema,
		defaultPreference: "prompt",
		label: "writing edits",
		neverSubject: "edits are",
		words: () => ({ title: "Write the planned edit", active: "Writing the planned edit" }),
		examples: ({ path, word, approvedEdit }) => {
			const editId = approvedEdit();
			return [{ editId, edits: [{ search: word, replace: "public" }] }, { editId, content: "replaced\n" }, { editId, path: `${path}.other.md`, content: "x\n" }];
		},
		// Only the intent's own note, whatever else the arguments say.
		access: (args, state) => {
			const intent = intentById(state, args.editId);
			return intent ? { reads: [intent.path], writes: [intent.path], scans: false } : { reads: [], writes: [], scans: false };
		},
		refuse: (args, { state, floor }) => refusal(args, state, floor),
		preApproved: (args, state) => {
			const intent = intentById(state, args.editId);
			return intent !== undefined && intentStands(state, intent);
		},
		run: (args, ctx) => execute(deps, args, ctx),
		recover: (args, call, env) => recoverEdit(deps.history, env.vault, args.editId, call, env.state),
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
		return toolResult.rejected(`The user declined the edit intent "${intent.description}" for ${path}; nothing was written.`, { path, data: { editId: intent.editId, reason: "denied" } });
	}
	return undefined;
}

async function execute(deps: ExecuteEditDeps, args: ExecuteEditArgs, ctx: ToolContext): Promise<ToolResult> {
	const state = ctx.state();
	const refused = refusal(args, state, ctx.floor);
	if (refused) return refused;
	const intent = intentById(state, args.editId);
	if (!intent) throw new Error("unreachable: refusal() covers an unknown intent");
	const path = normalizedOrRaw(intent.path);
	const common = (extra: Record<string, unknown> = {}) => ({ path, data: { editId: intent.editId, ...extra } });
	const hasContent = args.content !== undefined;
	const hasEdits = args.edits !== undefined;
	if (hasContent === hasEdits) {
		return toolResult.error("Pass exactly one of content (the complete new note) or edits (search/replace pairs).", common());
	}

	let base: string | null;
	try {
		base = (await ctx.vault.exists(path)) ? await ctx.vault.read(path) : null;
	} catch (error) {
		return { ...vaultErrorResult(error, path), data: { editId: intent.editId } };
	}
	const planned = plan(intent, path, base, args);
	if ("result" in planned) return { ...planned.result, ...common(planned.result.data) };
	const { proposed, data, dropped } = planned;
	return commitEdit({ history: deps.history, ctx, editId: intent.editId, path, description: intent.description, base, proposed, data, dropped });
}

type Plan = { proposed: string; data: Record<string, unknown>; dropped: Dropped[] } | { result: ToolResult };

function plan(intent: EditView, path: string, base: string | null, args: ExecuteEditArgs): Plan {
	if (base === null) {
		if (intent.operation !== "create") return { result: toolResult.rejected(`No note at ${path}; nothing was written.`, { data: { reason: "not-found" } }) };
		if (args.content === undefined) return { result: toolResult.error(`${path} does not exist yet: pass its content, not edits.`) };
		return { proposed: toNoteText(args.content, null), data: {}, dropped: [] };
	}
	// A create intent only covers a note it created itself (a follow-up fix), never an existing one.
	if (intent.operation === "create" && intent.applied === undefined) {
		return { result: toolResult.rejected(`${path} already exists; nothing was written. Declare a modify to change it.`, { data: { reason: "exists" } }) };
	}
	const note = toModelText(base);
	if (args.edits !== undefined) {
		const applied = applyEdits(note, args.edits);
		if (!applied.ok) return { result: toolResult.error(applied.message, { data: { reason: "edits-failed", failures: applied.failures } }) };
		const emptied = emptiedRefusal(note, applied.text, intent, path, "edits");
		if (emptied) return { result: emptied };
		const proposed = toNoteText(applied.text, base);
		const dropped = droppedChanges({ intended: applied.text, stored: proposed, base, frontmatterRestored: false, explicit: true });
		return { proposed, data: applied.tolerant.length > 0 ? { tolerant: applied.tolerant } : {}, dropped };
	}
	const content = toModelText(args.content ?? "");
	const emptied = emptiedRefusal(note, content, intent, path, "content");
	if (emptied) return { result: emptied };
	if (intent.operation === "modify") {
		const refused = modifyRefusal(note, content, intent.description);
		if (refused) return { result: toolResult.error(refused.message.replace(/The apply model's output/, "The content"), { data: { reason: refused.reason } }) };
	}
	const kept = keepFrontmatter(note, content, intent.description);
	const proposed = toNoteText(kept.text, base);
	const dropped = droppedChanges({ intended: content, stored: proposed, base, frontmatterRestored: kept.restored, explicit: true });
	return { proposed, data: kept.restored ? { frontmatterRestored: true } : {}, dropped };
}

/**
 * Whatever the operation (a rewrite, the follow-up of a create, edits that take out every line),
 * a non-empty note is emptied only when the intent asks for exactly that, as in the apply phase.
 */
function emptiedRefusal(note: string, proposed: string, intent: EditView, path: string, what: "content" | "edits"): ToolResult | undefined {
	if (showsNothing(note) || !showsNothing(proposed) || asksToEmpty(intent.description)) return undefined;
	const invisible = proposed.trim() === "" ? "" : `, as it holds only ${invisibleWords(proposed)}`;
	const said = what === "content" ? `The content is empty${invisible}` : `The edits leave the note empty${invisible}`;
	return toolResult.error(`${said}, and the intent ("${intent.description}") does not ask to empty ${path}; nothing was written.`, { data: { reason: "empty" } });
}
