/**
 * Which part of a long chat stream is mounted. Opening a thread of thousands of events should
 * cost what the screen shows, not the whole history: the pane mounts the most recent turns and
 * mounts older ones, a few turns at a time, when the user scrolls up to them or asks for them.
 *
 * The window is kept as the seq of its first item, so items that arrive later (always at the
 * end) never push earlier ones out while the user reads them. It always starts at a turn's
 * first item, and never after an item that waits for the user (a card to run or skip, a
 * question to answer): nothing the user must act on is ever hidden.
 */

export interface WindowItem {
	seq: number;
	/** The first item of a turn (its user message, or activity before any message). */
	turnStart: boolean;
	/** Holds a call waiting for approval or a question waiting for answers. */
	waiting: boolean;
}

/** Items mounted when a thread opens, and added each time earlier ones are asked for. */
export const INITIAL_ITEMS = 30;
export const EARLIER_ITEMS = 30;

/** Shows everything. */
export const FROM_START = Number.NEGATIVE_INFINITY;

/**
 * The seq where a window of about `count` items ends just before `beforeSeq` (items sorted by
 * seq): back `count` items, then back to the start of that turn. FROM_START when that reaches
 * the first item.
 */
export function windowStart(items: readonly WindowItem[], count: number, beforeSeq = Number.POSITIVE_INFINITY): number {
	let end = items.length;
	while (end > 0 && items[end - 1].seq >= beforeSeq) end--;
	let index = Math.max(0, end - Math.max(1, count));
	while (index > 0 && !items[index].turnStart) index--;
	return index === 0 ? FROM_START : items[index].seq;
}

/** The window's start lowered, when needed, to the turn of the earliest item that waits. */
export function effectiveStart(items: readonly WindowItem[], from: number): number {
	const waiting = items.findIndex((item) => item.waiting);
	if (waiting < 0 || items[waiting].seq >= from) return from;
	let index = waiting;
	while (index > 0 && !items[index].turnStart) index--;
	return index === 0 ? FROM_START : items[index].seq;
}

/** How many items lie before the window. */
export function hiddenCount(items: readonly WindowItem[], from: number): number {
	let count = 0;
	while (count < items.length && items[count].seq < from) count++;
	return count;
}
