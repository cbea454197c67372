/**
 * A tool call in the stream. Proposed: titled as what it will do (the note linked by its name),
 * "Waiting for you", the arguments the title does not already say, and the approval controls.
 * A read, list or search that ran is one line that opens its details (CallLine). Otherwise:
 * non-interactive, with its status and result.
 */
import { memo } from "react";
import type { ToolPreference } from "../../log/events";
import type { ToolCallView } from "../../log/state";
import { usePane } from "../context";
import { argsOf, stringArg, toolTitle } from "../describe";
import { callLine } from "../call-words";
import { ApprovalControls } from "./ApprovalControls";
import { CallLine } from "./CallLine";
import { CallStatusLine, WaitingStatus } from "./CallStatus";
import { CardTitle } from "./CardTitle";
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
	const line = proposed ? undefined : callLine(call);
	const path = stringArg(argsOf(call), "path");
	const card = { role: "group", "aria-label": title, "data-call-id": call.callId, [CARD_ATTR]: call.callId };
	if (line)
		return (
			<div className="redline-card redline-tool-card redline-card-executed redline-card-line" {...card}>
				<CallLine call={call} view={line} />
			</div>
		);
	return (
		<div
			className={`redline-card redline-tool-card ${proposed ? "redline-card-proposed" : "redline-card-executed"}`}
			{...card}
		>
			<header className="redline-card-header">
				<CardTitle text={title} path={path} />
			</header>
			<CallArgs call={call} title={title} />
			{proposed ? (
				<>
					<WaitingStatus />
					<ApprovalControls
						callId={call.callId}
						cardId={call.callId}
						tool={call.tool}
						title={title}
						preference={preference}
					/>
				</>
			) : (
				<CallStatusLine call={call} />
			)}
		</div>
	);
});

/** The arguments, but not one the title already says (its path, folder or query): it would only repeat it. */
function CallArgs({ call, title }: { call: ToolCallView; title: string }) {
	const entries = Object.entries(argsOf(call)).filter(
		([key, value]) => value !== undefined && value !== "" && !inTitle(key, value, title),
	);
	if (entries.length === 0) return null;
	return (
		<dl className="redline-call-args">
			{entries.map(([key, value]) => (
				<div key={key} className="redline-call-arg">
					<dt>{key}</dt>
					<dd>{key === "folder" && typeof value === "string" ? displayPath(value) : formatValue(value)}</dd>
				</div>
			))}
		</dl>
	);
}

/** The path is always in the title (CardTitle links it); a folder or query when the words say it. */
function inTitle(key: string, value: unknown, title: string): boolean {
	if (typeof value !== "string") return false;
	if (key === "path") return true;
	return title.includes(key === "folder" ? displayPath(value) : value);
}

function formatValue(value: unknown): string {
	if (typeof value === "string") return value;
	if (typeof value === "number" || typeof value === "boolean") return String(value);
	return JSON.stringify(value, null, 1);
}
