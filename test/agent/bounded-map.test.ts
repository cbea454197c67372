import { describe, expect, it } from "vitest";
import { mapBounded } from "../../src/agent/bounded-map";

/** A call that resolves when the test says, recording how many ran at once. */
function gate() {
	let running = 0;
	let most = 0;
	const releases: Array<() => void> = [];
	const fn = async (n: number): Promise<number> => {
		most = Math.max(most, ++running);
		await new Promise<void>((resolve) => releases.push(resolve));
		running--;
		return n * 10;
	};
	return { fn, most: () => most, releases };
}

async function drain(releases: Array<() => void>, until: Promise<unknown>): Promise<void> {
	let done = false;
	void until.then(() => (done = true));
	while (!done) {
		await new Promise((resolve) => setTimeout(resolve, 0));
		releases.shift()?.();
	}
}

describe("mapBounded", () => {
	it("keeps at most `limit` calls in flight and reaches that many", async () => {
		const { fn, most, releases } = gate();
		const result = mapBounded([1, 2, 3, 4, 5, 6, 7, 8, 9], 4, fn);
		await drain(releases, result);
		expect(most()).toBe(4);
	});

	it("answers in the items' order, whatever order the calls finish in", async () => {
		const delays = [30, 5, 20, 1, 10];
		const result = await mapBounded(delays, 2, async (ms) => {
			await new Promise((resolve) => setTimeout(resolve, ms));
			return ms;
		});
		expect(result).toEqual(delays);
	});

	it("runs everything with fewer items than the limit, and nothing for none", async () => {
		const { fn, most, releases } = gate();
		const result = mapBounded([1, 2], 4, fn);
		await drain(releases, result);
		expect(await result).toEqual([10, 20]);
		expect(most()).toBe(2);
		expect(await mapBounded([], 4, fn)).toEqual([]);
	});

	it("rejects when a call throws", async () => {
		await expect(
			mapBounded([1, 2, 3], 2, (n) => (n === 2 ? Promise.reject(new Error("two")) : Promise.resolve(n))),
		).rejects.toThrow("two");
	});
});
