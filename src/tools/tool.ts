/**
 * A model-facing tool (contract 3). One file per tool in src/tools/, one line in default-tools.ts:
 * the definition carries everything about the tool (its schema, default preference, access, its
 * words for the pane), so the agent, the Permissions panel, the settings and the tests that run
 * every registered tool all follow from it. The runner owns approvals, events and ordering; a
 * tool only validates (zod) and does its work.
 */
import type * as z from "zod/mini";
import type { EditSession } from "../composer/edit-session";
import type { NewEvent, ToolPreference, ToolWords } from "../log/events";
import type { ThreadState, ToolCallView } from "../log/state";
import type { AccessFloor } from "../vault/access-floor";
import type { Vault } from "../vault/vault";
import type { ResultSummary, ToolResult } from "../log/tool-result";

/**
 * What a call runs with: all an edit's session holds (src/composer/edit-session.ts: the thread,
 * the vault, progress, events, ids and the commit gate), and the access floor.
 */
export interface ToolContext extends EditSession {
	/** What may be read, shown or written without asking (the edit tools refuse what it flags). */
	floor: AccessFloor;
}

/**
 * What a call touches in the vault, by path: the one description the approval policy checks
 * against the access floor (src/vault/access-floor.ts). A tool reads or writes only what it
 * declares here (test/agent/tool-access.test.ts runs every registered tool to check it).
 */
export interface ToolAccess {
	/** Files whose text the call reads and sends to the model. */
	reads: readonly string[];
	/** Files the call creates or changes. */
	writes: readonly string[];
	/** The call shows paths or text of many notes (a listing, a search): it must filter them through the floor itself. */
	scans: boolean;
}

export const NO_ACCESS: ToolAccess = { reads: [], writes: [], scans: false };

/** What a tool's refusal check may look at. */
export interface RefusalContext {
	state: ThreadState;
	floor: AccessFloor;
	callId: string;
}

/** What a call's recovery found out (see Tool.recover). */
export interface RecoveredCall {
	/** Events to append before the call's result (e.g. the edit_applied a crash kept from the log). */
	events: NewEvent[];
	result: ToolResult;
}

/**
 * A tool that must wait for the user returns this instead of a result: askUser for its answer, an
 * edit tool's draft for its review (review before write).
 */
export type Suspended =
	{ suspended: true; waitingFor: "answer"; askId: string } | { suspended: true; waitingFor: "review"; editId: string };

/** What a tool's examples aim at (see Tool.examples). */
export interface ExampleTarget {
	/** A note to touch (in the access test, also every kind of file under the access floor). */
	path: string;
	/** A word the note at `path` holds. */
	word: string;
	/** The editId of an edit intent for `path` that the user approved and that applied (declared when asked for). */
	approvedEdit: () => string;
}

export interface Tool<Args = unknown> {
	name: string;
	/** What the model reads. */
	description: string;
	/** zod (its mini API: see json-schema.ts for the kinds the model's JSON schema is made from). */
	schema: z.ZodMiniType<Args>;
	/** The one default: the agent's policy, the Permissions panel and the settings read it (a setting overrides it). */
	defaultPreference: ToolPreference;
	/**
	 * The tool's name for a person, as what it does for them ("Read notes", "Apply edits"): the
	 * Permissions panel, the settings and a card's "Change the preference for …".
	 */
	label: string;
	/** One line under the name in the Permissions panel and the settings ("Open a note and read its text."). */
	purpose?: string;
	/** What "Don't allow" refuses, as the subject of "… not allowed in this chat" ("edits are"); default `"${label}" is`. */
	neverSubject?: string;
	/**
	 * The call in words for the pane, recorded on tool_call_proposed. `args` are raw: whatever the
	 * model sent (partial, invalid, or from an older version), so read them defensively (words.ts);
	 * paths go through displayPath.
	 */
	words(args: Record<string, unknown>): ToolWords;
	/**
	 * A result of this tool's run in words for a person, carried in data.summary (the runner adds
	 * it; the thread service adds it to older logs' results when it loads them). Absent, or
	 * undefined for a result: the pane shows the message.
	 */
	summary?(result: ToolResult, args: Record<string, unknown>): ResultSummary | undefined;
	/**
	 * Calls for the tests that run every registered tool (the access floor, the model contract):
	 * arguments that make the call touch `on.path`, or the vault at large. Every registered tool
	 * has them (test/agent/tool-access.test.ts fails without).
	 */
	examples?(on: ExampleTarget): Record<string, unknown>[];
	/** What the call reads and writes (see ToolAccess); required, so no tool can forget the floor. */
	access(args: Args, state: ThreadState): ToolAccess;
	/**
	 * A result for a call that cannot run at all (a path the tool never touches, an editId that
	 * is not this thread's): it completes at proposal with that result, and the user is never
	 * asked. Checked again just before the call runs (the thread may have moved on since).
	 */
	refuse?(args: Args, ctx: RefusalContext): ToolResult | undefined;
	/**
	 * Called with partial arguments while the model streams the call, and with the full ones at
	 * proposal. May return an event to emit at once (at most one per call is emitted), e.g.
	 * declareEditIntent's edit_intent_declared as soon as path and description are complete.
	 */
	announce?(
		partialArgs: Record<string, unknown>,
		ids: { callId: string; newId(prefix: string): string },
	): NewEvent | undefined;
	/**
	 * What the card should say before the user decides a call that asks, worked out without
	 * changing anything (moveNote: how many notes' links the move will update). The runner records
	 * it as the call's tool_call_progress (phase "preview") once, before it waits for the decision.
	 */
	preview?(args: Args, env: { vault: Vault; state: ThreadState }): Promise<{ changes?: number } | undefined>;
	/** Approves without asking when true (executeEdit whose intent the user approved). */
	preApproved?(args: Args, state: ThreadState): boolean;
	run(args: Args, ctx: ToolContext): Promise<ToolResult | Suspended>;
	/**
	 * Review before write (settings.editReview "changes"): a call on Prompt runs this at once,
	 * before anyone decided it. It drafts the call's change without writing anything and offers it
	 * (edit_proposed), suspended for review; or it settles the call with a result (a refusal, no
	 * change). A tool without it is asked about as any other.
	 */
	draft?(args: Args, ctx: ToolContext): Promise<ToolResult | Suspended>;
	/** Writes what the user accepted of the call's draft (call.draft.reviewed), and says what became of it. */
	writeReviewed?(args: Args, call: ToolCallView, ctx: ToolContext): Promise<ToolResult>;
	/** For a suspended call: the result once the user answered, or undefined while waiting. */
	resume?(args: Args, call: ToolCallView, state: ThreadState): ToolResult | undefined;
	/**
	 * For a call that a crash or a quit left running: what really happened, found out outside the
	 * log (an edit from the note history), or undefined when that cannot be told (the call is then
	 * completed as interrupted, "it may have partly happened").
	 */
	recover?(
		args: Args,
		call: ToolCallView,
		env: { state: ThreadState; vault: Vault },
	): Promise<RecoveredCall | undefined>;
}

export function isSuspended(outcome: ToolResult | Suspended): outcome is Suspended {
	return "suspended" in outcome && outcome.suspended;
}
