/**
 * The top of a stream whose earlier items are not mounted yet: a button that mounts them (for
 * the keyboard, and as a visible cue), also the sentinel that mounts them when scrolled near.
 */
import { plural } from "../describe";

export interface EarlierMessagesProps {
	hidden: number;
	onShow: () => void;
	sentinelRef: (el: HTMLElement | null) => void;
}

export function EarlierMessages({ hidden, onShow, sentinelRef }: EarlierMessagesProps) {
	const label = `Show earlier messages (${plural(hidden, "item")} not shown)`;
	return (
		<div className="redline-earlier" ref={sentinelRef}>
			<button type="button" className="redline-button redline-button-quiet" aria-label={label} onClick={onShow}>
				Show earlier messages
			</button>
		</div>
	);
}
