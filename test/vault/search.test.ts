import { describe, expect, it } from "vitest";
import { SNIPPET_LENGTH, snippetAround } from "../../src/vault/search";

describe("snippetAround", () => {
	it("keeps a match near the end of a long line, with an ellipsis before it", () => {
		const line = "x".repeat(1000) + "end";
		const snippet = snippetAround(line, 1000, 3);
		expect(snippet.endsWith("end")).toBe(true);
		expect(snippet.startsWith("…")).toBe(true);
		expect(snippet.length).toBe(SNIPPET_LENGTH + 1);
	});

	it("keeps a match at the start of a long line, with an ellipsis after it", () => {
		const snippet = snippetAround("start" + "y".repeat(1000), 0, 5);
		expect(snippet.startsWith("start")).toBe(true);
		expect(snippet.endsWith("…")).toBe(true);
	});
});
