/**
 * The context meter beside the composer (issue 33): what the NEXT request will hold against the
 * model's window if the message box's text is sent now (v1.context.measure, useNextRequest.ts:
 * the numbers the context manager fits and records every request with, calibrated to the
 * provider's tokens; never a second estimate), so a new chat shows its system prompt, tools and
 * standing instructions before anything is sent, and a chip, a pin or a long message moves it.
 * When the service cannot tell, it shows what the last request held (context_measured). From 80 % of the window it
 * turns to the warning colour and says so in words. Hovering it, focusing it or pressing it shows
 * the breakdown (system prompt, tools, standing instructions, pinned notes and chips,
 * conversation, tool results) and the room left before earlier messages are compacted.
 */
import { useId, useState } from "react";
import type { ContextView } from "../../log/state";
import type { NextRequest } from "../../thread/context-measure";
import { formatTokens } from "../tokens";

export const WARN_AT = 0.8;

const ROWS: Array<{ key: keyof ContextView["parts"]; label: string }> = [
	{ key: "system", label: "System prompt" },
	{ key: "tools", label: "Tools" },
	{ key: "instructions", label: "Standing instructions" },
	{ key: "pinned", label: "Pinned notes and chips" },
	{ key: "conversation", label: "Conversation" },
	{ key: "toolResults", label: "Tool results" },
];

export function ContextMeter({ context, next }: { context: ContextView | undefined; next?: NextRequest }) {
	const [pressed, setPressed] = useState(false);
	const [hovered, setHovered] = useState(false);
	const [focused, setFocused] = useState(false);
	const id = useId();
	const open = pressed || hovered || focused;
	const shown = next ?? context;
	if (!shown) return null;
	const { tokens, window } = shown;
	const share = window !== undefined && window > 0 ? tokens / window : undefined;
	const warn = share !== undefined && share >= WARN_AT;
	const percent = share !== undefined ? Math.round(share * 100) : undefined;
	const amount =
		window !== undefined ? `${formatTokens(tokens)} / ${formatTokens(window)}` : `${formatTokens(tokens)} tokens`;
	const summary = next ? `Next request ≈ ${amount}` : `Last request ${amount}`;
	return (
		<div
			className={`redline-context-meter${warn ? " redline-context-meter-warn" : ""}`}
			onMouseEnter={() => setHovered(true)}
			onMouseLeave={() => setHovered(false)}
		>
			<button
				type="button"
				className="redline-inline-button redline-context-meter-button"
				aria-expanded={open}
				aria-controls={`${id}-breakdown`}
				onClick={() => setPressed((was) => !was)}
				onFocus={() => setFocused(true)}
				onBlur={() => setFocused(false)}
				onKeyDown={(event) => {
					if (event.key === "Escape" && open) {
						event.preventDefault();
						setPressed(false);
						setFocused(false);
						setHovered(false);
					}
				}}
			>
				{share !== undefined && (
					<meter
						className="redline-context-meter-bar"
						aria-hidden="true"
						min={0}
						max={1}
						low={WARN_AT}
						high={WARN_AT}
						optimum={0}
						value={Math.min(1, share)}
					/>
				)}
				<span className="redline-context-meter-text">
					{summary}
					{percent !== undefined ? ` (${percent}%)` : ""}
					{warn ? " · nearly full" : ""}
				</span>
			</button>
			<div id={`${id}-breakdown`} className="redline-context-breakdown" hidden={!open}>
				<p className="redline-context-breakdown-title">
					{next ? "What the next request will hold, if you send now (estimate)" : "What the last request held"}
				</p>
				<dl>
					{ROWS.map((row) => (
						<div key={row.key} className="redline-context-row">
							<dt>{row.label}</dt>
							<dd>{shown.parts[row.key].toLocaleString("en-US")}</dd>
						</div>
					))}
					<div className="redline-context-row redline-context-total">
						<dt>Total</dt>
						<dd>
							{tokens.toLocaleString("en-US")}
							{window !== undefined ? ` of ${window.toLocaleString("en-US")}` : ""}
						</dd>
					</div>
					{shown.roomBeforeCompaction !== undefined && (
						<div className="redline-context-row">
							<dt>Room before compaction</dt>
							<dd>{next?.compactsFirst ? "none" : shown.roomBeforeCompaction.toLocaleString("en-US")}</dd>
						</div>
					)}
				</dl>
				{next?.compactsFirst && (
					<p className="redline-context-breakdown-note">Earlier messages will be summarised before it is sent.</p>
				)}
			</div>
		</div>
	);
}
