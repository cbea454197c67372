/**
 * The token estimate is calibrated per thread from the provider's `usage.prompt_tokens`. Here the
 * scripted server's model counts 2.5 characters a token (code, many languages), where Redline's
 * estimate assumes about four for ASCII text; with "Context window (tokens)" set to the model's
 * real window, no request may be refused once the first reply has reported its usage.
 * (Checked to fail with calibrationOf pinned at 1: the budget, in Redline's units, then
 * overshoots the real window by about 60 % and requests are refused.)
 */
import { describe, expect, it } from "vitest";
import { promptTokens, requestSize } from "../../src/sandbox/model-server";
import { harness, ofType } from "./support/harness";
import { isSummaryRequest, largeNotes, readingScript } from "./support/long-thread";

const DENSE = 2.5;

describe("calibrating the token estimate from the provider's usage", () => {
	it("records the provider's prompt tokens beside Redline's estimate of the same request", async () => {
		const h = await harness({ notes: largeNotes(1, 8000), script: readingScript(), charsPerToken: DENSE });
		const threadId = await h.newThread();
		await h.send(threadId, "Read Notes/Note 1.md");

		const completed = ofType(await h.events(threadId), "assistant_message_completed");
		const main = h.server.requests.filter((r) => !isSummaryRequest(r));
		expect(completed).toHaveLength(main.length);
		completed.forEach((event, i) => {
			const sent = promptTokens(requestSize(main[i].body, DENSE));
			expect(event.usage?.promptTokens).toBe(sent);
			// The estimate counts about four characters a token: the provider's count is higher.
			expect(event.usage?.estimatedPromptTokens).toBeGreaterThan(sent / 2);
			expect(event.usage?.estimatedPromptTokens).toBeLessThan(sent * 0.9);
		});
	});

	it("keeps every request of a long thread under a denser tokenizer's window", { timeout: 240_000 }, async () => {
		const limit = 16_384;
		const h = await harness({ notes: largeNotes(10, 12_000), script: readingScript(), charsPerToken: DENSE });
		h.server.setContextLimit({ tokens: limit, style: "openai" });
		h.settings.mainModel.contextTokens = limit;
		const threadId = await h.newThread();
		for (let turn = 1; turn <= 30; turn++) await h.send(threadId, `Read Notes/Note ${((turn - 1) % 10) + 1}.md`);

		const events = await h.events(threadId);
		expect(ofType(events, "error")).toEqual([]);
		expect(ofType(events, "context_limit_reached")).toEqual([]);
		expect(h.server.requests.filter((r) => r.outcome === "context-exceeded")).toEqual([]);
		const state = await h.state(threadId);
		expect(state.messages.filter((m) => m.kind === "assistant" && m.text.startsWith("I read"))).toHaveLength(30);
		// Not by a margin so wide that calibration was never needed: requests use the window.
		const largest = Math.max(
			...h.server.requests.filter((r) => !isSummaryRequest(r)).map((r) => promptTokens(requestSize(r.body, DENSE))),
		);
		expect(largest).toBeGreaterThan(limit / 2);
		expect(largest).toBeLessThanOrEqual(limit);
	});
});
