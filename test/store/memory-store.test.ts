import { describe, expect, it } from "vitest";
import { MemoryStore } from "../../src/store/memory-store";
import { describeStoreContract } from "./store-contract";

describeStoreContract("MemoryStore", () => Promise.resolve({ store: new MemoryStore() }));

describe("MemoryStore", () => {
	it("starts with the values it is given", async () => {
		const store = new MemoryStore({ "threads/a.jsonl": "x" });
		expect(await store.list("threads/")).toEqual(["threads/a.jsonl"]);
	});

	it("refuses bad keys among its initial values", () => {
		expect(() => new MemoryStore({ "../a": "x" })).toThrow(/Invalid store key/);
	});
});
