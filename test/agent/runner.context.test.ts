/**
 * Recovery from "context length exceeded": the scripted server refuses over-long requests in each
 * provider's real words, and the runner compacts once and retries once, never in a loop.
 * (Written before the fix: today's runner took @langchain/openai's ContextOverflowError for a
 * dropped connection, retried the same request once and left the thread in error.)
 */
import { describe, expect, it } from "vitest";
import { CONTEXT_ERROR_STYLES, messageText, reply } from "../../src/sandbox/model-server";
import type { RecordedRequest } from "../../src/sandbox/model-server";
import { CONTEXT_ERROR_FIXTURES } from "./fixtures/context-length-errors";
import { harness, ofType } from "./support/harness";
import { isSummaryRequest, largeNotes, readingScript } from "./support/long-thread";

const notes = largeNotes(6, 4000);
const refusedCount = (requests: RecordedRequest[]): number =>
	requests.filter((r) => r.outcome === "context-exceeded").length;
const mainRequests = (requests: RecordedRequest[]): RecordedRequest[] => requests.filter((r) => !isSummaryRequest(r));

describe("AgentRunner: a request longer than the model's context", () => {
	it.each(CONTEXT_ERROR_STYLES.filter((style) => style !== "openai-unstated"))(
		"learns the limit from %s's refusal, compacts once and retries once",
		async (style) => {
			const h = await harness({ notes, script: readingScript() });
			h.server.setContextLimit({ tokens: 4096, style });
			const threadId = await h.newThread();
			for (let n = 1; n <= 4; n++) await h.send(threadId, `Read Notes/Note ${n}.md`);

			const events = await h.events(threadId);
			expect(ofType(events, "error")).toEqual([]);
			const state = await h.state(threadId);
			expect(state.status).toBe("idle");
			expect(state.messages.filter((m) => m.kind === "assistant" && m.text.startsWith("I read"))).toHaveLength(4);
			// One refusal in the whole thread: after it, the limit is known and kept to.
			expect(refusedCount(h.server.requests)).toBe(1);
			expect(ofType(events, "context_limit_reached")).toEqual([
				expect.objectContaining({ model: "scripted", limitTokens: 4096, stated: true }),
			]);
			const compactions = ofType(events, "context_compacted");
			expect(compactions.length).toBeGreaterThanOrEqual(1);
			expect(compactions[0].summary).toContain("Notes/Note 1.md");
			// The retry right after the refusal is smaller and carries the summary.
			const refusedAt = h.server.requests.findIndex((r) => r.outcome === "context-exceeded");
			const retry = mainRequests(h.server.requests.slice(refusedAt + 1))[0];
			expect(JSON.stringify(retry.body.messages).length).toBeLessThan(
				JSON.stringify(h.server.requests[refusedAt].body.messages).length,
			);
			expect(messageText(retry.body.messages[0])).toContain("Summary of the earlier part of this chat");
		},
	);

	it("ends the turn with a clear error when the retry is refused too, without a loop", async () => {
		const h = await harness({ notes: largeNotes(1, 20_000), script: readingScript() });
		h.server.setContextLimit({ tokens: 4096 });
		const threadId = await h.newThread();
		await h.send(threadId, "Read Notes/Note 1.md");

		expect(refusedCount(h.server.requests)).toBe(2);
		const errors = ofType(await h.events(threadId), "error");
		expect(errors).toHaveLength(1);
		expect(errors[0].retryable).toBe(false);
		expect(errors[0].message).toContain("does not fit the model's context window (4,096 tokens)");
		expect(errors[0].message).toContain("ask for less at a time (the chat can go on)");
		expect(errors[0].message).toContain("maximum context length is 4096 tokens");
		expect((await h.state(threadId)).status).toBe("error");
	});

	it("a read too large for any request ends only its own turn: the next message is answered", async () => {
		const h = await harness({
			notes: { ...largeNotes(2, 4000), "Notes/Note 9.md": largeNotes(1, 30_000)["Notes/Note 1.md"] },
			script: readingScript(),
		});
		h.server.setContextLimit({ tokens: 4096 });
		const threadId = await h.newThread();
		await h.send(threadId, "Read Notes/Note 1.md");
		await h.send(threadId, "Read Notes/Note 9.md");
		expect((await h.state(threadId)).status).toBe("error");
		expect(ofType(await h.events(threadId), "error")[0].message).toContain(
			"does not fit the model's context window (4,096 tokens)",
		);
		await h.send(threadId, "Read Notes/Note 2.md");

		const state = await h.state(threadId);
		expect(state.status).toBe("idle");
		const last = state.messages.at(-1);
		expect(last?.kind === "assistant" && last.text).toBe("I read Notes/Note 2.md: it lists the meeting items.");
		// The big read is still in the thread, as a stub the model can act on.
		expect(JSON.stringify(mainRequests(h.server.requests).at(-1)?.body.messages)).toContain(
			"[Result left out to save context: readNote",
		);
	});

	it("picks a smaller budget itself when the refusal states no limit", async () => {
		const noLimit = CONTEXT_ERROR_FIXTURES.find((f) => f.name === "no limit stated");
		let refusedOnce = false;
		const reading = readingScript();
		const h = await harness({
			notes,
			script: async (request, context) => {
				if (
					!refusedOnce &&
					mainRequests([request]).length === 1 &&
					request.body.messages.some((m) => m.role === "tool")
				) {
					refusedOnce = true;
					return reply.httpError(400, { body: noLimit?.body });
				}
				return reading(request, context);
			},
		});
		const threadId = await h.newThread();
		await h.send(threadId, "Read Notes/Note 1.md");
		const limits = ofType(await h.events(threadId), "context_limit_reached");
		expect(limits).toHaveLength(1);
		expect(limits[0].stated).toBe(false);
		expect(limits[0].limitTokens).toBeGreaterThanOrEqual(1024);
		expect((await h.state(threadId)).status).toBe("idle");
	});

	it("when a refusal states no limit and the smaller retry is refused too, the error offers Retry, which asks smaller still", async () => {
		// A long thread moves to a model with a far smaller window, whose refusals state no limit.
		const h = await harness({ notes: largeNotes(10, 4000), script: readingScript() });
		const threadId = await h.newThread();
		for (let n = 1; n <= 10; n++) await h.send(threadId, `Read Notes/Note ${n}.md`);
		h.server.setContextLimit({ tokens: 4096, style: "openai-unstated" });
		await h.send(threadId, "Read Notes/Note 2.md");

		let events = await h.events(threadId);
		const [error] = ofType(events, "error");
		expect(error.message).toContain("does not fit the model's context window");
		// Only a guess was wrong, so another try is worth it: Retry, not only a new chat.
		expect(error.retryable).toBe(true);
		expect(error.message).toContain("Retry");
		const guesses = ofType(events, "context_limit_reached");
		expect(guesses).toHaveLength(2);
		expect(guesses.every((g) => !g.stated)).toBe(true);
		expect(guesses[1].limitTokens).toBeLessThan(guesses[0].limitTokens);
		const refusedBefore = refusedCount(h.server.requests);
		expect(refusedBefore).toBe(2);

		// Each Retry makes one request and one retry at most, each smaller than the last.
		for (let tries = 0; tries < 5 && (await h.state(threadId)).status === "error"; tries++) {
			expect((await h.service.retry({ threadId })).ok).toBe(true);
			await Promise.resolve();
			await Promise.resolve();
			await h.service.idle(threadId);
		}
		events = await h.events(threadId);
		expect((await h.state(threadId)).status).toBe("idle");
		const last = (await h.state(threadId)).messages.at(-1);
		expect(last?.kind === "assistant" && last.text).toBe("I read Notes/Note 2.md: it lists the meeting items.");
		const limits = ofType(events, "context_limit_reached").map((g) => g.limitTokens);
		for (let i = 1; i < limits.length; i++) expect(limits[i]).toBeLessThan(limits[i - 1]);
	});

	it("leaves other 400s alone: no compaction, no retry", async () => {
		const h = await harness({
			notes,
			script: () =>
				reply.httpError(400, {
					body: {
						object: "error",
						message: "max_tokens must be at least 1, got -186.",
						type: "BadRequestError",
						param: null,
						code: 400,
					},
				}),
		});
		const threadId = await h.newThread();
		await h.send(threadId, "Read Notes/Note 1.md");
		expect(h.server.requests).toHaveLength(1);
		const events = await h.events(threadId);
		expect(ofType(events, "context_limit_reached")).toEqual([]);
		expect(ofType(events, "error")[0]?.message).toContain("rejected the request (400");
	});
});
