/**
 * The mounted part of the chat stream (see stream-window.ts) and the "Show earlier messages"
 * sentinel at its top: asked for with the button (keyboard), or mounted by itself when the
 * user scrolls near it (an IntersectionObserver on the pane's scroller). Mounting earlier items
 * keeps what the user was reading in place: the item that was first stays where it was on screen.
 * (Keeping the distance from the bottom instead would move it whenever an item below the view
 * settles its height, content-visibility's estimates being replaced by real sizes.)
 */
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import {
	EARLIER_ITEMS,
	effectiveStart,
	FROM_START,
	hiddenCount,
	INITIAL_ITEMS,
	windowStart,
	type WindowItem,
} from "../stream-window";

/** How far above the visible area the sentinel starts mounting earlier items. */
const PRELOAD_MARGIN = "600px 0px 0px 0px";

export interface StreamWindow {
	/** Items with a seq below this are not mounted. */
	from: number;
	/** How many items are not mounted. */
	hidden: number;
	showEarlier: () => void;
	/** Ref for the sentinel element (the "Show earlier messages" button). */
	sentinelRef: (el: HTMLElement | null) => void;
}

/**
 * `fetchEarlier`: the view holds only the thread's newest items. It is called when fewer than a
 * batch of the items it holds are not mounted (a page ahead of the user's scrolling), and when all
 * are and the user asks for earlier ones; the fetched items then mount as the others do.
 */
export function useStreamWindow(items: readonly WindowItem[], fetchEarlier?: () => void): StreamWindow {
	// Decided once, from what the stream holds when it mounts: later items only ever append.
	const [chosen, setChosen] = useState(() => heldStart(items, windowStart(items, INITIAL_ITEMS), fetchEarlier));
	const from = effectiveStart(items, chosen);
	const hidden = hiddenCount(items, from);
	// A waiting card lowers the window; once decided it stays mounted (the focus is on it).
	if (from < chosen) setChosen(from);
	const [sentinel, setSentinel] = useState<HTMLElement | null>(null);
	const kept = useRef<{ scroller: HTMLElement; anchor: Element; top: number } | null>(null);
	const latest = useRef({ items, from, hidden, fetchEarlier });
	latest.current = { items, from, hidden, fetchEarlier };

	const showEarlier = useCallback(() => {
		const { items: now, from: start, hidden: notMounted, fetchEarlier: fetch } = latest.current;
		if (notMounted === 0) {
			fetch?.();
			return;
		}
		const scroller = sentinel ? scrollParent(sentinel) : null;
		// The sentinel is the stream's first child: the next one is the first mounted item.
		const anchor = sentinel?.nextElementSibling;
		kept.current = scroller && anchor ? { scroller, anchor, top: offsetIn(anchor, scroller) } : null;
		setChosen(heldStart(now, windowStart(now, EARLIER_ITEMS, start), fetch));
	}, [sentinel]);

	useLayoutEffect(() => {
		const keep = kept.current;
		kept.current = null;
		if (!keep) return;
		const restore = () => {
			keep.scroller.scrollTop += offsetIn(keep.anchor, keep.scroller) - keep.top;
		};
		restore();
		// Items just mounted above may settle their height a frame later (content-visibility,
		// Markdown rendered by the host): restore once more then, unless the user scrolled meanwhile.
		const win = keep.scroller.ownerDocument.defaultView;
		const expected = keep.scroller.scrollTop;
		const frame = win?.requestAnimationFrame(() => {
			if (Math.abs(keep.scroller.scrollTop - expected) < 2 || keep.scroller.scrollTop === 0) restore();
		});
		return () => {
			if (frame !== undefined) win?.cancelAnimationFrame(frame);
		};
	}, [from]);

	// Held items run short of a batch: the next page is fetched ahead, so the next batch mounts at once.
	useEffect(() => {
		if (fetchEarlier && hidden < EARLIER_ITEMS) fetchEarlier();
	}, [fetchEarlier, hidden]);

	// A fresh observer after each change: observing delivers the current state at once, so a
	// sentinel still near the view after a batch mounts the next batch too.
	useEffect(() => {
		const Observer = sentinel?.ownerDocument.defaultView?.IntersectionObserver;
		if (!sentinel || !Observer) return;
		const observer = new Observer(
			(entries) => {
				if (entries.some((entry) => entry.isIntersecting)) showEarlier();
			},
			{ root: scrollParent(sentinel), rootMargin: PRELOAD_MARGIN },
		);
		observer.observe(sentinel);
		return () => observer.disconnect();
	}, [sentinel, showEarlier, from, hidden]);

	return { from, hidden, showEarlier, sentinelRef: setSentinel };
}

/**
 * FROM_START means "everything", which is right only when the view holds the thread's first item.
 * While earlier pages are still to come (or on their way), it means the first item held: a page
 * that arrives later is then held for the next batch instead of mounting whole.
 */
function heldStart(items: readonly WindowItem[], start: number, fetchEarlier: (() => void) | undefined): number {
	return start === FROM_START && fetchEarlier && items.length > 0 ? items[0].seq : start;
}

/** Where `el` is on screen, from the top of the scroller's box. */
function offsetIn(el: Element, scroller: HTMLElement): number {
	return el.getBoundingClientRect().top - scroller.getBoundingClientRect().top;
}

/** The nearest ancestor that scrolls (the pane's body), or null for the document. */
function scrollParent(el: HTMLElement): HTMLElement | null {
	const win = el.ownerDocument.defaultView;
	for (let node = el.parentElement; node; node = node.parentElement) {
		const overflow = win?.getComputedStyle(node).overflowY;
		if (overflow === "auto" || overflow === "scroll") return node;
	}
	return null;
}
