/**
 * One pinned note above the message box, saying what the pin does (issue 30): "for this message"
 * (the service unpins it once the next message is sent) or "kept for every message in this chat".
 * Keep switches between the two (a toggle: aria-pressed; its name stays, the state is its own);
 * × unpins. A pin of a log written before scopes is kept, as pins then were. "+ backlinks" and
 * "+ links" add the notes linking to it or linked from it, one hop, as a set chip (issue 33).
 */
import type { PinnedItem } from "../../log/events";
import { chipName } from "../../log/pinned-items";
import { pinScope } from "../../log/projection";
import { ChipScope } from "./ChipScope";
import { displayPath } from "../../vault/display-path";

export interface PinChipProps {
	item: PinnedItem;
	onPin: (item: PinnedItem) => void;
	onUnpin: (item: PinnedItem) => void;
}

export function PinChip({ item, onPin, onUnpin }: PinChipProps) {
	const name = "path" in item ? displayPath(item.path) : chipName(item);
	const kept = pinScope(item) === "chat";
	return (
		<li className={`redline-chip redline-pin${kept ? " redline-pin-kept" : ""}`}>
			<span className="redline-chip-label">{name}</span>
			<ChipScope item={item} name={name} onPin={onPin} />
			{"path" in item && (
				<>
					<button
						type="button"
						className="redline-inline-button redline-pin-keep"
						aria-label={`+ backlinks: add the notes linking to ${name}`}
						onClick={() => onPin({ backlinksOf: item.path, scope: pinScope(item) })}
					>
						+ backlinks
					</button>
					<button
						type="button"
						className="redline-inline-button redline-pin-keep"
						aria-label={`+ links: add the notes ${name} links to`}
						onClick={() => onPin({ linksFrom: item.path, scope: pinScope(item) })}
					>
						+ links
					</button>
				</>
			)}
			<button type="button" className="redline-chip-remove" aria-label={`Unpin ${name}`} onClick={() => onUnpin(item)}>
				×
			</button>
		</li>
	);
}
