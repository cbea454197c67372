/**
 * setProperties: set and remove properties in a note's frontmatter. The change is computed
 * locally (src/composer/properties/, no apply model) and goes the way of every edit: announced
 * as an edit (edit_intent_declared, so it has an edit card), drafted and offered as a redline of
 * the frontmatter (review before write), written by compare-and-swap through the note history,
 * and reverted like any edit. A frontmatter that is not valid YAML is refused, never rewritten.
 */
import * as z from "zod/mini";
import { commitEdit } from "../composer/commit";
import { intentOfCall, normalizedOrRaw } from "../composer/intent";
import { draftProperties, type DraftedProperties } from "../composer/properties/draft-properties";
import type { YamlCodec } from "../composer/properties/yaml-codec";
import { recoverEdit } from "../composer/recover-edit";
import type { NoteHistory } from "../history/types";
import type { ThreadState, ToolCallView } from "../log/state";
import { toolResult } from "../log/tool-result";
import type { ToolResult } from "../log/tool-result";
import type { Store } from "../store/store";
import type { AccessFloor } from "../vault/access-floor";
import { quoted } from "../vault/quote";
import { offerDraft, writeAccepted } from "./edit-review";
import { editResult, recoveredCall } from "./edit-result";
import { editTargetRefusal } from "./edit-target";
import type { Suspended, Tool, ToolContext } from "./tool";
import { pathArg } from "./words";

const scalar = z.union([z.string(), z.number(), z.boolean()]);

export const setPropertiesSchema = z.object({
	path: z.string().check(z.minLength(1), z.describe('Vault-relative path of the note, e.g. "Projects/Plan.md"')),
	set: z
		.optional(z.record(z.string().check(z.minLength(1)), z.union([scalar, z.array(scalar)])))
		.check(
			z.describe(
				'Properties to add or change, name to value: text, a number, true/false or a list, e.g. {"status": "done", "tags": ["project"]}. Write dates as text: "2025-01-31"',
			),
		),
	remove: z
		.optional(z.array(z.string().check(z.minLength(1))))
		.check(z.describe("Names of properties to take out of the note")),
});
export type SetPropertiesArgs = z.infer<typeof setPropertiesSchema>;

export interface SetPropertiesDeps {
	history: NoteHistory;
	/** The host's YAML (the yaml library in the sandbox, Obsidian's own in the plugin). */
	yaml: YamlCodec;
	/** Where a draft waits for review (review before write); without it the tool writes at once. */
	drafts?: Store;
}

/** What the card says before anything is known of the change; the history entry names the properties. */
const DESCRIPTION = "change the properties";

export function createSetPropertiesTool(deps: SetPropertiesDeps): Tool<SetPropertiesArgs> {
	const { drafts, history } = deps;
	const drafted = (args: SetPropertiesArgs, ctx: ToolContext): Promise<DraftedProperties> | ToolResult => {
		const refused = refusal(args, ctx.state(), ctx.floor, ctx.callId);
		if (refused) return refused;
		const path = normalizedOrRaw(args.path);
		const editId = intentOfCall(ctx.state(), ctx.callId)?.editId ?? declare(ctx, path);
		return draftProperties({ editId, path, change: args }, ctx, deps.yaml);
	};
	return {
		name: "setProperties",
		description:
			"Set or remove properties (the YAML frontmatter) of one existing note: set adds or changes properties, remove takes them out. " +
			"Only those properties change; the rest of the note is kept as it is. Use it instead of declareEditIntent for properties. " +
			"The user may review the change before it is written. A note whose frontmatter is not valid YAML is refused.",
		schema: setPropertiesSchema,
		defaultPreference: "prompt",
		label: "Change properties",
		purpose: "Set or remove properties in a note's frontmatter (every change can be reverted).",
		neverSubject: "property changes are",
		words: (args) => {
			const path = pathArg(args, "path") ?? "a note";
			return { title: `Change the properties of ${path}`, active: `Changing the properties of ${path}` };
		},
		examples: ({ path }) => [
			{ path, set: { status: "done", tags: ["project"] } },
			{ path, remove: ["status"] },
		],
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
				operation: "modify",
				description: DESCRIPTION,
			};
		},
		run: async (args, ctx) => {
			const outcome = await drafted(args, ctx);
			if ("status" in outcome) return outcome;
			if (!("drafted" in outcome)) return settled(outcome);
			return editResult(await commitEdit({ history, ctx, ...outcome.drafted }));
		},
		...(drafts
			? {
					draft: async (args: SetPropertiesArgs, ctx: ToolContext): Promise<ToolResult | Suspended> => {
						const outcome = await drafted(args, ctx);
						if ("status" in outcome) return outcome;
						if (!("drafted" in outcome)) return settled(outcome);
						return offerDraft(drafts, outcome.drafted, ctx);
					},
					writeReviewed: (_args: SetPropertiesArgs, call: ToolCallView, ctx: ToolContext) =>
						writeAccepted({ history, drafts }, call, ctx),
				}
			: {}),
		recover: async (_args, call, env) =>
			recoveredCall(await recoverEdit(history, env.vault, call.editId, call, env.state)),
	};
}

