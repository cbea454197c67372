import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { splitTokens } from "../../../src/sandbox/model-server";

describe("splitTokens", () => {
	it("gives back the text exactly when the tokens are joined", () => {
		fc.assert(fc.property(fc.string({ unit: "grapheme" }), (text) => splitTokens(text).join("") === text));
	});

	it("keeps every token to at most four visible characters", () => {
		fc.assert(fc.property(fc.string(), (text) => splitTokens(text).every((t) => [...t.trimStart()].length <= 4)));
	});

	it("attaches leading spaces to the next word, as model tokenizers do", () => {
		expect(splitTokens("Hello world, again")).toEqual(["Hell", "o", " worl", "d,", " agai", "n"]);
		expect(splitTokens("")).toEqual([]);
		expect(splitTokens("end  \n")).toEqual(["end", "  \n"]);
	});
});
