/**
 * An edit being drafted for review (review before write): "Drafting… 2 changes so far" as the
 * apply model's edit blocks arrive, and Skip, which ends the draft at once (the drive watches for
 * the denial: src/agent/run-calls.ts). Stop, in the composer, works throughout as well.
 */
import type { ToolCallView } from "../../log/state";
import { usePane } from "../context";
import { plural } from "../describe";
import { STATUS_ATTR } from "../focus-after";
import { useAction } from "../hooks/useAction";
import { ProgressBar } from "./CallStatus";

export function draftingLabel(progress: ToolCallView["progress"]): string {
	const changes = progress?.changes;
	if (changes !== undefined && changes > 0) return `Drafting… ${plural(changes, "change")} so far`;
	const fraction = progress?.fraction;
	return fraction !== undefined ? `Drafting… ${Math.round(fraction * 100)}%` : "Drafting…";
}

export function DraftProgress({ call, cardId, title }: { call: ToolCallView; cardId: string; title: string }) {
	const { host, threadId, focus } = usePane();
	const skip = useAction(() => host.service.decideToolCalls({ threadId, approved: [], denied: [call.callId] }));
	const label = draftingLabel(call.progress);
	return (
		<div className="redline-edit-progress-block">
			<div className="redline-edit-progress" tabIndex={-1} {...{ [STATUS_ATTR]: "" }}>
				<span className="redline-edit-progress-label">{label}</span>
				<ProgressBar fraction={call.progress?.fraction} label={label} />
			</div>
			<div className="redline-approval-buttons">
				<button
					type="button"
					className="redline-button"
					aria-label={`Skip: ${title}`}
					aria-disabled={skip.busy || undefined}
					onClick={(event) => {
						if (skip.busy) return;
						const origin = event.currentTarget;
						focus.request(origin, [cardId]);
						void skip.run().then((ok) => {
							if (!ok) focus.cancel(origin);
						});
					}}
				>
					Skip
				</button>
			</div>
			{skip.error && (
				<p className="redline-inline-error" role="alert">
					{skip.error}
				</p>
			)}
		</div>
	);
}
