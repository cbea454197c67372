/**
 * One turn's activity as a compact timeline, built from structured events: a thinking model's
 * reasoning ("Thought for N s", its text collapsed under it), the calls and the context steps
 * (compactions, a reached limit), in log order.
 * Open while the turn runs; it collapses when the turn ends, unless the user chose otherwise.
 */
import { memo, useId, useState } from "react";
import type { ThreadStatus } from "../../log/events";
import type { AssistantMessageView, EditView, QuestionView, ToolCallView, TurnView } from "../../log/state";
import { contextStep, formatElapsed, plural, stepsFor, thoughtStep, type Step } from "../describe";

export interface ReasoningStepsProps {
	turn: TurnView;
	calls: ToolCallView[];
	/** The turn's assistant messages that carry reasoning, in order. */
	thoughts: AssistantMessageView[];
	/**
	 * Each call's edit and question (by index): the entries themselves, not the thread's records,
	 * which the pane's fold changes in place (LiveFold), so the memo sees a changed entry.
	 */
	edits: ReadonlyArray<EditView | undefined>;
	questions: ReadonlyArray<QuestionView | undefined>;
	/** The thread status, shown as the last step while this turn runs; null for earlier turns. */
	status: ThreadStatus | null;
}

const STATUS_STEP: Partial<Record<ThreadStatus, string>> = {
	thinking: "Thinking…",
	waiting_for_approval: "Waiting for your approval",
	waiting_for_answer: "Waiting for your answers",
	waiting_for_review: "Waiting for your review",
	paused: "Paused: waiting for you to continue",
};

const WAITING: ReadonlySet<ThreadStatus> = new Set([
	"waiting_for_approval",
	"waiting_for_answer",
	"waiting_for_review",
	"paused",
]);

export const ReasoningSteps = memo(
	ReasoningStepsView,
	(a, b) =>
		a.turn === b.turn &&
		sameItems(a.edits, b.edits) &&
		sameItems(a.questions, b.questions) &&
		a.status === b.status &&
		sameItems(a.calls, b.calls) &&
		sameItems(a.thoughts, b.thoughts),
);

function ReasoningStepsView({ turn, calls, thoughts, edits, questions, status }: ReasoningStepsProps) {
	const [chosen, setChosen] = useState<boolean | null>(null);
	const listId = useId();
	// A turn the user moved on from (a new message while it waited) is over even without an idle.
	const ended = turn.endedAt !== undefined || status === null;
	// Reasoning, calls and context steps (compactions, a reached limit) in the order they happened:
	// a message's reasoning comes before the calls it proposes.
	const timeline: Array<{ seq: number; steps: Step[] }> = calls.map((call, index) => ({
		seq: call.proposedSeq,
		steps: stepsFor(call, edits[index], questions[index]),
	}));
	for (const step of turn.contextSteps ?? []) timeline.push({ seq: step.seq, steps: [contextStep(step)] });
	for (const message of thoughts) {
		const step = thoughtStep(message);
		if (step) timeline.push({ seq: message.seq, steps: [step] });
	}
	timeline.sort((a, b) => a.seq - b.seq);
	const steps = timeline.flatMap((entry) => entry.steps);
	const reasoningNow = steps.some((step) => step.key.endsWith(":thought") && step.state === "active");
	// "Thinking…" is already said by the reasoning step while the model reasons.
	const live = !ended && status && !(status === "thinking" && reasoningNow) ? STATUS_STEP[status] : undefined;
	if (live) steps.push({ key: "status", label: live, state: "active" });
	if (steps.length === 0) return null;

	const open = chosen ?? !ended;
	// A turn that waits on the user is not working: it says so, as its cards do.
	const summary = ended
		? endedSummary(turn, timeline.length)
		: status && WAITING.has(status)
			? "Waiting for you"
			: "Working…";

	return (
		<div className={`redline-steps${ended ? " redline-steps-ended" : ""}`}>
			<button
				type="button"
				className="redline-steps-toggle"
				aria-label={`${open ? "Hide" : "Show"} steps: ${summary}`}
				aria-expanded={open}
				aria-controls={listId}
				onClick={() => setChosen(!open)}
			>
				<span className="redline-steps-chevron" aria-hidden="true">
					{open ? "▾" : "▸"}
				</span>
				{summary}
			</button>
			{open && (
				<ol id={listId} className="redline-steps-list">
					{steps.map((step) =>
						step.detail !== undefined ? (
							<li key={step.key} className={`redline-step redline-step-${step.state} redline-step-thought`}>
								<details className="redline-thought">
									<summary className="redline-step-label">{step.label}</summary>
									<p className="redline-thought-text">{step.detail}</p>
								</details>
							</li>
						) : (
							<li key={step.key} className={`redline-step redline-step-${step.state}`}>
								<span className="redline-step-label">{step.label}</span>
								{step.elapsedMs !== undefined && (
									<span className="redline-step-time">{formatElapsed(step.elapsedMs)}</span>
								)}
							</li>
						),
					)}
				</ol>
			)}
		</div>
	);
}

/** Same length and the very same items: props built fresh each render but unchanged. */
export function sameItems<T>(a: readonly T[], b: readonly T[]): boolean {
	return a.length === b.length && a.every((item, index) => item === b[index]);
}

/** A call that names an edit in its arguments rather than declaring it (executeEdit). */
export function editFor(call: ToolCallView, edits: Record<string, EditView>): EditView | undefined {
	const args = call.args as { editId?: unknown } | null;
	return typeof args?.editId === "string" ? edits[args.editId] : undefined;
}

/**
 * "3 steps in 4.2 s": the agent's own time. The time the turn waited for the user (cards,
 * drafts, questions) is said apart, never counted as the agent's.
 */
function endedSummary(turn: TurnView, count: number): string {
	const total = turn.endedAt !== undefined ? Date.parse(turn.endedAt) - Date.parse(turn.startedAt) : NaN;
	if (!Number.isFinite(total) || total < 0) return plural(count, "step");
	const waited = Math.min(turn.waitedMs ?? 0, total);
	const own = `${plural(count, "step")} in ${formatElapsed(total - waited)}`;
	return waited >= 1000 ? `${own} · ${formatElapsed(waited)} waiting for you` : own;
}
