/** The status line of a call that is no longer waiting: a badge, progress, and the result. */
import type { ToolCallView } from "../../thread/state";
import { STATUS_ATTR } from "../focus-after";
import { PolicyNote } from "./PolicyNote";

export function callStatus(call: ToolCallView): { key: string; label: string } {
	switch (call.phase) {
		case "proposed":
			return { key: "proposed", label: "Waiting for you" };
		case "approved":
			return { key: "approved", label: call.decidedBy === "policy" ? "Approved by preference" : "Approved" };
		case "denied":
			return { key: "denied", label: call.decidedBy === "policy" ? "Blocked by preference" : "Skipped" };
		case "running":
			return { key: "running", label: "Running" };
		case "completed": {
			const status = call.result?.status ?? "success";
			const labels = { success: "Done", rejected: "Rejected", "no-op": "No change", error: "Failed" } as const;
			return { key: status, label: labels[status] };
		}
	}
}

/** A native progress bar (no inline style): without a fraction it is indeterminate. */
export function ProgressBar({ fraction, label }: { fraction: number | undefined; label: string }) {
	const percent = fraction !== undefined ? Math.round(Math.min(1, Math.max(0, fraction)) * 100) : undefined;
	return <progress className="redline-progress" aria-label={label} max={100} {...(percent !== undefined ? { value: percent } : {})} />;
}

export function CallStatusLine({ call }: { call: ToolCallView }) {
	const status = callStatus(call);
	const fraction = call.progress?.fraction;
	return (
		<div className="redline-call-status" tabIndex={-1} {...{ [STATUS_ATTR]: "" }}>
			<span className={`redline-status-badge redline-status-${status.key}`}>
				{status.label}
				{call.phase === "running" && fraction !== undefined ? ` ${Math.round(fraction * 100)}%` : ""}
			</span>
			{call.phase === "running" && <ProgressBar fraction={fraction} label={call.progress?.phase ?? "Running"} />}
			{call.phase === "denied" && call.comment && <span className="redline-call-comment">Comment: {call.comment}</span>}
			{call.result && <p className="redline-call-result">{call.result.message}</p>}
			{call.decidedBy === "policy" && <PolicyNote tool={call.tool} />}
		</div>
	);
}
