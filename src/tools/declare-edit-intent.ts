/**
 * declareEditIntent: phase 1 of an edit, tens of tokens. Its announce() turns the streaming
 * arguments into edit_intent_declared as soon as path and description are whole, so the user sees
 * "Planning to ..." about a second after the model starts. Approving the call runs phase 2 at
 * once (run): the apply model writes the new note, it is validated, and written through the
 * note history. No second main-model round trip.
 */
import * as z from "zod/mini";
import { commitEdit, sayNothingWritten } from "../composer/commit";
import { recoverEdit } from "../composer/recover-edit";
import { intentOfCall } from "../composer/intent";
import { regenerate } from "../composer/regenerate";
import type { ApplyModels } from "../composer/regenerate";
import { noteFromOutput } from "../composer/note-from-output";
import { toModelText } from "../composer/text-format";
import type { NoteHistory } from "../history/types";
import { DEFAULT_SETTINGS } from "../settings";
import type { ApplyFormat } from "../settings";
import type { EditOperation, NewEvent } from "../thread/events";
import type { ThreadState, ToolCallView } from "../thread/state";
import type { AccessFloor } from "../vault/access-floor";
import { normalizeVaultPath } from "../vault/paths";
import { editTargetRefusal } from "./edit-target";
import { toolResult } from "./result";
import type { ToolResult } from "./result";
import type { Tool, ToolContext } from "./tool";
import { vaultErrorResult } from "./vault-errors";
import { quoted } from "../vault/quote";

export const MAX_DESCRIPTION_CHARS = 300;
/** The apply model's output ("view it") is kept in a refused result up to this size. */
const MAX_KEPT_OUTPUT = 64 * 1024;

export const declareEditIntentSchema = z.object({
	path: z.string().check(z.minLength(1), z.describe('Vault-relative path of the note, e.g. "Projects/Plan.md"')),
	operation: z
		.enum(["create", "modify", "rewrite"])
		.check(z.describe("create: a new note; modify: change part of an existing note (the usual case); rewrite: replace the whole note")),
	description: z
		.string()
		.check(
			z.minLength(1),
			z.maxLength(MAX_DESCRIPTION_CHARS),
			z.regex(/^[^\n]*$/, "one line"),
			z.describe('One short line saying what will change, e.g. "remove all headings" or "add a summary section at the top"'),
		),
});
export type DeclareEditIntentArgs = z.infer<typeof declareEditIntentSchema>;

export interface DeclareEditIntentDeps {
	history: NoteHistory;
	models: ApplyModels;
	/** The apply model's output limit in tokens (notes longer than this go by sections). */
	maxOutputTokens?: number;
	/** The "Apply format" setting, read at each edit (default: edit blocks). */
	applyFormat?: () => ApplyFormat;
}

const OPERATIONS: readonly string[] = ["create", "modify", "rewrite"];

export function createDeclareEditIntentTool(deps: DeclareEditIntentDeps): Tool<DeclareEditIntentArgs> {
	return {
		name: "declareEditIntent",
		description:
			"Call this FIRST for every change to a note, before anything else about the edit. Give the path, the operation and a SHORT one-line description of the change " +
			"(a few words: never the new text itself). Once the user approves, a separate model applies the change and the result reports the diff. " +
			"If it reports a failure, fix it with executeEdit using the editId it returns.",
		schema: declareEditIntentSchema,
		defaultPreference: "prompt",
		// A modify or rewrite sends the note to the apply model; every operation writes it.
		access: (args) => ({ reads: args.operation === "create" ? [] : [args.path], writes: [args.path], scans: false }),
		refuse: (args, { state, floor, callId }) => refusal(args, state, floor, callId),
		announce: (partial, ids) => {
			const { path, description, operation } = partial;
			if (typeof path !== "string" || typeof description !== "string" || path === "" || description === "") return undefined;
			const op: EditOperation = typeof operation === "string" && OPERATIONS.includes(operation) ? (operation as EditOperation) : "modify";
			return { type: "edit_intent_declared", editId: ids.newId("edit"), callId: ids.callId, path: normalizedOrRaw(path), operation: op, description };
		},
		run: (args, ctx) => applyIntent(deps, args, ctx),
		recover: (_args, call, env) => recoverEdit(deps.history, env.vault, call.editId, call, env.state),
	};
}

