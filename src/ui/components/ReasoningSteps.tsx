/**
 * One turn's tool activity as a compact timeline, built from the calls' structured events.
 * Open while the turn runs; it collapses when the turn ends, unless the user chose otherwise.
 */
import { memo, useId, useState } from "react";
import type { ThreadStatus } from "../../thread/events";
import type { EditView, QuestionView, ToolCallView, TurnView } from "../../thread/state";
import { contextStep, formatElapsed, plural, stepsFor, type Step } from "../describe";

export interface ReasoningStepsProps {
	turn: TurnView;
	calls: ToolCallView[];
	edits: Record<string, EditView>;
	questions: Record<string, QuestionView>;
	/** The thread status, shown as the last step while this turn runs; null for earlier turns. */
	status: ThreadStatus | null;
}

const STATUS_STEP: Partial<Record<ThreadStatus, string>> = {
	thinking: "Thinking…",
	waiting_for_approval: "Waiting for your approval",
	waiting_for_answer: "Waiting for your answers",
};

export const ReasoningSteps = memo(ReasoningStepsView, (a, b) =>
	a.turn === b.turn && a.edits === b.edits && a.questions === b.questions && a.status === b.status && sameItems(a.calls, b.calls),
);

function ReasoningStepsView({ turn, calls, edits, questions, status }: ReasoningStepsProps) {
	const [chosen, setChosen] = useState<boolean | null>(null);
	const listId = useId();
	// A turn the user moved on from (a new message while it waited) is over even without an idle.
	const ended = turn.endedAt !== undefined || status === null;
	// Calls and context steps (compactions, a reached limit) in the order they happened.
	const timed: Array<{ seq: number; steps: Step[] }> = calls.map((call) => {
		const edit = call.editId ? edits[call.editId] : editFor(call, edits);
		const question = call.askId ? questions[call.askId] : undefined;
		return { seq: call.proposedSeq, steps: stepsFor(call, edit, question?.questions.length, question?.answers !== undefined) };
	});
	const contextSteps = turn.contextSteps ?? [];
	for (const step of contextSteps) timed.push({ seq: step.seq, steps: [contextStep(step)] });
	const steps: Step[] = timed.sort((a, b) => a.seq - b.seq).flatMap((entry) => entry.steps);
	const live = !ended && status ? STATUS_STEP[status] : undefined;
	if (live) steps.push({ key: "status", label: live, state: "active" });
	if (steps.length === 0) return null;

	const open = chosen ?? !ended;
	const total = turn.endedAt !== undefined ? Date.parse(turn.endedAt) - Date.parse(turn.startedAt) : NaN;
	const summary = ended
		? `${plural(calls.length + contextSteps.length, "step")}${Number.isFinite(total) && total >= 0 ? ` in ${formatElapsed(total)}` : ""}`
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
					{steps.map((step) => (
						<li key={step.key} className={`redline-step redline-step-${step.state}`}>
							<span className="redline-step-label">{step.label}</span>
							{step.elapsedMs !== undefined && <span className="redline-step-time">{formatElapsed(step.elapsedMs)}</span>}
						</li>
					))}
				</ol>
			)}
		</div>
	);
}

/** Same length and the very same items: props built fresh each render but unchanged. */
export function sameItems<T>(a: readonly T[], b: readonly T[]): boolean {
	return a.length === b.length && a.every((item, index) => item === b[index]);
}

/** executeEdit names its edit in its arguments rather than declaring it. */
export function editFor(call: ToolCallView, edits: Record<string, EditView>): EditView | undefined {
	const args = call.args as { editId?: unknown } | null;
	return typeof args?.editId === "string" ? edits[args.editId] : undefined;
}
