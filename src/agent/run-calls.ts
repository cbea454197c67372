/**
 * Settles the calls that are decided but not finished, in proposal order: runs approved ones,
 * answers denied ones with a rejected result, resumes suspended ones (askUser) once answered.
 * It stops at the first call still waiting for the user, so calls always run in the order the
 * model asked for them.
 *
 * A call starts only once its start is saved (a crash then knows it may have run). A Stop
 * answers a running call "Stopped by the user" at once, unless it is committing its write: then
 * the stop waits, and the result says what happened. A shutdown records no stop at all: the
 * next open recovers the turn as interrupted (src/thread/recovery.ts).
 */
import { isShutdown, STOPPED_MESSAGE } from "../log/driver";
import type { ThreadHandle } from "../log/driver";
import { INTERRUPTED_CALL_MESSAGE } from "../log/driver";
import { isKnownEvent } from "../log/events";
import type { SettleReason } from "../log/events";
import type { ToolCallView } from "../log/state";
import { openCallIds } from "../log/open-calls";
import { withRepeatedFailure } from "./repeat-guard";
import { capResult } from "./result-caps";
import { toolResult } from "../log/tool-result";
import type { ToolResult } from "../log/tool-result";
import type { AnyTool, ToolRegistry } from "../tools/registry";
import { isSuspended } from "../tools/tool";
import type { Suspended } from "../tools/tool";
import { summarized } from "../tools/words";
import type { AccessFloor } from "../vault/access-floor";
import type { Vault } from "../vault/vault";
import { CallScope } from "./call-scope";
import { persist } from "./persist";
import { setStatus } from "./status";
import { mapBounded } from "./bounded-map";

export type SettleOutcome = "done" | "waiting_for_approval" | "waiting_for_answer" | "waiting_for_review" | "stopped";

/** The result a denied call answers the model with. */
export function deniedResult(call: ToolCallView): ToolResult {
	const comment = call.comment?.trim();
	return toolResult.rejected(comment ? `The user denied this call: ${comment}` : "The user denied this call.", {
		data: { by: call.decidedBy ?? "user" },
	});
}

/** What a running tool reaches: the vault, and the floor it must respect. */
export interface ToolEnvironment {
	vault: Vault;
	floor: AccessFloor;
	/** Review before write (settings.editReview "changes"): a call on Prompt whose tool drafts is drafted before anyone decides it. */
	draftFirst?: boolean;
	/** How many drafts of one reply are made at once (default DRAFTS_AT_ONCE). */
	draftsAtOnce?: number;
}

/** Drafts made side by side at most, by default: a few model streams at once, not one per intent. */
export const DRAFTS_AT_ONCE = 4;

export async function settleCalls(
	thread: ThreadHandle,
	tools: ToolRegistry,
	env: ToolEnvironment,
	signal: AbortSignal,
): Promise<SettleOutcome> {
	// A draft waiting for review holds back the calls after it, except other drafts of the same
	// reply: each is written as soon as its own review is in, whatever order they are reviewed in.
	let reviewWaits = false;
	for (const callId of openCallIds(thread)) {
		const call = thread.state().toolCalls[callId];
		if (!call || call.phase === "completed") continue;
		if (signal.aborted) return stop(thread, signal);
		if (reviewWaits && call.draft === undefined) {
			// A move after the drafts of its reply is asked about beside them: its card says what it will do.
			await previewWaiting(thread, tools, env);
			return "waiting_for_review";
		}
		if (call.phase === "proposed") {
			if (!draftsFirst(tools, env, call)) {
				await previewWaiting(thread, tools, env);
				return "waiting_for_approval";
			}
			// This call and the drafting calls right after it are drafted side by side (a few at a
			// time): the user sees every draft of the reply as soon as each is made, not one review at a time.
			const batch = draftBatch(thread, tools, env, callId);
			const outcomes = await mapBounded(batch, env.draftsAtOnce ?? DRAFTS_AT_ONCE, (next) =>
				runCall(thread, tools, env, next, signal, "draft"),
			);
			if (outcomes.includes("stopped")) return stop(thread, signal);
			if (outcomes[0] !== "review") continue;
		}
		if (call.phase === "denied") {
			complete(thread, callId, deniedResult(call));
			continue;
		}
		const drafted = thread.state().toolCalls[callId];
		if (drafted?.draft) {
			const outcome = await settleDraft(thread, tools, env, drafted, signal);
			if (outcome === "waiting") reviewWaits = true;
			if (outcome === "stopped") return stop(thread, signal);
			continue;
		}
		if (call.phase === "running") {
			const outcome = resumeRunning(thread, tools, call);
			if (outcome === "waiting") return "waiting_for_answer";
			continue;
		}
		const outcome = await runCall(thread, tools, env, call, signal);
		if (outcome === "suspended") return "waiting_for_answer";
		if (outcome === "stopped") return stop(thread, signal);
	}
	return reviewWaits ? "waiting_for_review" : "done";
}

