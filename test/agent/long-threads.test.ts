/**
 * Long threads never die from length: 60 turns that each read a 60 KB note, through the real
 * ChatOpenAI against the scripted server, which refuses any request over its context limit in a
 * real provider's words. With the "Context window (tokens)" setting the budget keeps every request
 * under the limit; without it, recovery from the provider's refusal alone must keep the thread
 * going. Before this work the thread stopped at the first refusal (about turn 3 at 16k).
 */
import { describe, expect, it } from "vitest";
import type { ContextErrorStyle } from "../../src/sandbox/model-server";
import { promptTokens, requestSize } from "../../src/sandbox/model-server";
import { harness, ofType } from "./support/harness";
import { isSummaryRequest, largeNotes, readingScript } from "./support/long-thread";

const TURNS = 60;
const notes = largeNotes(10, 60_000);

interface Run {
	limit: number;
	budget: boolean;
	style: ContextErrorStyle;
}

// Without the setting, every provider's refusal is met at least once (recovery alone must do).
const RUNS: Run[] = [
	{ limit: 16_384, budget: true, style: "openai" },
	{ limit: 32_768, budget: true, style: "vllm" },
	{ limit: 131_072, budget: true, style: "ollama" },
	{ limit: 16_384, budget: false, style: "openrouter" },
	{ limit: 16_384, budget: false, style: "openai" },
	{ limit: 16_384, budget: false, style: "openai-unstated" },
	{ limit: 32_768, budget: false, style: "ollama" },
	{ limit: 32_768, budget: false, style: "vllm" },
	{ limit: 131_072, budget: false, style: "vllm-legacy" },
	{ limit: 131_072, budget: false, style: "openai-unstated" },
];

describe("a long thread of large reads", () => {
	it.each(RUNS)(
		`completes all ${TURNS} turns under a $limit-token limit (refusals in $style's words, budget setting: $budget)`,
		{ timeout: 240_000 },
		async ({ limit, budget, style }) => {
			const h = await harness({ notes, script: readingScript() });
			h.server.setContextLimit({ tokens: limit, style });
			if (budget) h.settings.mainModel.contextTokens = limit;
			const threadId = await h.newThread();
			for (let turn = 1; turn <= TURNS; turn++) await h.send(threadId, `Read Notes/Note ${((turn - 1) % 10) + 1}.md`);

			const events = await h.events(threadId);
			expect(ofType(events, "error")).toEqual([]);
			const state = await h.state(threadId);
			expect(state.status).toBe("idle");
			const answers = state.messages.filter((m) => m.kind === "assistant" && m.text.startsWith("I read"));
			expect(answers).toHaveLength(TURNS);

			const refused = h.server.requests.filter((r) => r.outcome === "context-exceeded");
			const accepted = h.server.requests.filter((r) => r.outcome === "completed");
			expect(accepted.length + refused.length).toBe(h.server.requests.length);
			for (const request of accepted) expect(promptTokens(requestSize(request.body))).toBeLessThanOrEqual(limit);
			if (budget) {
				// The setting alone keeps every request in bounds.
				expect(refused).toEqual([]);
			} else if (style === "openai-unstated") {
				// No limit stated: each refusal lowers Redline's own guess until requests fit.
				expect(refused.length).toBeGreaterThanOrEqual(1);
				expect(refused.length).toBeLessThanOrEqual(6);
				expect(ofType(events, "context_limit_reached").every((e) => !e.stated && e.limitTokens < limit * 2)).toBe(true);
			} else {
				// Recovery learns the limit from the first refusal; after it, requests keep under it.
				expect(refused.length).toBeGreaterThanOrEqual(1);
				expect(refused.length).toBeLessThanOrEqual(2);
				expect(ofType(events, "context_limit_reached")[0]).toMatchObject({ limitTokens: limit, stated: true });
			}
			// At 16k, eliding old reads is not enough for 60 turns: earlier turns are summarised.
			if (limit <= 16_384) expect(ofType(events, "context_compacted").length).toBeGreaterThanOrEqual(1);
			expect(h.server.requests.filter(isSummaryRequest).every((r) => r.outcome === "completed")).toBe(true);
		},
	);
});
