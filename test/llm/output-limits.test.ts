import { describe, expect, it } from "vitest";
import {
	fittedReplyTokensOf,
	maxOutputTokensOf,
	oneOffReplyTokensOf,
	replyReserve,
	replyTokensOf,
} from "../../src/llm/output-limits";

describe("reply limits (max_tokens)", () => {
	it("are the setting when the user set one", () => {
		expect(maxOutputTokensOf({ model: "gpt-4o", maxOutputTokens: 2000 })).toBe(2000);
		expect(oneOffReplyTokensOf({ model: "my-local-model", maxOutputTokens: 2000 })).toBe(2000);
	});

	it.each([
		["gpt-4.1-mini", 32_768],
		["openai/gpt-4o-mini", 16_384],
		["gpt-3.5-turbo", 4096],
		["o3-mini", 100_000],
		["claude-3-haiku-20240307", 4096],
		["anthropic/claude-sonnet-4", 8192],
		["deepseek-chat", 8192],
	])("follow the family of %s", (model, tokens) => {
		expect(maxOutputTokensOf({ model })).toBe(tokens);
		expect(oneOffReplyTokensOf({ model })).toBe(tokens);
	});

	it("ask the main model for no more than half the room the context budget keeps for the reply", () => {
		// llama3 has an 8,192-token window: 15 % of it (1,229) is kept for the reply.
		expect(replyTokensOf({ model: "llama3:8b" })).toBe(614);
		expect(replyTokensOf({ model: "my-local-model", contextTokens: 4096 })).toBe(307);
		// A window a refusal taught is smaller than the family's.
		expect(replyTokensOf({ model: "gpt-4o-mini" }, 2048)).toBe(256);
		expect(replyTokensOf({ model: "gpt-4.1" })).toBe(4096);
	});

	it("grow the room kept for the reply when the user sets a larger limit, up to half the window", () => {
		expect(replyReserve(100_000, { maxOutputTokens: 20_000 })).toBe(40_000);
		expect(replyTokensOf({ model: "m", contextTokens: 100_000, maxOutputTokens: 20_000 })).toBe(20_000);
		expect(replyReserve(4096, { maxOutputTokens: 3000 })).toBe(2048);
		expect(replyTokensOf({ model: "m", contextTokens: 4096, maxOutputTokens: 3000 })).toBe(1024);
	});

	it("send none for a model whose window and family are unknown, unless the user set one", () => {
		expect(replyTokensOf({ model: "my-local-model" })).toBeUndefined();
		expect(oneOffReplyTokensOf({ model: "my-local-model" })).toBeUndefined();
		expect(replyTokensOf({ model: "my-local-model", maxOutputTokens: 1000 })).toBe(1000);
	});

	it("ignore a setting out of range", () => {
		expect(maxOutputTokensOf({ model: "gpt-4o", maxOutputTokens: 3 })).toBe(16_384);
	});

	it("give a request with room to spare half of that room, up to the model's limit, so a thinking model is not cut short", () => {
		// gpt-5's 400k window keeps 8,192 for the reply: half of it (4,096) would end a long reasoning.
		expect(replyTokensOf({ model: "gpt-5", contextTokens: 400_000 })).toBe(4096);
		expect(fittedReplyTokensOf({ model: "gpt-5", contextTokens: 400_000 }, 400_000, 6000)).toBe(128_000);
		expect(fittedReplyTokensOf({ model: "gpt-4o", contextTokens: 128_000 }, 128_000, 6000)).toBe(16_384);
	});

	it("give a request near the window at least the reserve's half, and never more than half the room it leaves", () => {
		expect(fittedReplyTokensOf({ model: "gpt-4o", contextTokens: 128_000 }, 128_000, 120_000)).toBe(4096);
		expect(fittedReplyTokensOf({ model: "gpt-4o", contextTokens: 128_000 }, 128_000, 100_000)).toBe(14_000);
		expect(fittedReplyTokensOf({ model: "gpt-4o", maxOutputTokens: 1000 }, 128_000, 6000)).toBe(1000);
		expect(fittedReplyTokensOf({ model: "scripted" }, undefined, 6000)).toBeUndefined();
	});
});