/**
 * The previews of the calls that wait for the user (Tool.preview), each made once: the card says
 * what the call will do before it is decided. A preview that fails leaves the card as it was.
 */
async function previewWaiting(thread: ThreadHandle, tools: ToolRegistry, env: ToolEnvironment): Promise<void> {
	let previewed = false;
	for (const callId of openCallIds(thread)) {
		const call = thread.state().toolCalls[callId];
		const tool = call ? tools.get(call.tool) : undefined;
		if (!call || !tool?.preview || call.phase !== "proposed" || call.progress !== undefined) continue;
		const checked = tools.checkArgs(tool, call.args);
		if (!checked.ok) continue;
		try {
			const preview = await tool.preview(checked.args, { vault: env.vault, state: thread.state() });
			if (preview === undefined || thread.state().toolCalls[callId]?.phase !== "proposed") continue;
			thread.append({
				type: "tool_call_progress",
				callId,
				phase: "preview",
				...(preview.changes !== undefined ? { changes: preview.changes } : {}),
			});
			previewed = true;
		} catch (error) {
			console.warn(`Redline: could not preview ${tool.name}:`, error);
		}
	}
	if (previewed) await persist(thread);
}

/** Whether the call is drafted before anyone decides it (review before write, a tool that drafts, undecided). */
function draftsFirst(tools: ToolRegistry, env: ToolEnvironment, call: ToolCallView): boolean {
	return (
		env.draftFirst === true &&
		call.phase === "proposed" &&
		call.decision === undefined &&
		tools.get(call.tool)?.draft !== undefined
	);
}

/** The call and the undecided drafting calls that follow it up to the first call that is not one. */
function draftBatch(thread: ThreadHandle, tools: ToolRegistry, env: ToolEnvironment, fromId: string): ToolCallView[] {
	const state = thread.state();
	const order = openCallIds(thread);
	const batch: ToolCallView[] = [];
	for (const callId of order.slice(order.indexOf(fromId))) {
		const call = state.toolCalls[callId];
		if (!call || call.phase === "completed") continue;
		if (!draftsFirst(tools, env, call)) break;
		batch.push(call);
	}
	return batch;
}

/** A call in phase "running" at the start of a drive: suspended (askUser) or cut by a restart. */
function resumeRunning(thread: ThreadHandle, tools: ToolRegistry, call: ToolCallView): "waiting" | "settled" {
	const tool = tools.get(call.tool);
	if (tool?.resume) {
		const checked = tools.checkArgs(tool, call.args);
		const result = checked.ok ? tool.resume(checked.args, call, thread.state()) : toolResult.error(checked.message);
		if (result === undefined) return "waiting";
		complete(thread, call.callId, checked.ok ? summarized(tool, result, call.args) : result);
		return "settled";
	}
	complete(thread, call.callId, toolResult.error(INTERRUPTED_CALL_MESSAGE));
	return "settled";
}

async function runCall(
	thread: ThreadHandle,
	tools: ToolRegistry,
	env: ToolEnvironment,
	call: ToolCallView,
	driveSignal: AbortSignal,
	how: "run" | "draft" = "run",
): Promise<"completed" | "suspended" | "review" | "stopped"> {
	const tool = tools.get(call.tool);
	if (!tool) {
		complete(thread, call.callId, toolResult.error(`There is no tool named ${JSON.stringify(call.tool)} any more.`));
		return "completed";
	}
	const checked = tools.checkArgs(tool, call.args);
	if (!checked.ok) {
		complete(thread, call.callId, toolResult.error(checked.message));
		return "completed";
	}
	// Checked at proposal too; again here because the thread may have changed since (a restart).
	const refused = tool.refuse?.(checked.args, { state: thread.state(), floor: env.floor, callId: call.callId });
	if (refused) {
		complete(thread, call.callId, refused);
		return "completed";
	}
	// A draft ends early when the user skips it (or a new message denies it) while it is made.
	const skipped = how === "draft" ? skipWatch(thread, call.callId) : undefined;
	const signal = skipped ? AbortSignal.any([driveSignal, skipped.signal]) : driveSignal;
	try {
		return await startAndRun(thread, tool, checked.args, env, call, driveSignal, signal, how);
	} finally {
		skipped?.stop();
	}
}

