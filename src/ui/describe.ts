/**
 * Tool calls in words, for cards and the reasoning-steps timeline. Everything here reads the
 * structured events (the words a call's tool recorded, the edit and question events, progress,
 * results), never the model's text, and no tool by name.
 */
import type { ToolWords } from "../log/events";
import type { AssistantMessageView, ContextStepView, EditView, QuestionView, ToolCallView } from "../log/state";
import { displayName } from "../vault/display-path";

type Args = Record<string, unknown>;

export function argsOf(call: ToolCallView): Args {
	return typeof call.args === "object" && call.args !== null && !Array.isArray(call.args) ? (call.args as Args) : {};
}

export function stringArg(args: Args, key: string): string | undefined {
	const value = args[key];
	return typeof value === "string" && value.length > 0 ? value : undefined;
}

export function plural(count: number, word: string): string {
	return `${count} ${word}${count === 1 ? "" : "s"}`;
}

/**
 * The call in words: its tool's, recorded on the event (live by the agent, for older logs by the
 * thread service as it loads them), or "Run <tool>" for a call nobody described (a tool this
 * version does not have).
 */
export function wordsOf(call: ToolCallView): ToolWords {
	return call.words ?? { title: `Run ${call.tool}`, active: `Running ${call.tool}` };
}

/** The card title: what the call will do (or did), in words. */
export function toolTitle(call: ToolCallView): string {
	return wordsOf(call).title;
}

/** The vault paths a call's arguments name (rendered as links). */
export function pathsIn(call: ToolCallView): string[] {
	const path = stringArg(argsOf(call), "path");
	return path ? [path] : [];
}

/** One row of the reasoning-steps timeline. */
export interface Step {
	key: string;
	label: string;
	state: "active" | "done" | "failed" | "skipped" | "waiting";
	/** Milliseconds from start to completion, when known. */
	elapsedMs?: number;
	/** Text shown collapsed under the label (a thinking model's reasoning). */
	detail?: string;
}

/**
 * A thinking model's reasoning as one step: "Thinking…" while it reasons, then "Thought for N s"
 * (from the message's start to its last piece of reasoning, both exact after a replay).
 */
export function thoughtStep(message: AssistantMessageView): Step | undefined {
	const reasoning = message.reasoning;
	if (!reasoning) return undefined;
	const key = `${message.messageId}:thought`;
	const thinking = message.streaming && message.text === "";
	if (thinking) return { key, label: "Thinking…", state: "active", detail: reasoning.text };
	const ms = Date.parse(reasoning.lastAt) - Date.parse(message.at);
	const label = Number.isFinite(ms) && ms >= 0 ? `Thought for ${formatElapsed(ms)}` : "Thought";
	return { key, label, state: "done", detail: reasoning.text };
}

/**
 * The steps one call contributes: an edit's come from its events (the intent, progress while the
 * apply model writes, the outcome), a question's wait for the answer, any other call is one step
 * in its tool's words.
 */
export function stepsFor(call: ToolCallView, edit: EditView | undefined, question: QuestionView | undefined): Step[] {
	const elapsedMs = elapsed(call);
	const base = { state: callState(call), ...(elapsedMs !== undefined ? { elapsedMs } : {}) } as const;
	if (edit) return editSteps(call, edit, base);
	const words = wordsOf(call);
	if (question) {
		const answered = question.answers !== undefined;
		const state = answered ? "done" : base.state === "failed" || base.state === "skipped" ? base.state : "waiting";
		return [{ key: call.callId, label: answered ? (words.done ?? words.active) : words.active, ...base, state }];
	}
	return [{ key: call.callId, label: base.state === "done" ? (words.done ?? words.active) : words.active, ...base }];
}

/** A compaction or a reached context limit, as a step of its turn. */
export function contextStep(step: ContextStepView): Step {
	if (step.kind === "compacted") {
		const saved =
			step.tokensSaved !== undefined && step.tokensSaved > 0
				? ` (about ${step.tokensSaved.toLocaleString("en-US")} tokens saved)`
				: "";
		return { key: `context:${step.seq}`, label: `Compacted earlier messages${saved}`, state: "done" };
	}
	const limit = step.stated ? ` (${step.limitTokens.toLocaleString("en-US")} tokens)` : "";
	return {
		key: `context:${step.seq}`,
		label: `Reached the model's context limit${limit}; retried with earlier messages shortened`,
		state: "done",
	};
}

/**
 * An edit's steps; the call that declared the edit says first that it proposed one. The note by
 * its name, and not the intent itself: the card below says that once, with the note's link.
 */
