/**
 * declareEditIntent: phase 1 of an edit, tens of tokens. Its announce() turns the streaming
 * arguments into edit_intent_declared as soon as path and description are whole, so the user sees
 * "Planning to ..." about a second after the model starts. Approving the call runs phase 2 at
 * once: the composer's runIntent (src/composer/run-intent.ts) has the apply model write the new
 * note, validates it and writes it through the note history; edit-result.ts words what came of
 * it. No second main-model round trip.
 */
import * as z from "zod/mini";
import { intentOfCall, normalizedOrRaw } from "../composer/intent";
import { recoverEdit } from "../composer/recover-edit";
import { draftIntent, runIntent } from "../composer/run-intent";
import type { IntentDeps, IntentRequest } from "../composer/run-intent";
import type { EditOperation } from "../log/events";
import type { ThreadState, ToolCallView } from "../log/state";
import { toolResult } from "../log/tool-result";
import type { ToolResult } from "../log/tool-result";
import type { Store } from "../store/store";
import type { AccessFloor } from "../vault/access-floor";
import { offerDraft, writeAccepted } from "./edit-review";
import { normalizeVaultPath } from "../vault/paths";
import { pathArg, textArg } from "./words";
import { quoted } from "../vault/quote";
import { editResult, recoveredCall } from "./edit-result";
import { editTargetRefusal } from "./edit-target";
import type { Tool, ToolContext } from "./tool";
import { vaultErrorResult } from "./vault-errors";

export const MAX_DESCRIPTION_CHARS = 300;

export const declareEditIntentSchema = z.object({
	path: z.string().check(z.minLength(1), z.describe('Vault-relative path of the note, e.g. "Projects/Plan.md"')),
	operation: z
		.enum(["create", "modify", "rewrite"])
		.check(
			z.describe(
				"create: a new note; modify: change part of an existing note (the usual case); rewrite: replace the whole note",
			),
		),
	description: z
		.string()
		.check(
			z.minLength(1),
			z.maxLength(MAX_DESCRIPTION_CHARS),
			z.regex(/^[^\n]*$/, "one line"),
			z.describe(
				'One short line saying what will change, e.g. "remove all headings" or "add a summary section at the top"',
			),
		),
});
export type DeclareEditIntentArgs = z.infer<typeof declareEditIntentSchema>;

/**
 * The history it writes through and the apply model that drafts (see run-intent.ts); `drafts`:
 * where a draft waits for review (review before write; without it the tool only writes at once).
 */
export type DeclareEditIntentDeps = IntentDeps & { drafts?: Store };

const OPERATIONS: readonly string[] = ["create", "modify", "rewrite"];

export function createDeclareEditIntentTool(deps: DeclareEditIntentDeps): Tool<DeclareEditIntentArgs> {
	const { drafts } = deps;
	return {
		name: "declareEditIntent",
		description:
			"Call this FIRST for every change to a note, before anything else about the edit. Give the path, the operation and a SHORT one-line description of the change " +
			"(a few words: never the new text itself). A separate model then drafts the change; the user may review the draft before anything is written and keep all of it, part of it or none. " +
			"The result reports what was written and what the user rejected or rewrote; a rejection is their decision, so do not retry it this turn. " +
			"If it reports a failure, fix it with executeEdit using the editId it returns.",
		schema: declareEditIntentSchema,
		defaultPreference: "prompt",
		label: "Plan and draft edits",
		purpose: "Say what it will change in a note, then draft the change.",
		neverSubject: "edits are",
		// The edit's own events (its intent, progress, outcome) tell the rest.
		words: (args) => {
			const path = pathArg(args, "path") ?? "a note";
			const operation = textArg(args, "operation");
			if (operation === "create") return { title: `Create ${path}`, active: `Creating ${path}` };
			if (operation === "rewrite") return { title: `Rewrite ${path}`, active: `Rewriting ${path}` };
			return { title: `Edit ${path}`, active: `Editing ${path}` };
		},
		examples: ({ path }) => [
			{ path, operation: "modify", description: "add a line" },
			{ path: path.replace(/(\.\w+)?$/, "-new$1"), operation: "create", description: "a new note" },
		],
		// A modify or rewrite sends the note to the apply model; every operation writes it.
		access: (args) => ({ reads: args.operation === "create" ? [] : [args.path], writes: [args.path], scans: false }),
		refuse: (args, { state, floor, callId }) => refusal(args, state, floor, callId),
		announce: (partial, ids) => {
			const { path, description, operation } = partial;
			if (typeof path !== "string" || typeof description !== "string" || path === "" || description === "")
				return undefined;
			const op: EditOperation =
				typeof operation === "string" && OPERATIONS.includes(operation) ? (operation as EditOperation) : "modify";
			return {
				type: "edit_intent_declared",
				editId: ids.newId("edit"),
				callId: ids.callId,
				path: normalizedOrRaw(path),
				operation: op,
				description,
			};
		},
		run: async (args, ctx) => {
			const request = checked(args, ctx);
			if ("status" in request) return request;
			return editResult(await runIntent(deps, request, ctx));
		},
		...(drafts
			? {
					draft: async (args: DeclareEditIntentArgs, ctx: ToolContext) => {
						const request = checked(args, ctx);
						if ("status" in request) return request;
						// The user sees the draft before it is written: a doubt is a warning on it.
						return offerDraft(drafts, await draftIntent(deps, request, ctx, "warn"), ctx);
					},
					writeReviewed: (_args: DeclareEditIntentArgs, call: ToolCallView, ctx: ToolContext) =>
						writeAccepted({ history: deps.history, drafts }, call, ctx),
				}
			: {}),
		recover: async (_args, call, env) =>
			recoveredCall(await recoverEdit(deps.history, env.vault, call.editId, call, env.state)),
	};
}

/** The intent's request, with its path as the vault names it, or the refusal that answers the call. */
function checked(args: DeclareEditIntentArgs, ctx: ToolContext): IntentRequest | ToolResult {
	let path: string;
	try {
		path = normalizeVaultPath(args.path);
	} catch (error) {
		return vaultErrorResult(error, args.path);
	}
	return (
		refusal(args, ctx.state(), ctx.floor, ctx.callId) ?? {
			path,
			operation: args.operation,
			description: args.description,
		}
	);
}

/**
 * Refuses a path the edit tools never touch, and arguments that differ from the intent announced
 * while they streamed (a duplicated JSON key can change them at the end): the user approves the
 * card, and the card shows the announced path and description.
 */
function refusal(
	args: DeclareEditIntentArgs,
	state: ThreadState,
	floor: AccessFloor,
	callId: string,
): ToolResult | undefined {
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
