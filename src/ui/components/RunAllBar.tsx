/**
 * With two or more calls waiting: one bar that lists every call it will run and runs exactly
 * those in one decision, so the loop resumes once rather than after each click. Its button is
 * not an accent one: each card's Run is the primary action, and one accent per card is enough.
 */
import type { ThreadState } from "../../log/state";
import { usePane } from "../context";
import { plural, toolTitle } from "../describe";
import { useAction } from "../hooks/useAction";

export function RunAllBar({ state }: { state: ThreadState }) {
	const { host, threadId, focus } = usePane();
	const pending = state.pendingApprovals
		.map((id) => state.toolCalls[id])
		.filter((call) => call !== undefined && call.phase === "proposed");
	const runAll = useAction((approved: string[]) => host.service.decideToolCalls({ threadId, approved, denied: [] }));
	if (pending.length < 2) return null;
	const ids = pending.map((call) => call.callId);
	return (
		<section className="redline-run-all" aria-label="Calls waiting for approval">
			<p className="redline-run-all-heading">{plural(pending.length, "call")} waiting:</p>
			<ul className="redline-run-all-list">
				{pending.map((call) => (
					<li key={call.callId}>{toolTitle(call)}</li>
				))}
			</ul>
			<button
				type="button"
				className="redline-button"
				aria-label={`Run all ${pending.length} waiting calls`}
				aria-disabled={runAll.busy || undefined}
				onClick={(event) => {
					if (runAll.busy) return;
					const origin = event.currentTarget;
					// An edit card is known by its edit, any other card by its call.
					focus.request(
						origin,
						pending.map((call) => call.editId ?? call.callId),
					);
					void runAll.run(ids).then((ok) => {
						if (!ok) focus.cancel(origin);
					});
				}}
			>
				Run all
			</button>
			{runAll.error && (
				<p className="redline-inline-error" role="alert">
					{runAll.error}
				</p>
			)}
		</section>
	);
}