/** The edit of a call that announced none (its arguments came whole, in a form announce could not read). */
function declare(ctx: ToolContext, path: string): string {
	const editId = ctx.newId("edit");
	ctx.emit({
		type: "edit_intent_declared",
		editId,
		callId: ctx.callId,
		path,
		operation: "modify",
		description: DESCRIPTION,
	});
	return editId;
}

/** A call that settles without a draft: a refusal of the frontmatter, nothing to change, or the note not found. */
function settled(outcome: Exclude<DraftedProperties, { drafted: unknown }>): ToolResult {
	if ("outcome" in outcome) {
		if (outcome.outcome.kind === "not-found")
			return toolResult.rejected(
				`No note at ${outcome.outcome.path}; nothing was written. setProperties changes an existing note: declare a create for a new one.`,
				{ path: outcome.outcome.path, data: { editId: outcome.outcome.editId, reason: "not-found" } },
			);
		return editResult(outcome.outcome);
	}
	if ("refused" in outcome) {
		const { path, editId, reason, message } = outcome.refused;
		const fix =
			reason === "set-and-removed"
				? "Set it or remove it."
				: "Tell the user; fixing the frontmatter is theirs to decide (an edit through declareEditIntent can, if they ask).";
		return toolResult.rejected(`${message}; nothing was written to ${path}. ${fix}`, {
			path,
			data: { editId, reason },
		});
	}
	const { unchanged, path, editId } = outcome;
	const absent = unchanged.absent.length > 0 ? ` (${unchanged.absent.map(quoted).join(", ")} not there)` : "";
	return toolResult.noop(`${path} already has these properties${absent}: nothing to change, nothing was written.`, {
		path,
		data: { editId, absent: unchanged.absent },
	});
}

/**
 * A path the edit tools never touch, a call with nothing to change, or arguments that differ from
 * the edit the call announced while it streamed (the card shows the announced path).
 */
function refusal(
	args: SetPropertiesArgs,
	state: ThreadState,
	floor: AccessFloor,
	callId: string,
): ToolResult | undefined {
	const announced = intentOfCall(state, callId);
	const data = announced ? { editId: announced.editId } : {};
	const refused = editTargetRefusal(args.path, floor, data);
	if (refused) return refused;
	if (Object.keys(args.set ?? {}).length === 0 && (args.remove ?? []).length === 0)
		return toolResult.error(
			"Give set (properties to add or change) or remove (names to take out); nothing was written.",
			{
				path: normalizedOrRaw(args.path),
				data: { ...data, reason: "nothing-to-change" },
			},
		);
	if (announced && announced.path !== normalizedOrRaw(args.path)) {
		return toolResult.error(
			`This call's path (${quoted(args.path)}) differs from the one it announced (${quoted(announced.path)}); nothing was written. Call setProperties again, with each argument once.`,
			{ path: announced.path, data: { ...data, reason: "changed-arguments" } },
		);
	}
	return undefined;
}
