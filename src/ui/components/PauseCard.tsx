/**
 * A paused turn (issue 33: turn_paused): the chat spent its budget, or ran N model steps in a row
 * without the user. Continue goes on where the turn stopped (v1.thread.resume; after a budget pause
 * with one more budget); Stop ends the turn. The pause is in the log: after a restart the card is
 * back and Continue still works.
 */
import { memo } from "react";
import type { PauseView } from "../../log/state";
import { usePane } from "../context";
import { useAction } from "../hooks/useAction";
import { amountWords } from "../usage-words";

export interface PauseCardProps {
	pause: PauseView;
	/** Continues after budget pauses so far: the budget grows by one more of its first size each time. */
	budgetResumes: number;
}

export const PauseCard = memo(function PauseCard({ pause, budgetResumes }: PauseCardProps) {
	const { host, threadId } = usePane();
	const resume = useAction(() => host.service.resume({ threadId }));
	const stop = useAction(() => host.service.stop({ threadId }));
	const budget = pause.reason === "budget" ? pause.budget : undefined;
	const step = budget ? { unit: budget.unit, amount: budget.amount / (budgetResumes + 1) } : undefined;
	const message =
		budget && pause.spent
			? `This chat has used ${amountWords(pause.spent)} of its ${amountWords(budget)} budget.`
			: `Paused after ${pause.steps ?? "many"} steps in a row without you.`;
	const busy = resume.busy || stop.busy;
	return (
		<section className="redline-pause-card" aria-label="Paused turn">
			<p className="redline-pause-message" role="status">
				{message}
			</p>
			<div className="redline-pause-actions">
				<button
					type="button"
					className="redline-button redline-cta mod-cta"
					disabled={busy}
					onClick={() => void resume.run()}
				>
					{step ? `Continue (+${amountWords(step)})` : "Continue"}
				</button>
				<button type="button" className="redline-button" disabled={busy} onClick={() => void stop.run()}>
					Stop
				</button>
			</div>
			{(resume.error ?? stop.error) && (
				<p className="redline-inline-error" role="alert">
					{resume.error ?? stop.error}
				</p>
			)}
		</section>
	);
});
