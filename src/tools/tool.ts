/**
 * A model-facing tool (contract 3). One file per tool in src/tools/; registry.ts lists them.
 * The runner owns approvals, events and ordering; a tool only validates (zod) and does its work.
 */
import type * as z from "zod/mini";
import type { EditSession } from "../composer/edit-session";
import type { NewEvent, ToolPreference } from "../log/events";
import type { ThreadState, ToolCallView } from "../log/state";
import type { AccessFloor } from "../vault/access-floor";
import type { Vault } from "../vault/vault";
import type { ToolResult } from "../log/tool-result";

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

/** A tool that must wait for the user (askUser) returns this instead of a result. */
export interface Suspended {
	suspended: true;
	waitingFor: "answer";
	askId: string;
}

export interface Tool<Args = unknown> {
	name: string;
	/** What the model reads. */
	description: string;
	/** zod (its mini API: see json-schema.ts for the kinds the model's JSON schema is made from). */
	schema: z.ZodMiniType<Args>;
	defaultPreference: ToolPreference;
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
	announce?(partialArgs: Record<string, unknown>, ids: { callId: string; newId(prefix: string): string }): NewEvent | undefined;
	/** Approves without asking when true (executeEdit whose intent the user approved). */
	preApproved?(args: Args, state: ThreadState): boolean;
	run(args: Args, ctx: ToolContext): Promise<ToolResult | Suspended>;
	/** For a suspended call: the result once the user answered, or undefined while waiting. */
	resume?(args: Args, call: ToolCallView, state: ThreadState): ToolResult | undefined;
	/**
	 * For a call that a crash or a quit left running: what really happened, found out outside the
	 * log (an edit from the note history), or undefined when that cannot be told (the call is then
	 * completed as interrupted, "it may have partly happened").
	 */
	recover?(args: Args, call: ToolCallView, env: { state: ThreadState; vault: Vault }): Promise<RecoveredCall | undefined>;
}

export function isSuspended(outcome: ToolResult | Suspended): outcome is Suspended {
	return "suspended" in outcome && outcome.suspended;
}
