/**
 * Keeps the stream scrolled to the newest content while the user is at the bottom, and leaves
 * it alone once they scroll up to read or select something.
 */
import { useCallback, useLayoutEffect, useRef } from "react";

const SLACK_PX = 40;

export function useStickToBottom(content: unknown): (el: HTMLDivElement | null) => void {
	const el = useRef<HTMLDivElement | null>(null);
	const atBottom = useRef(true);

	const onScroll = useCallback(() => {
		const node = el.current;
		if (node) atBottom.current = node.scrollHeight - node.scrollTop - node.clientHeight <= SLACK_PX;
	}, []);

	const ref = useCallback(
		(node: HTMLDivElement | null) => {
			el.current?.removeEventListener("scroll", onScroll);
			el.current = node;
			node?.addEventListener("scroll", onScroll, { passive: true });
		},
		[onScroll],
	);

	useLayoutEffect(() => {
		const node = el.current;
		if (node && atBottom.current) node.scrollTop = node.scrollHeight;
	}, [content]);

	return ref;
}
