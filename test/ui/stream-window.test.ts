import { describe, expect, it } from "vitest";
import { effectiveStart, FROM_START, hiddenCount, windowStart, type WindowItem } from "../../src/ui/stream-window";

/** Turns of `size` items each (a user message, then assistant items), seqs 10, 20, 30, … */
function turns(count: number, size: number): WindowItem[] {
	const items: WindowItem[] = [];
	for (let t = 0; t < count; t++) {
		for (let i = 0; i < size; i++) items.push({ seq: (items.length + 1) * 10, turnStart: i === 0, waiting: false });
	}
	return items;
}

describe("stream window", () => {
	it("starts at the first item of the turn that holds the last `count` items", () => {
		const items = turns(10, 4); // 40 items, turns start at seqs 10, 50, 90, …
		// 6 items back lands in the middle of the second-to-last turn: back to its start.
		expect(windowStart(items, 6)).toBe(items[32].seq);
		expect(hiddenCount(items, windowStart(items, 6))).toBe(32);
	});

	it("shows everything when the thread is shorter than the window", () => {
		const items = turns(2, 3);
		expect(windowStart(items, 30)).toBe(FROM_START);
		expect(hiddenCount(items, FROM_START)).toBe(0);
	});

	it("mounts the last turn whole even when it alone is longer than the window", () => {
		const items = turns(3, 20);
		expect(windowStart(items, 5)).toBe(items[40].seq);
	});

	it("reaches further back, a batch at a time, before the current start", () => {
		const items = turns(10, 4);
		const first = windowStart(items, 6);
		const earlier = windowStart(items, 6, first);
		expect(earlier).toBe(items[24].seq);
		expect(windowStart(items, 100, earlier)).toBe(FROM_START);
	});

	it("moves the start back to the turn of an item that still waits for the user", () => {
		const items = turns(10, 4);
		items[9] = { ...items[9], waiting: true }; // in the third turn (items 8–11)
		expect(effectiveStart(items, windowStart(items, 6))).toBe(items[8].seq);
		// Waiting items inside the window change nothing.
		expect(effectiveStart(items, items[4].seq)).toBe(items[4].seq);
	});
});
