/**
 * Settles the calls that are decided but not finished, in proposal order: runs approved ones,
 * answers denied ones with a rejected result, resumes suspended ones (askUser) once answered.
 * It stops at the first call still waiting for the user, so calls always run in the order the
 * model asked for them.
 */
import type { ThreadHandle } from "../thread/driver";
import { newId } from "../thread/ids";
import type { ToolCallView } from "../thread/state";
import { toolResult } from "../tools/result";
import type { ToolResult } from "../tools/result";
import type { ToolRegistry } from "../tools/registry";
import { isSuspended } from "../tools/tool";
import type { Suspended, ToolContext } from "../tools/tool";
import type { AccessFloor } from "../vault/access-floor";
import type { Vault } from "../vault/vault";
import { setStatus } from "./status";

export type SettleOutcome = "done" | "waiting_for_approval" | "waiting_for_answer" | "stopped";

export const STOPPED_MESSAGE = "Stopped by the user";

/** The result a denied call answers the model with. */
export function deniedResult(call: ToolCallView): ToolResult {
	const comment = call.comment?.trim();
	return toolResult.rejected(comment ? `The user denied this call: ${comment}` : "The user denied this call.", { data: { by: call.decidedBy ?? "user" } });
}

/** What a running tool reaches: the vault, and the floor it must respect. */
export interface ToolEnvironment {
	vault: Vault;
	floor: AccessFloor;
}

export async function settleCalls(thread: ThreadHandle, tools: ToolRegistry, env: ToolEnvironment, signal: AbortSignal): Promise<SettleOutcome> {
	for (const callId of thread.state().toolCallOrder) {
		const call = thread.state().toolCalls[callId];
		if (!call || call.phase === "completed") continue;
		if (signal.aborted) return stop(thread);
		if (call.phase === "proposed") return "waiting_for_approval";
		if (call.phase === "denied") {
			complete(thread, callId, deniedResult(call));
			continue;
		}
		if (call.phase === "running") {
			const outcome = resumeRunning(thread, tools, call);
			if (outcome === "waiting") return "waiting_for_answer";
			continue;
		}
		const outcome = await runCall(thread, tools, env, call, signal);
		if (outcome === "suspended") return "waiting_for_answer";
		if (outcome === "stopped") return stop(thread);
	}
	return "done";
}

/** A call in phase "running" at the start of a drive: suspended (askUser) or cut by a restart. */
function resumeRunning(thread: ThreadHandle, tools: ToolRegistry, call: ToolCallView): "waiting" | "settled" {
	const tool = tools.get(call.tool);
	if (tool?.resume) {
		const checked = tools.checkArgs(tool, call.args);
		const result = checked.ok ? tool.resume(checked.args, call, thread.state()) : toolResult.error(checked.message);
		if (result === undefined) return "waiting";
		complete(thread, call.callId, result);
		return "settled";
	}
	complete(
		thread,
		call.callId,
		toolResult.error("This call was interrupted (Redline stopped while it ran); it may have partly happened. Check before trying again."),
	);
	return "settled";
}

async function runCall(
	thread: ThreadHandle,
	tools: ToolRegistry,
	env: ToolEnvironment,
	call: ToolCallView,
	signal: AbortSignal,
): Promise<"completed" | "suspended" | "stopped"> {
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
	thread.append({ type: "tool_call_started", callId: call.callId });
	setStatus(thread, "running_tool", tool.name);
	const ctx: ToolContext = {
		threadId: thread.threadId,
		callId: call.callId,
		vault: env.vault,
		floor: env.floor,
		state: () => thread.state(),
		emit: (event) => void thread.append(event),
		progress: (phase, fraction) =>
			void thread.append({ type: "tool_call_progress", callId: call.callId, phase, ...(fraction !== undefined ? { fraction } : {}) }),
		signal,
		newId,
	};
	let outcome: ToolResult | Suspended | typeof ABORTED;
	try {
		outcome = await raceAbort(tool.run(checked.args, ctx), signal);
	} catch (error) {
		outcome = signal.aborted ? ABORTED : toolResult.error(`${tool.name} failed: ${error instanceof Error ? error.message : String(error)}`);
	}
	if (outcome === ABORTED) {
		complete(thread, call.callId, toolResult.error(STOPPED_MESSAGE));
		return "stopped";
	}
	if (isSuspended(outcome)) {
		await thread.flush();
		return "suspended";
	}
	complete(thread, call.callId, outcome);
	await thread.flush();
	return "completed";
}

const ABORTED = Symbol("aborted");

// A stop must be prompt even when a tool ignores its signal; whatever it does later is dropped.
function raceAbort<T>(work: Promise<T>, signal: AbortSignal): Promise<T | typeof ABORTED> {
	if (signal.aborted) return Promise.resolve(ABORTED);
	return new Promise((resolve, reject) => {
		const onAbort = (): void => resolve(ABORTED);
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

/** After a stop, approved calls that never started are closed: the user stopped the turn. */
function stop(thread: ThreadHandle): "stopped" {
	for (const callId of thread.state().toolCallOrder) {
		const call = thread.state().toolCalls[callId];
		if (call?.phase === "approved") complete(thread, callId, toolResult.error(`${STOPPED_MESSAGE} before this call ran.`));
	}
	return "stopped";
}

function complete(thread: ThreadHandle, callId: string, result: ToolResult): void {
	thread.append({ type: "tool_call_completed", callId, result });
}
