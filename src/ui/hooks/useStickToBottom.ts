/**
 * Keeps the stream scrolled to the newest content while the user is at the bottom, and leaves
 * it alone once they scroll up to read or select something.
 *
 * Content also grows without a state change: Markdown is rendered in an effect after the layout
 * effect, and items the browser skipped (content-visibility) get their real height only when
 * they come into view. A ResizeObserver on the scroller's children follows those changes too.
 */
import { useCallback, useLayoutEffect, useRef } from "react";

const SLACK_PX = 40;

export function useStickToBottom(content: unknown): (el: HTMLDivElement | null) => void {
	const el = useRef<HTMLDivElement | null>(null);
	const atBottom = useRef(true);
	const resizes = useRef<ResizeObserver | null>(null);

	/** Where stick() last put the scroller: the scroll event that follows is ours, not the user's. */
	const stuckAt = useRef<number | null>(null);

	const onScroll = useCallback(() => {
		const node = el.current;
		if (!node) return;
		// Our own scroll is reported a frame later, when content may have grown below it (Markdown
		// rendered, items laid out): measured then, it would look like the user scrolled up.
		if (stuckAt.current !== null && Math.abs(node.scrollTop - stuckAt.current) <= 1) {
			stuckAt.current = null;
			return;
		}
		stuckAt.current = null;
		atBottom.current = node.scrollHeight - node.scrollTop - node.clientHeight <= SLACK_PX;
	}, []);

	const stick = useCallback(() => {
		const node = el.current;
		if (!node || !atBottom.current) return;
		const before = node.scrollTop;
		node.scrollTop = node.scrollHeight;
		if (node.scrollTop !== before) stuckAt.current = node.scrollTop;
	}, []);

	const ref = useCallback(
		(node: HTMLDivElement | null) => {
			el.current?.removeEventListener("scroll", onScroll);
			resizes.current?.disconnect();
			resizes.current = null;
			el.current = node;
			if (!node) return;
			node.addEventListener("scroll", onScroll, { passive: true });
			// The pane's own window: a pop-out has its own ResizeObserver.
			const Observer = node.ownerDocument.defaultView?.ResizeObserver;
			if (Observer) resizes.current = new Observer(stick);
		},
		[onScroll, stick],
	);

	useLayoutEffect(() => {
		const node = el.current;
		// Nothing shown yet (the chat is still being picked): reading the scroller would lay out the
		// pane's frame only to lay it out again once the chat is in.
		if (!node || content === undefined || content === null) return;
		// Observing is idempotent: this picks up whatever children the scroller holds now.
		for (const child of Array.from(node.children)) resizes.current?.observe(child);
		stick();
	}, [content, stick]);

	return ref;
}
