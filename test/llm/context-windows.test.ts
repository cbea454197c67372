import { describe, expect, it } from "vitest";
import { contextWindowOf, knownContextWindow } from "../../src/llm/context-windows";
import { resolveApplyEndpoint } from "../../src/llm/model-provider";
import { DEFAULT_SETTINGS } from "../../src/settings";

describe("a model's context window", () => {
	it.each([
		["gpt-4.1", 1_047_576],
		["gpt-4.1-mini", 1_047_576],
		["gpt-4o-mini", 128_000],
		["openai/gpt-4o", 128_000],
		["gpt-4", 8_192],
		["gpt-4-0613", 8_192],
		["gpt-4-turbo", 128_000],
		["gpt-3.5-turbo", 16_385],
		["gpt-5-mini", 400_000],
		["o1-mini", 128_000],
		["o3-mini", 200_000],
		["o4-mini", 200_000],
		["anthropic/claude-3.5-sonnet", 200_000],
		["google/gemini-2.5-pro", 1_048_576],
		["llama3.1:8b", 131_072],
		["meta-llama/llama-3.3-70b-instruct", 131_072],
		["llama3:8b", 8_192],
		["qwen2.5:7b", 32_768],
		["mistral-large-latest", 131_072],
		["mistral:7b", 32_768],
		["deepseek-chat", 65_536],
		["gemma3:12b", 131_072],
		["phi4", 16_384],
	])("knows %s: %i tokens", (model, tokens) => {
		expect(knownContextWindow(model)).toBe(tokens);
	});

	it("does not guess for a name it does not know", () => {
		for (const model of ["", "scripted", "my-finetune", "gpt-4.5-preview", "o5"])
			expect(knownContextWindow(model)).toBeUndefined();
	});

	it("prefers the setting over the name", () => {
		expect(contextWindowOf({ model: "gpt-4o", contextTokens: 32_000 })).toBe(32_000);
		expect(contextWindowOf({ model: "gpt-4o" })).toBe(128_000);
		expect(contextWindowOf({ model: "unknown-model" })).toBeUndefined();
	});

	it("gives the apply model the main model's setting only when it is the same model", () => {
		const main = { ...DEFAULT_SETTINGS.mainModel, contextTokens: 20_000 };
		expect(resolveApplyEndpoint({ ...DEFAULT_SETTINGS, mainModel: main, applyModel: {} }).contextTokens).toBe(20_000);
		expect(
			resolveApplyEndpoint({ ...DEFAULT_SETTINGS, mainModel: main, applyModel: { model: "gpt-4.1-mini" } })
				.contextTokens,
		).toBeUndefined();
		expect(
			resolveApplyEndpoint({
				...DEFAULT_SETTINGS,
				mainModel: main,
				applyModel: { model: "gpt-4.1-mini", contextTokens: 9_000 },
			}).contextTokens,
		).toBe(9_000);
	});
});