function editSteps(call: ToolCallView, edit: EditView, base: Pick<Step, "state" | "elapsedMs">): Step[] {
	const path = displayName(edit.path);
	const steps: Step[] = [];
	if (edit.callId === call.callId) {
		const what =
			edit.operation === "create" ? "a new note," : edit.operation === "rewrite" ? "a rewrite of" : "an edit to";
		steps.push({
			key: `${call.callId}:intent`,
			label: `Proposed ${what} ${path}`,
			state: call.phase === "proposed" ? "waiting" : "done",
		});
	}
	// A draft offered for review waits for the user; nothing is being generated any more.
	if (call.phase === "running" && call.draft !== undefined && call.draft.reviewed === undefined)
		steps.push({ key: `${call.callId}:progress`, label: `Waiting for your review of ${path}`, state: "waiting" });
	else {
		const progress = progressLabel(call, edit, path);
		if (progress) steps.push({ key: `${call.callId}:progress`, label: progress, state: "active" });
	}
	const outcome = outcomeLabel(call, edit, path);
	if (outcome) steps.push({ key: `${call.callId}:outcome`, label: outcome, ...base });
	if (call.phase === "denied") steps.push({ key: `${call.callId}:outcome`, label: `Skipped editing ${path}`, ...base });
	return steps;
}

function progressLabel(call: ToolCallView, edit: EditView, path: string): string | undefined {
	if (call.phase !== "running") return undefined;
	if (edit.operation === "move") return `Moving ${path} → ${displayName(moveTarget(edit.description))}`;
	if (edit.operation === "delete") return `Moving ${path} to the trash`;
	const phase = call.progress?.phase;
	if (phase === "writing") return `Writing to ${path}`;
	const fraction = call.progress?.fraction;
	const percent = fraction !== undefined ? ` ${Math.round(fraction * 100)}%` : "";
	return `Generating changes…${percent}`;
}

function outcomeLabel(call: ToolCallView, edit: EditView, path: string): string | undefined {
	const result = call.result;
	if (!result) return undefined;
	const applied = edit.applied ?? appliedFromResult(result.data);
	if (result.status === "success" && edit.operation === "move")
		return `Moved ${path} → ${displayName(moveTarget(edit.description))}`;
	if (result.status === "success" && edit.operation === "delete") return `Deleted ${path}`;
	if (result.status === "success" && applied) return `Edited ${path} (+${applied.added} −${applied.removed})`;
	if (result.status === "success") return `Edited ${path}`;
	if (result.status === "no-op") return `No changes needed in ${path}`;
	if (result.status === "rejected") return `Edit of ${path} refused`;
	return `Editing ${path} failed`;
}

/** Where a move goes: moveNote announces its edit as "move to <newPath>". */
export function moveTarget(description: string): string {
	return description.startsWith("move to ") ? description.slice("move to ".length) : description;
}

/** added/removed as the edit result reports them in data, if present. */
export function appliedFromResult(
	data: Record<string, unknown> | undefined,
): { added: number; removed: number } | undefined {
	if (!data) return undefined;
	const { added, removed } = data;
	return typeof added === "number" && typeof removed === "number" ? { added, removed } : undefined;
}

function callState(call: ToolCallView): Step["state"] {
	if (call.phase === "denied") return "skipped";
	if (call.phase === "proposed") return "waiting";
	// Settled by Stop or a newer message (reason): the call did not fail, the user moved on.
	if (call.phase === "completed" && call.reason !== undefined) return "skipped";
	if (call.phase === "completed")
		return call.result?.status === "error" || call.result?.status === "rejected" ? "failed" : "done";
	return "active";
}

function elapsed(call: ToolCallView): number | undefined {
	const start = call.startedAt ?? call.proposedAt;
	if (!call.completedAt) return undefined;
	const ms = Date.parse(call.completedAt) - Date.parse(start);
	return Number.isFinite(ms) && ms >= 0 ? ms : undefined;
}

export function formatElapsed(ms: number): string {
	if (ms < 1000) return `${Math.max(0, Math.round(ms / 100) / 10).toFixed(1)} s`;
	if (ms < 60_000) return `${(ms / 1000).toFixed(ms < 10_000 ? 1 : 0)} s`;
	const minutes = Math.floor(ms / 60_000);
	return `${minutes} min ${Math.round((ms % 60_000) / 1000)} s`;
}

export function formatTime(iso: string): string {
	const date = new Date(iso);
	return Number.isNaN(date.getTime())
		? iso
		: date.toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
}
