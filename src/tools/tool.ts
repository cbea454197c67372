/**
 * A model-facing tool (contract 3). One file per tool in src/tools/; registry.ts lists them.
 * The runner owns approvals, events and ordering; a tool only validates (zod) and does its work.
 */
import type { z } from "zod";
import type { NewEvent, ToolPreference } from "../thread/events";
import type { ThreadState, ToolCallView } from "../thread/state";
import type { Vault } from "../vault/vault";
import type { ToolResult } from "./result";

export interface ToolContext {
	threadId: string;
	callId: string;
	vault: Vault;
	/** Current thread state (read-only). */
	state(): ThreadState;
	/** Appends an event to the thread (e.g. question_asked, edit_applied). */
	emit(event: NewEvent): void;
	/** Reports progress (tool_call_progress). */
	progress(phase: string, fraction?: number): void;
	signal: AbortSignal;
	newId(prefix: string): string;
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
	schema: z.ZodType<Args>;
	defaultPreference: ToolPreference;
	/** The note this call would write, when it writes (for the safety floor on .obsidian/ etc.). */
	writesTo?(args: Args): string | undefined;
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
}

export function isSuspended(outcome: ToolResult | Suspended): outcome is Suspended {
	return "suspended" in outcome && outcome.suspended;
}
