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
import { runIntent } from "../composer/run-intent";
import type { IntentDeps } from "../composer/run-intent";
import type { EditOperation } from "../log/events";
import type { ThreadState } from "../log/state";
import { toolResult } from "../log/tool-result";
import type { ToolResult } from "../log/tool-result";
import type { AccessFloor } from "../vault/access-floor";
import { normalizeVaultPath } from "../vault/paths";
import { pathArg, textArg } from "./words";
import { quoted } from "../vault/quote";
import { editResult, recoveredCall } from "./edit-result";
import { editTargetRefusal } from "./edit-target";
import type { Tool } from "./tool";
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

/** The history it writes through and the apply model that drafts (see run-intent.ts). */
export type DeclareEditIntentDeps = IntentDeps;

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
		label: "planning edits",
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
			let path: string;
			try {
				path = normalizeVaultPath(args.path);
			} catch (error) {
				return vaultErrorResult(error, args.path);
			}
			const refused = refusal(args, ctx.state(), ctx.floor, ctx.callId);
			if (refused) return refused;
			return editResult(await runIntent(deps, { path, operation: args.operation, description: args.description }, ctx));
		},
		recover: async (_args, call, env) =>
			recoveredCall(await recoverEdit(deps.history, env.vault, call.editId, call, env.state)),
	};
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