async function startAndRun(
	thread: ThreadHandle,
	tool: AnyTool,
	args: unknown,
	env: ToolEnvironment,
	call: ToolCallView,
	driveSignal: AbortSignal,
	signal: AbortSignal,
	how: "run" | "draft",
): Promise<"completed" | "suspended" | "review" | "stopped"> {
	thread.append({ type: "tool_call_started", callId: call.callId });
	setStatus(thread, "running_tool", tool.name);
	try {
		await persist(thread);
	} catch (failure) {
		complete(
			thread,
			call.callId,
			toolResult.error(`Not run: Redline could not save this chat, so it did not start ${tool.name}.`),
		);
		throw failure;
	}
	if (signal.aborted && !driveSignal.aborted) return settleSkipped(thread, call.callId);
	if (signal.aborted) {
		if (isShutdown(signal))
			complete(thread, call.callId, toolResult.error("Not run: Redline was closing before this call started."));
		else complete(thread, call.callId, toolResult.error(`${STOPPED_MESSAGE} before this call ran.`), "stopped");
		return "stopped";
	}
	const scope = new CallScope(thread, call.callId, env, signal);
	let outcome: ToolResult | Suspended | typeof ABORTED;
	try {
		const work = how === "draft" && tool.draft ? tool.draft(args, scope.ctx) : tool.run(args, scope.ctx);
		outcome = await raceAbort(work, signal, scope);
	} catch (error) {
		outcome = signal.aborted
			? ABORTED
			: toolResult.error(`${tool.name} failed: ${error instanceof Error ? error.message : String(error)}`);
	}
	// From here on, whatever the tool still does is not recorded.
	scope.close();
	if (outcome === ABORTED && !driveSignal.aborted) return settleSkipped(thread, call.callId);
	if (outcome === ABORTED) {
		// At shutdown the call stays running in the log: reopening says it was interrupted.
		if (!isShutdown(signal)) complete(thread, call.callId, toolResult.error(STOPPED_MESSAGE), "stopped");
		return "stopped";
	}
	if (isSuspended(outcome)) {
		await persist(thread);
		return outcome.waitingFor === "review" ? "review" : "suspended";
	}
	complete(thread, call.callId, summarized(tool, outcome, call.args));
	await persist(thread);
	return signal.aborted ? "stopped" : "completed";
}

const ABORTED = Symbol("aborted");

/**
 * A call being drafted has no card decision yet; a denial that arrives meanwhile (Skip, or a new
 * user message: src/log/newest-message.ts) ends the draft at once instead of after the apply model.
 */
function skipWatch(thread: ThreadHandle, callId: string): { signal: AbortSignal; stop: () => void } {
	const controller = new AbortController();
	const stop =
		thread.listen?.((event) => {
			if (
				isKnownEvent(event) &&
				event.type === "tool_call_decided" &&
				event.callId === callId &&
				event.decision === "denied"
			)
				controller.abort();
		}) ?? (() => undefined);
	return { signal: controller.signal, stop };
}

/** A draft the user skipped: answered as the denial it is; nothing was written. */
async function settleSkipped(thread: ThreadHandle, callId: string): Promise<"completed"> {
	const call = thread.state().toolCalls[callId];
	if (call && call.phase !== "completed") complete(thread, callId, deniedResult(call));
	await persist(thread);
	return "completed";
}

/**
 * A call whose draft was offered for review: it waits until the user reviewed it (an approval made
 * while it was drafted accepts every change, unless the draft carries warnings), then writes what
 * they accepted.
 */
