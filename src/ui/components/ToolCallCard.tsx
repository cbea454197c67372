/**
 * A tool call in the stream. Proposed: the call in words, its arguments (paths as links) and
 * the approval controls. Otherwise: non-interactive, with its status and result.
 */
import { memo } from "react";
import type { ToolPreference } from "../../log/events";
import type { ToolCallView } from "../../log/state";
import { usePane } from "../context";
import { argsOf, toolTitle } from "../describe";
import { ApprovalControls } from "./ApprovalControls";
import { CallStatusLine } from "./CallStatus";
import { NoteLink } from "./NoteLink";
import { noteRender } from "../render-probe";
import { CARD_ATTR } from "../focus-after";
import { displayPath } from "../../vault/display-path";

export interface ToolCallCardProps {
	call: ToolCallView;
	preference: ToolPreference | undefined;
}

export const ToolCallCard = memo(function ToolCallCard({ call, preference }: ToolCallCardProps) {
	noteRender("ToolCallCard", call.callId);
	const title = toolTitle(call);
	const proposed = call.phase === "proposed";
	return (
		<div
			className={`redline-card redline-tool-card ${proposed ? "redline-card-proposed" : "redline-card-executed"}`}
			role="group"
			aria-label={title}
			data-call-id={call.callId}
			{...{ [CARD_ATTR]: call.callId }}
		>
			<header className="redline-card-header">
				<span className="redline-card-title">{title}</span>
			</header>
			<CallArgs call={call} />
			{proposed ? (
				<ApprovalControls
					callId={call.callId}
					cardId={call.callId}
					tool={call.tool}
					title={title}
					preference={preference}
				/>
			) : (
				<CallStatusLine call={call} />
			)}
		</div>
	);
});

function CallArgs({ call }: { call: ToolCallView }) {
	const { host } = usePane();
	const entries = Object.entries(argsOf(call)).filter(([, value]) => value !== undefined && value !== "");
	if (entries.length === 0) return null;
	return (
		<dl className="redline-call-args">
			{entries.map(([key, value]) => (
				<div key={key} className="redline-call-arg">
					<dt>{key}</dt>
					<dd>
						{key === "path" && typeof value === "string" ? (
							<NoteLink host={host} path={value} />
						) : key === "folder" && typeof value === "string" ? (
							displayPath(value)
						) : (
							formatValue(value)
						)}
					</dd>
				</div>
			))}
		</dl>
	);
}

function formatValue(value: unknown): string {
	if (typeof value === "string") return value;
	if (typeof value === "number" || typeof value === "boolean") return String(value);
	return JSON.stringify(value, null, 1);
}
