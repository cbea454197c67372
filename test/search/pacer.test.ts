import { describe, expect, it } from "vitest";
import { clearInterval, clearTimeout, setInterval, setTimeout } from "../../src/node/timers";
import { realPacer, Slicer } from "../../src/search/pacer";

function busy(ms: number): void {
	const until = performance.now() + ms;
	while (performance.now() < until);
}

describe("the real pacer", () => {
	// Node's MessagePort delivers a message posted while it is delivering in the same turn (up to
	// 1,000 of them), so yielding through a MessageChannel there let no timer, socket or file
	// callback run for a whole build: the sandbox's server did not answer for seconds.
	it("lets a timer that fell due during a slice run within a few yields", async () => {
		await realPacer.yield(); // from here on, the work runs in what the last yield resumed
		let fired = false;
		const timer = setTimeout(() => (fired = true), 0);
		try {
			for (let i = 0; i < 3 && !fired; i++) {
				busy(2);
				await realPacer.yield();
			}
			expect(fired).toBe(true);
		} finally {
			clearTimeout(timer);
		}
	});

	it("gives timers turns between the slices of a long run of work", async () => {
		let ticks = 0;
		const interval = setInterval(() => ticks++, 1);
		try {
			const slicer = new Slicer(realPacer);
			const until = performance.now() + 200;
			while (performance.now() < until) await slicer.tick();
			expect(ticks).toBeGreaterThan(2);
		} finally {
			clearInterval(interval);
		}
	});
});