async function applyIntent(deps: DeclareEditIntentDeps, args: DeclareEditIntentArgs, ctx: ToolContext): Promise<ToolResult> {
	let path: string;
	try {
		path = normalizeVaultPath(args.path);
	} catch (error) {
		return vaultErrorResult(error, args.path);
	}
	const refused = refusal(args, ctx.state(), ctx.floor, ctx.callId);
	if (refused) return refused;
	const editId = ensureIntent(args, path, ctx);
	const withId = (extra: Record<string, unknown> = {}) => ({ path, data: { editId, ...extra } });

	let base: string | null = null;
	try {
		const exists = await ctx.vault.exists(path);
		if (args.operation === "create" && exists) {
			return toolResult.rejected(`${path} already exists; nothing was written. Declare a modify to change it.`, withId({ reason: "exists" }));
		}
		if (args.operation !== "create") {
			if (!exists) {
				return toolResult.rejected(`No note at ${path}. Use listNotes or searchNotes to find it, or declare a create for a new note.`, withId({ reason: "not-found" }));
			}
			base = await ctx.vault.read(path);
		}
	} catch (error) {
		const result = vaultErrorResult(error, path);
		return { ...result, data: { editId } };
	}

	const note = toModelText(base ?? "");
	const outcome = await regenerate({
		models: deps.models,
		maxOutputTokens: deps.maxOutputTokens,
		path,
		operation: args.operation,
		description: withApproval(args.description, ctx.state().toolCalls[ctx.callId]),
		note,
		format: deps.applyFormat?.() ?? DEFAULT_SETTINGS.applyFormat,
		signal: ctx.signal,
		progress: (phase, fraction, changes) => ctx.progress(phase, fraction, changes),
	});
	if (!outcome.ok) {
		const retry = ` To make the change without the apply model, call executeEdit with editId "${editId}" and ${args.operation === "create" ? "the new note's content" : "search/replace edits"}.`;
		const extra = withId({
			reason: outcome.reason,
			...(outcome.output === undefined ? {} : { output: outcome.output.slice(0, MAX_KEPT_OUTPUT) }),
			...(outcome.fallback === undefined ? {} : { fallback: outcome.fallback }),
		});
		const message = outcome.reason === "aborted" ? outcome.message : sayNothingWritten(outcome.message) + retry;
		return outcome.reason === "too-large" ? toolResult.rejected(message, extra) : toolResult.error(message, extra);
	}

	const stored = noteFromOutput(base, outcome.text, args.description);
	return commitEdit({
		dropped: stored.dropped,
		history: deps.history,
		ctx,
		editId,
		path,
		description: args.description,
		base,
		proposed: stored.proposed,
		data: {
			...(outcome.stripped.length > 0 ? { stripped: outcome.stripped } : {}),
			...(outcome.sections ? { sections: outcome.sections } : {}),
			...(outcome.editBlocks ? { editBlocks: outcome.editBlocks.count, ...(outcome.editBlocks.tolerant.length > 0 ? { tolerant: outcome.editBlocks.tolerant } : {}) } : {}),
			...(outcome.fallback ? { fallback: outcome.fallback } : {}),
			...(stored.frontmatterRestored ? { frontmatterRestored: true } : {}),
		},
	});
}

/**
 * Refuses a path the edit tools never touch, and arguments that differ from the intent announced
 * while they streamed (a duplicated JSON key can change them at the end): the user approves the
 * card, and the card shows the announced path and description.
 */
function refusal(args: DeclareEditIntentArgs, state: ThreadState, floor: AccessFloor, callId: string): ToolResult | undefined {
	const announced = intentOfCall(state, callId);
	const data = announced ? { editId: announced.editId } : {};
	const refused = editTargetRefusal(args.path, floor, data);
	if (refused) return refused;
	if (announced && (announced.path !== normalizedOrRaw(args.path) || announced.description !== args.description)) {
		return toolResult.error(
			`This call's arguments (${quoted(args.path)}: ${quoted(args.description)}) differ from the intent it announced (${quoted(announced.path)}: ${quoted(announced.description)}); nothing was written. Declare the intent again, with each argument once.`,
			{ path: announced.path, data: { ...data, reason: "changed-arguments" } },
		);
	}
	return undefined;
}

/** The path as the vault names it ("./A.md" is "A.md"); an invalid one as given (run refuses it). */
export function normalizedOrRaw(path: string): string {
	try {
		return normalizeVaultPath(path);
	} catch {
		return path;
	}
}

/** The intent's editId: the one announced while the call streamed, or a new one announced now. */
function ensureIntent(args: DeclareEditIntentArgs, path: string, ctx: ToolContext): string {
	const known = intentOfCall(ctx.state(), ctx.callId);
	if (known) return known.editId;
	const editId = ctx.newId("edit");
	const event: NewEvent = { type: "edit_intent_declared", editId, callId: ctx.callId, path, operation: args.operation, description: args.description };
	ctx.emit(event);
	return editId;
}

/** The change the apply model is asked for, with the comment the user approved it with ("Run, and keep the dates"). */
function withApproval(description: string, call: ToolCallView | undefined): string {
	const comment = call?.decision === "approved" && call.decidedBy === "user" ? call.comment?.trim() : undefined;
	return comment ? `${description} (the user approved this with a comment: ${comment})` : description;
}
