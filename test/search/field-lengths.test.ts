import { describe, expect, it } from "vitest";
import { FieldLengths } from "../../src/search/field-lengths";

describe("FieldLengths", () => {
	it("answers as the Map of arrays minisearch keeps, from one typed array that grows", () => {
		const lengths = new FieldLengths(3, 2);
		const map = new Map<number, number[]>();
		const set = (id: number, values: number[]): void => {
			lengths.set(id, values);
			map.set(id, values);
		};
		set(0, [1, 2, 3]);
		set(5, [4, 0, 6]); // past the capacity: grows
		set(2, [7]); // fields past the given ones are 0
		map.set(2, [7, 0, 0]);
		expect(lengths.delete(0)).toBe(map.delete(0));
		expect(lengths.delete(0)).toBe(map.delete(0));
		set(5, [9, 9, 9]);
		expect(lengths.size).toBe(map.size);
		for (const id of [0, 1, 2, 5, 9]) {
			expect(lengths.has(id)).toBe(map.has(id));
			const got = lengths.get(id);
			expect(got && [...got]).toEqual(map.get(id));
		}
		expect([...lengths].map(([id, v]) => [id, [...v]])).toEqual([...map].sort((a, b) => a[0] - b[0]));
		// What the flat scorer reads: width numbers a note, zeros where none are set.
		expect([...lengths.values.subarray(0, 18)]).toEqual([0, 0, 0, 0, 0, 0, 7, 0, 0, 0, 0, 0, 0, 0, 0, 9, 9, 9]);
		// A load copies from a column of every note's lengths.
		lengths.setFrom(1, Uint32Array.of(1, 2, 3, 4, 5, 6), 3);
		expect(lengths.get(1) && [...(lengths.get(1) ?? [])]).toEqual([4, 5, 6]);
		lengths.clear();
		expect(lengths.size).toBe(0);
		expect(lengths.get(5)).toBeUndefined();
	});
});
