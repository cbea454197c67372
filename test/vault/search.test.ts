import { describe, expect, it } from "vitest";
import { SNIPPET_LENGTH, searchText, snippetAround } from "../../src/vault/search";

describe("searchText", () => {
	it("reports one match per line, with 1-based line numbers, across CRLF lines", () => {
		expect(searchText("n.md", "cat cat\r\ndog\r\nCat", "cat", 10)).toEqual([
			{ path: "n.md", line: 1, snippet: "cat cat" },
			{ path: "n.md", line: 3, snippet: "Cat" },
		]);
	});

	it("finds nothing for an empty query", () => {
		expect(searchText("n.md", "anything", "", 10)).toEqual([]);
	});
});

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
