/**
 * The status line of a call: "Waiting for you" while it waits; once it no longer does, a badge,
 * progress, and the result in words for the person (call-words.ts): a call that did not run says
 * why, never the text the model was sent. (A result its tool summarised is one line: CallLine.)
 */
import type { ToolCallView } from "../../log/state";
import { notRun, notRunWords, resultForPerson } from "../call-words";
import { usePane } from "../context";
import { STATUS_ATTR } from "../focus-after";
import { neverSubject } from "../permissions";
import { PolicyNote } from "./PolicyNote";

export function callStatus(call: ToolCallView): { key: string; label: string } {
	const reason = notRun(call);
	if (reason) return { key: "denied", label: notRunWords(reason, "").badge };
	switch (call.phase) {
		case "proposed":
			return { key: "proposed", label: "Waiting for you" };
		case "approved":
			return { key: "approved", label: "Approved" };
		case "denied":
			return { key: "denied", label: "Skipped" };
		case "running":
			return { key: "running", label: "Running" };
		case "completed": {
			const status = call.result?.status ?? "success";
			const labels = { success: "Done", rejected: "Refused", "no-op": "No change", error: "Failed" } as const;
			return { key: status, label: labels[status] };
		}
	}
}

/** The status of a card that waits on the user's decision (the review card's bar shows the same badge). */
export function WaitingBadge() {
	return <span className="redline-status-badge redline-status-proposed">Waiting for you</span>;
}

export function WaitingStatus() {
	return (
		<div className="redline-call-status">
			<WaitingBadge />
		</div>
	);
}

/** A native progress bar (no inline style): without a fraction it is indeterminate. */
export function ProgressBar({ fraction, label }: { fraction: number | undefined; label: string }) {
	const percent = fraction !== undefined ? Math.round(Math.min(1, Math.max(0, fraction)) * 100) : undefined;
	return (
		<progress
			className="redline-progress"
			aria-label={label}
			max={100}
			{...(percent !== undefined ? { value: percent } : {})}
		/>
	);
}

/** "Skipped — your comment: …", "Cancelled: you sent a new message", "Blocked: … set to Never …". */
export function NotRunStatus({ call }: { call: ToolCallView }) {
	const { host } = usePane();
	const words = notRunWords(notRun(call) ?? { kind: "skipped" }, neverSubject(host, call.tool));
	return (
		<div className="redline-call-status" tabIndex={-1} {...{ [STATUS_ATTR]: "" }}>
			{/* One span, so the sentence is not split by the status line's flex gap. */}
			<span className="redline-not-run">
				<span className="redline-status-badge redline-status-denied">{words.badge}</span>
				{words.rest}
			</span>
		</div>
	);
}

export function CallStatusLine({ call }: { call: ToolCallView }) {
	if (notRun(call)) {
		return (
			<>
				<NotRunStatus call={call} />
				{call.decidedBy === "policy" && <PolicyNote tool={call.tool} />}
			</>
		);
	}
	const status = callStatus(call);
	const fraction = call.progress?.fraction;
	const result = resultForPerson(call);
	return (
		<div className="redline-call-status" tabIndex={-1} {...{ [STATUS_ATTR]: "" }}>
			<span className={`redline-status-badge redline-status-${status.key}`}>
				{status.label}
				{call.phase === "running" && fraction !== undefined ? ` ${Math.round(fraction * 100)}%` : ""}
			</span>
			{call.phase === "running" && <ProgressBar fraction={fraction} label={call.progress?.phase ?? "Running"} />}
			{result && <p className="redline-call-result">{result.line}</p>}
			{call.decidedBy === "policy" && <PolicyNote tool={call.tool} />}
		</div>
	);
}
