/**
 * A read, a list or a search that ran: one line, "Read On slow reading · 63 lines ›" (issue 30),
 * a button that opens the details on demand. Opened: the note's link, the text read in a region the
 * keyboard can reach and scroll (tabindex 0, named: axe's scrollable-region-focusable), the notes
 * named as a real list of links, and "Set by your preference · Change" when a preference ran it.
 * The details are drawn only while open (a list of 200 notes costs nothing shut).
 */
import { useId, useState } from "react";
import type { ToolCallView } from "../../log/state";
import { displayName } from "../../vault/display-path";
import type { CallLineView } from "../call-words";
import { usePane } from "../context";
import { STATUS_ATTR } from "../focus-after";
import { NoteLink } from "./NoteLink";
import { PolicyNote } from "./PolicyNote";

export function CallLine({ call, view }: { call: ToolCallView; view: CallLineView }) {
	const { host } = usePane();
	const [open, setOpen] = useState(false);
	const id = useId();
	return (
		<>
			<button
				type="button"
				className="redline-call-line"
				aria-expanded={open}
				aria-controls={id}
				{...{ [STATUS_ATTR]: "" }}
				onClick={() => setOpen(!open)}
			>
				<span className="redline-call-line-text">{view.line}</span>
				<span className="redline-call-line-chevron" aria-hidden="true">
					›
				</span>
			</button>
			{open && (
				<div id={id} className="redline-call-line-details">
					{view.path !== undefined && (
						<p className="redline-call-line-note">
							<NoteLink host={host} path={view.path} />
						</p>
					)}
					{view.text !== undefined && (
						<pre
							className="redline-call-text"
							role="region"
							aria-label={`Text read from ${view.path !== undefined ? displayName(view.path) : "the note"}`}
							tabIndex={0}
						>
							{view.text}
						</pre>
					)}
					{view.notes && (
						<ul className="redline-call-notes" aria-label={view.notes.label}>
							{view.notes.paths.map((path, index) => (
								<li key={index}>
									<NoteLink host={host} path={path} />
								</li>
							))}
						</ul>
					)}
					{call.decidedBy === "policy" && <PolicyNote tool={call.tool} />}
				</div>
			)}
		</>
	);
}
