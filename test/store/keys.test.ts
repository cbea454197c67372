import { describe, expect, it } from "vitest";
import { checkStoreKey, checkStorePrefix, StoreError } from "../../src/store/keys";

describe("store keys", () => {
	it("accepts ordinary slash-separated keys", () => {
		expect(checkStoreKey("threads/abc.jsonl")).toBe("threads/abc.jsonl");
		expect(checkStoreKey("history/a b/ü.json")).toBe("history/a b/ü.json");
	});

	it("names the key and the reason in its error", () => {
		try {
			checkStoreKey("threads/../x");
			expect.unreachable();
		} catch (error) {
			expect(error).toBeInstanceOf(StoreError);
			expect((error as StoreError).message).toBe('Invalid store key "threads/../x": ".." segments are not allowed');
		}
	});

	it("accepts the empty prefix, a folder prefix and a partial name", () => {
		expect(["", "threads/", "threads/ab"].map(checkStorePrefix)).toEqual(["", "threads/", "threads/ab"]);
	});
});
