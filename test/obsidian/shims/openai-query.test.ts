// main.js's stand-in for the OpenAI client's query strings (build/stand-ins/openai-query.ts)
// writes flat queries, all a chat completion can send, exactly as the client's own qs does.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { stringifyQuery } from "../../../build/stand-ins/openai-query";

/** The module the stand-in replaces (not in the openai package's exports, so by its file). */
async function real(): Promise<{ stringifyQuery: (query: Record<string, unknown>) => string }> {
	return await import("../../../node_modules/openai/internal/utils/query.mjs");
}

describe("the OpenAI client's query strings in main.js", () => {
	it("stand in for everything the client's query module exports", async () => {
		expect(Object.keys(await real())).toEqual(["stringifyQuery"]);
	});

	it("are what the client's qs writes for any flat query", async () => {
		const original = await real();
		const qs = (query: Record<string, unknown>) => original.stringifyQuery(query);
		const value = fc.oneof(
			fc.string({ unit: "grapheme" }),
			fc.string({ unit: "binary-ascii" }),
			fc.double(),
			fc.integer(),
			fc.boolean(),
			fc.constant(null),
			fc.constant(undefined),
			fc.bigInt(),
		);
		fc.assert(
			fc.property(fc.dictionary(fc.string({ unit: "grapheme" }), value), (query) => {
				expect(stringifyQuery(query)).toBe(qs(query));
			}),
			{ numRuns: 500 },
		);
		const azure = { "api-version": "2024-10-21", "a b": "x&y=z/é!'()*~", empty: "", none: null, skipped: undefined };
		expect(stringifyQuery(azure)).toBe(qs(azure));
		expect(stringifyQuery(azure)).toBe("api-version=2024-10-21&a%20b=x%26y%3Dz%2F%C3%A9%21%27%28%29%2A~&empty=&none=");
	});

	it("say what is missing for a nested value or a list", () => {
		expect(() => stringifyQuery({ filter: { after: "x" } })).toThrow(
			"stringifyQuery() is not included in Redline's bundle (nested query values and lists of the OpenAI client, which Redline does not use)",
		);
		expect(() => stringifyQuery({ ids: ["a", "b"] })).toThrow("stringifyQuery() is not included");
	});
});
