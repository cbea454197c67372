import { describe, expect, it } from "vitest";
import { baseUrlCandidates } from "../../src/check/base-url";

describe("base URLs worth trying when one reaches no route", () => {
	it("adds a missing /v1 (Ollama's and LM Studio's bare address)", () => {
		expect(baseUrlCandidates("http://localhost:11434")).toEqual(["http://localhost:11434/v1"]);
		expect(baseUrlCandidates("http://localhost:11434/")).toEqual(["http://localhost:11434/v1"]);
	});

	it("collapses a doubled /v1", () => {
		expect(baseUrlCandidates("http://localhost:1234/v1/v1")[0]).toBe("http://localhost:1234/v1");
	});

	it("takes off a pasted /chat/completions", () => {
		expect(baseUrlCandidates("https://api.example.com/v1/chat/completions")).toEqual(["https://api.example.com/v1"]);
	});

	it("tries without /v1 for a server that has none", () => {
		expect(baseUrlCandidates("https://models.example.com/openai/v1")).toEqual(["https://models.example.com/openai"]);
	});

	it("offers nothing for a URL that is not one", () => {
		expect(baseUrlCandidates("not a url")).toEqual([]);
	});
});
