/**
 * A set chip above the message box (issue 33): a folder, a tag, a note's backlinks or the notes
 * a note links to. Before anything is sent it shows what it adds, from v1.context.preview: how
 * many notes, their tokens, the first few by name with their tokens, and "+N more" to list them
 * all (those past the chip's limit marked as named only). Like a pinned note it says whether it
 * is for this message or kept for the chat; Keep switches, × removes it.
 */
import { useEffect, useId, useState } from "react";
import type { PinnedItem } from "../../log/events";
import { chipKind, chipName, chipTarget } from "../../log/pinned-items";
import { pinScope } from "../../log/projection";
import { ChipScope } from "./ChipScope";
import type { ChipPreview } from "../../thread/context-chips";
import { displayPath } from "../../vault/display-path";
import { formatTokens } from "../tokens";

const SHOWN = 3;

export interface SetChipProps {
	item: PinnedItem;
	preview: (item: PinnedItem) => Promise<ChipPreview | undefined>;
	onPin: (item: PinnedItem) => void;
	onUnpin: (item: PinnedItem) => void;
}

export function SetChip({ item, preview, onPin, onUnpin }: SetChipProps) {
	const [shown, setShown] = useState<ChipPreview | undefined>(undefined);
	const [expanded, setExpanded] = useState(false);
	const id = useId();
	const kind = chipKind(item);
	const target = chipTarget(item);
	useEffect(() => {
		let live = true;
		void preview({ [kindKey(kind)]: target } as PinnedItem).then((next) => {
			if (live) setShown(next);
		});
		return () => {
			live = false;
		};
	}, [preview, kind, target]);
	const name = chipName(item);
	const kept = pinScope(item) === "chat";
	const hidden = shown ? shown.notes.length + shown.listed.length - SHOWN : 0;
	return (
		<li className={`redline-chip redline-pin redline-set-chip${kept ? " redline-pin-kept" : ""}`}>
			<div className="redline-set-chip-head">
				<span className="redline-chip-label">{name}</span>
				<span className="redline-set-chip-count" aria-live="polite">
					{shown ? countLine(shown) : "counting notes…"}
				</span>
				<ChipScope item={item} name={name} onPin={onPin} />
				<button
					type="button"
					className="redline-chip-remove"
					aria-label={`Remove ${name}`}
					onClick={() => onUnpin(item)}
				>
					×
				</button>
			</div>
			{shown && shown.notes.length + shown.listed.length > 0 && (
				<ul id={`${id}-notes`} className="redline-set-chip-notes" aria-label={`Notes ${name} adds`}>
					{(expanded ? shown.notes : shown.notes.slice(0, SHOWN)).map((note) => (
						<li key={note.path}>
							{displayPath(note.path)} · {formatTokens(note.tokens)} tokens
						</li>
					))}
					{(expanded ? shown.listed : shown.listed.slice(0, Math.max(0, SHOWN - shown.notes.length))).map((path) => (
						<li key={path}>{displayPath(path)} · named only</li>
					))}
				</ul>
			)}
			{hidden > 0 && (
				<button
					type="button"
					className="redline-inline-button redline-set-chip-more"
					aria-expanded={expanded}
					aria-controls={`${id}-notes`}
					onClick={() => setExpanded((was) => !was)}
				>
					{expanded ? "Show fewer" : `+${hidden} more`}
				</button>
			)}
		</li>
	);
}

function countLine(preview: ChipPreview): string {
	const { total, notes, tokens } = preview;
	if (total === 0) return "no notes";
	const inFull =
		notes.length === total ? `${total} note${total === 1 ? "" : "s"}` : `${notes.length} of ${total} notes in full`;
	return `${inFull} · ${formatTokens(tokens)} tokens`;
}

function kindKey(kind: ReturnType<typeof chipKind>): string {
	switch (kind) {
		case "folder":
			return "folder";
		case "tag":
			return "tag";
		case "backlinks":
			return "backlinksOf";
		case "links":
			return "linksFrom";
		default:
			return "path";
	}
}