async function settleDraft(
	thread: ThreadHandle,
	tools: ToolRegistry,
	env: ToolEnvironment,
	call: ToolCallView,
	signal: AbortSignal,
): Promise<"waiting" | "completed" | "stopped"> {
	const draft = call.draft;
	if (!draft) return "completed";
	if (!draft.reviewed) {
		if (call.decision !== "approved") return "waiting";
		// An approval given while the draft was made did not see the draft's warnings (an approval
		// after it was offered reviews it at once: review-methods.ts): a doubted draft waits for review.
		if (draft.warnings !== undefined) return "waiting";
		const comment = call.comment?.trim();
		thread.append({
			type: "edit_reviewed",
			editId: draft.editId,
			callId: call.callId,
			accepted: draft.changes.map((c) => c.changeId),
			rejected: [],
			...(comment ? { comment } : {}),
		});
	}
	const tool = tools.get(call.tool);
	const checked = tool ? tools.checkArgs(tool, call.args) : undefined;
	if (!tool?.writeReviewed || !checked?.ok) {
		complete(
			thread,
			call.callId,
			toolResult.error("This draft can no longer be written (its tool changed); nothing was written."),
		);
		return "completed";
	}
	setStatus(thread, "running_tool", tool.name);
	const scope = new CallScope(thread, call.callId, env, signal);
	let outcome: ToolResult | typeof ABORTED;
	try {
		outcome = await raceAbort(
			tool.writeReviewed(checked.args, thread.state().toolCalls[call.callId] ?? call, scope.ctx),
			signal,
			scope,
		);
	} catch (error) {
		outcome = signal.aborted
			? ABORTED
			: toolResult.error(`${tool.name} failed: ${error instanceof Error ? error.message : String(error)}`);
	}
	scope.close();
	if (outcome === ABORTED) {
		if (!isShutdown(signal))
			complete(thread, call.callId, toolResult.error(`${STOPPED_MESSAGE}. Nothing was written.`), "stopped");
		return "stopped";
	}
	complete(thread, call.callId, summarized(tool, outcome, call.args));
	await persist(thread);
	return signal.aborted ? "stopped" : "completed";
}

/**
 * A stop must be prompt even when a tool ignores its signal; whatever it does later is dropped
 * (its scope is closed). Only a commit in progress is waited for: its outcome is the call's.
 */
function raceAbort<T>(work: Promise<T>, signal: AbortSignal, scope: CallScope): Promise<T | typeof ABORTED> {
	if (signal.aborted) return Promise.resolve(ABORTED);
	return new Promise((resolve, reject) => {
		const onAbort = (): void => {
			if (!scope.committing) resolve(ABORTED);
		};
		signal.addEventListener("abort", onAbort, { once: true });
		work.then(
			(value) => {
				signal.removeEventListener("abort", onAbort);
				resolve(value);
			},
			(error: unknown) => {
				signal.removeEventListener("abort", onAbort);
				reject(error instanceof Error ? error : new Error(String(error)));
			},
		);
	});
}

/**
 * After a stop, approved calls that never started are closed: the user stopped the turn. At a
 * shutdown they are left for the next open, which settles them as not run.
 */
function stop(thread: ThreadHandle, signal: AbortSignal): "stopped" {
	if (isShutdown(signal)) return "stopped";
	for (const callId of openCallIds(thread)) {
		const call = thread.state().toolCalls[callId];
		if (call?.phase === "approved")
			complete(thread, callId, toolResult.error(`${STOPPED_MESSAGE} before this call ran.`), "stopped");
	}
	return "stopped";
}

function complete(thread: ThreadHandle, callId: string, outcome: ToolResult, reason?: SettleReason): void {
	const call = thread.state().toolCalls[callId];
	// Every result the model reads passes here (and propose.ts): none is longer than the cap, and
	// the user's approval comment is never cut off by it.
	const capped = capResult(withRepeatedFailure(thread.state(), callId, outcome));
	const result = call ? withApprovalComment(capped, call) : capped;
	thread.append(
		reason ? { type: "tool_call_completed", callId, result, reason } : { type: "tool_call_completed", callId, result },
	);
}

/** The comment the user typed when approving a call ("Run, and keep the dates"): the model reads it with the result. */
export function withApprovalComment(result: ToolResult, call: ToolCallView): ToolResult {
	const comment = call.decision === "approved" && call.decidedBy === "user" ? call.comment?.trim() : undefined;
	return comment
		? { ...result, message: `${result.message}\n\nThe user approved this call with a comment: ${comment}` }
		: result;
}
