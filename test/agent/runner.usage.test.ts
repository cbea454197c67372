/**
 * What a turn costs (issue 33), through the real LangChain client and the scripted server: the
 * usage each provider reports, in its own shape, is recorded on assistant_message_completed with
 * the cached tokens and the price where they are known, and a provider that sends none gets
 * Redline's estimate, marked as one. The fold sums them per turn and per thread.
 */
import { describe, expect, it } from "vitest";
import { applyModelReply, reply, scripted } from "../../src/sandbox/model-server";
import { createNoteHistory } from "../../src/history/note-history";
import { createDeclareEditIntentTool } from "../../src/tools/declare-edit-intent";
import { createExecuteEditTool } from "../../src/tools/execute-edit";
import type { UsageShape } from "../../src/sandbox/model-server";
import { calibrationOf } from "../../src/agent/token-estimate";
import type { RedlineSettings } from "../../src/settings";
import { harness, ofType } from "./support/harness";

async function oneReply(usageShape: UsageShape, settings: Partial<RedlineSettings> = {}) {
	const h = await harness({
		server: { usageShape },
		settings,
		script: scripted(
			reply.text("Hello there.", {
				usage: { prompt_tokens: 1000, completion_tokens: 50, cached_tokens: 400, cost: 0.0123 },
			}),
		),
	});
	const threadId = await h.newThread();
	await h.send(threadId, "Hi");
	const [completed] = ofType(await h.events(threadId), "assistant_message_completed");
	return { h, threadId, usage: completed?.usage, state: await h.state(threadId), events: await h.events(threadId) };
}

const PRICED: Partial<RedlineSettings> = { prices: { scripted: { input: 2, cachedInput: 0.5, output: 8 } } };

describe("AgentRunner: usage per model call", () => {
	it("OpenAI: records prompt, completion and cached tokens (prompt_tokens_details.cached_tokens), priced from Settings", async () => {
		const { usage, state } = await oneReply("openai", PRICED);
		expect(usage).toMatchObject({ promptTokens: 1000, completionTokens: 50, cachedTokens: 400, model: "scripted" });
		expect(usage?.estimated).toBeUndefined();
		// 600 fresh at $2, 400 cached at $0.50, 50 out at $8 per million.
		expect(usage?.costUsd).toBeCloseTo((600 * 2 + 400 * 0.5 + 50 * 8) / 1e6, 12);
		expect(state.usage.main).toMatchObject({ calls: 1, input: 1000, output: 50, cached: 400, unpriced: 0 });
		expect(state.turns.at(-1)?.usage?.main.input).toBe(1000);
		expect(state.usage.apply.calls).toBe(0);
	});

	it("OpenRouter: takes the provider's own cost (usage.cost) over the price table", async () => {
		const { usage } = await oneReply("openrouter", PRICED);
		expect(usage).toMatchObject({ promptTokens: 1000, completionTokens: 50, cachedTokens: 400, costUsd: 0.0123 });
	});

	it("Ollama: the bare counts; a model without a price has tokens only, never a made-up price", async () => {
		const { usage, state } = await oneReply("ollama");
		expect(usage).toMatchObject({ promptTokens: 1000, completionTokens: 50 });
		expect(usage?.cachedTokens).toBeUndefined();
		expect(usage?.costUsd).toBeUndefined();
		expect(state.usage.main).toMatchObject({ calls: 1, costUsd: 0, unpriced: 1 });
	});

	it("a provider that sends no usage: Redline's estimate, marked estimated, and never calibrated on", async () => {
		const { usage, state, events } = await oneReply("none", PRICED);
		expect(usage?.estimated).toBe(true);
		expect(usage?.promptTokens).toBeGreaterThan(0);
		expect(usage?.completionTokens).toBeGreaterThan(0);
		expect(usage?.promptTokens).not.toBe(1000);
		expect(state.usage.main.estimated).toBe(1);
		expect(calibrationOf(events)).toBe(1);
	});

	it("records the apply model's usage apart: on edit_proposed for a draft to review, on edit_applied for one written at once", async () => {
		const upper = (note: string): string => note.toUpperCase();
		const run = async (settings: Partial<RedlineSettings>) => {
			const h = await harness({
				server: { usageShape: "openai" },
				notes: { "Plan.md": "# Plan\n\nfirst para\n" },
				settings: { ...PRICED, ...settings },
				tools: ({ vault, store, models }) => {
					const history = createNoteHistory({ vault, store });
					return [
						createDeclareEditIntentTool({ history, models, drafts: store }),
						createExecuteEditTool({ history, drafts: store }),
					];
				},
				script: scripted(
					reply.toolCalls([
						{ name: "declareEditIntent", args: { path: "Plan.md", operation: "modify", description: "shout" } },
					]),
					(request) => applyModelReply(request, upper, { usage: { prompt_tokens: 300, completion_tokens: 40 } }),
					reply.text("Done."),
				),
			});
			const threadId = await h.newThread();
			await h.send(threadId, "Shout Plan.md");
			return { events: await h.events(threadId), state: await h.state(threadId) };
		};
		const reviewed = await run({});
		expect(ofType(reviewed.events, "edit_proposed")[0]?.usage).toMatchObject({
			promptTokens: 300,
			completionTokens: 40,
			model: "scripted",
		});
		expect(reviewed.state.usage.apply).toMatchObject({ calls: 1, input: 300, output: 40 });
		expect(reviewed.state.turns.at(-1)?.usage?.apply.input).toBe(300);

		const written = await run({ toolDefaults: { declareEditIntent: "always" }, editReview: "plan" });
		expect(ofType(written.events, "edit_applied")[0]?.usage).toMatchObject({ promptTokens: 300, completionTokens: 40 });
		expect(written.state.usage.apply).toMatchObject({ calls: 1, input: 300, output: 40 });
	});
});
