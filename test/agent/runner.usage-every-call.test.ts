/**
 * Every model call of a thread counts (issue 33), not only the replies and the drafts that made
 * it: an apply attempt that produced no edit, a main-model step the user stopped or the stream
 * dropped, the automatic title and the compaction summary. Through the real LangChain client and
 * the scripted server: each shows in the thread's totals, counts against the budget (a budget
 * crossed only by that call pauses the turn), and reads back the same after a restart.
 */
import { describe, expect, it } from "vitest";
import { reply, scripted } from "../../src/sandbox/model-server";
import { createNoteHistory } from "../../src/history/note-history";
import { createDeclareEditIntentTool } from "../../src/tools/declare-edit-intent";
import { createExecuteEditTool } from "../../src/tools/execute-edit";
import { readNoteTool } from "../../src/tools/read-note";
import type { ThreadEvent } from "../../src/log/events";
import { setTimeout } from "../../src/node/timers";
import { harness, ofType, readEvents } from "./support/harness";
import type { Harness } from "./support/harness";
import { isSummaryRequest, largeNotes, readingScript, summaryOf } from "./support/long-thread";

async function waitFor(h: Harness, threadId: string, test: (e: ThreadEvent) => boolean): Promise<void> {
	for (;;) {
		if ((await readEvents(h.service, threadId)).some(test)) return;
		await new Promise((resolve) => setTimeout(resolve, 10));
	}
}

/** The totals as the pane and the budget read them, live and after a restart (the log read back). */
async function totalsSurviveRestart(h: Harness, threadId: string): Promise<void> {
	const before = (await h.state(threadId)).usage;
	await h.restart();
	expect((await h.state(threadId)).usage).toEqual(before);
}

const pausedForBudget = (events: ThreadEvent[]) =>
	ofType(events, "turn_paused").filter((pause) => pause.reason === "budget");

describe("AgentRunner: every model call counts", () => {
	it("an apply that produced no edit (edit blocks that did not apply, then a refused whole note) counts both attempts", async () => {
		const USAGE = { usage: { prompt_tokens: 300, completion_tokens: 40 } };
		const h = await harness({
			notes: { "Plan.md": "# Plan\n\nfirst para\n" },
			// 800 (the step) + 2 × 340 (the two apply attempts) = 1,480: only the failed attempts cross 1,400.
			settings: { budget: { unit: "tokens", amount: 1400 } },
			tools: ({ vault, store, models }) => {
				const history = createNoteHistory({ vault, store });
				return [
					createDeclareEditIntentTool({ history, models, drafts: store }),
					createExecuteEditTool({ history, drafts: store }),
				];
			},
			script: scripted(
				reply.toolCalls(
					[{ name: "declareEditIntent", args: { path: "Plan.md", operation: "modify", description: "shout" } }],
					undefined,
					{ usage: { prompt_tokens: 700, completion_tokens: 100 } },
				),
				// Edit blocks whose SEARCH is not in the note, then an empty whole note: nothing to propose.
				reply.text("<<<<<<< SEARCH\nnot in the note\n=======\nNOT IN THE NOTE\n>>>>>>> REPLACE\n", USAGE),
				reply.text("", USAGE),
				reply.text("Could not do it.", { usage: { prompt_tokens: 700, completion_tokens: 100 } }),
			),
		});
		const threadId = await h.newThread();
		await h.send(threadId, "Shout Plan.md");
		const events = await h.events(threadId);
		expect(ofType(events, "edit_proposed")).toEqual([]);
		// The failed attempts alone crossed the budget: the turn pauses before its next model call.
		expect(pausedForBudget(events)).toHaveLength(1);
		expect(h.server.requests).toHaveLength(3);
		// One record for the edit's two calls: the edit blocks, given up once hopeless (so an
		// estimate: their usage never came), and the whole note, whose usage came.
		const [apart] = ofType(events, "usage_recorded");
		expect(apart).toMatchObject({ role: "apply", purpose: "edit", usage: { calls: 2, estimated: true } });
		expect(apart?.usage.promptTokens).toBeGreaterThan(300);
		const state = await h.state(threadId);
		expect(state.usage.apply).toMatchObject({ calls: 2, input: apart?.usage.promptTokens, estimated: 1 });
		expect(state.turns.at(-1)?.usage?.apply.input).toBe(apart?.usage.promptTokens);
		await totalsSurviveRestart(h, threadId);
	});

	it("an apply the user stopped mid-stream counts what it streamed, though its call was answered at once", async () => {
		const long = Array.from({ length: 400 }, (_, i) => `line ${i}`).join("\n");
		const h = await harness({
			notes: { "Plan.md": "# Plan\n\nfirst para\n" },
			settings: { editReview: "plan", toolDefaults: { declareEditIntent: "always" } },
			tools: ({ vault, store, models }) => [
				createDeclareEditIntentTool({ history: createNoteHistory({ vault, store }), models, drafts: store }),
			],
			script: scripted(
				reply.toolCalls([
					{ name: "declareEditIntent", args: { path: "Plan.md", operation: "rewrite", description: "longer" } },
				]),
				reply.text(long, { pace: { firstTokenMs: 0, tokensPerSecond: 50 } }),
			),
		});
		const threadId = await h.newThread();
		await h.service.sendMessage({ threadId, content: "Make Plan.md longer" });
		await waitFor(h, threadId, (e) => e.type === "tool_call_progress" && (e.fraction ?? 0) > 0);
		await h.service.stop({ threadId });
		await h.service.idle(threadId);
		// The Stop answers the tool call at once and ends the drive; the apply's usage is in the log by then.
		const state = await h.state(threadId);
		expect(state.usage.apply).toMatchObject({ calls: 1, estimated: 1 });
		expect(state.usage.apply.output).toBeGreaterThan(0);
		expect(ofType(await h.events(threadId), "usage_recorded")[0]).toMatchObject({ role: "apply", purpose: "edit" });
		await totalsSurviveRestart(h, threadId);
	});

	it("a reply the user stopped mid-stream counts its estimate, and a budget crossed by it pauses the next turn", async () => {
		const long = Array.from({ length: 400 }, (_, i) => `word${i}`).join(" ");
		const h = await harness({
			// The stopped request's estimate (its prompt: the system prompt alone is more) crosses 100.
			settings: { budget: { unit: "tokens", amount: 100 } },
			script: scripted(reply.text(long, { pace: { firstTokenMs: 0, tokensPerSecond: 50 } }), reply.text("Next.")),
		});
		const threadId = await h.newThread();
		await h.service.sendMessage({ threadId, content: "Talk" });
		await waitFor(h, threadId, (e) => e.type === "assistant_token");
		await h.service.stop({ threadId });
		await h.service.idle(threadId);
		const [stopped] = ofType(await h.events(threadId), "assistant_message_completed");
		expect(stopped?.finishReason).toBe("aborted");
		expect(stopped?.usage).toMatchObject({ estimated: true, model: "scripted" });
		expect(stopped?.usage?.promptTokens).toBeGreaterThan(100);
		expect(stopped?.usage?.completionTokens).toBeGreaterThan(0);
		const state = await h.state(threadId);
		expect(state.usage.main).toMatchObject({ calls: 1, estimated: 1 });

		await h.send(threadId, "Go on");
		expect(pausedForBudget(await h.events(threadId))).toHaveLength(1);
		expect(h.server.requests).toHaveLength(1);
		await totalsSurviveRestart(h, threadId);
	});

	it("a stream that dropped after some tokens counts as a call of its own beside the retry that answered", async () => {
		const h = await harness({
			script: scripted(
				reply.text("A first answer that will be cut off before it ends.", { fault: { kind: "drop", afterChunks: 4 } }),
				reply.text("The whole answer.", { usage: { prompt_tokens: 700, completion_tokens: 100 } }),
			),
		});
		const threadId = await h.newThread();
		await h.send(threadId, "Talk");
		const completed = ofType(await h.events(threadId), "assistant_message_completed");
		expect(completed.map((c) => c.finishReason)).toEqual(["dropped", "stop"]);
		expect(completed[0]?.usage).toMatchObject({ estimated: true });
		expect(completed[0]?.usage?.completionTokens).toBeGreaterThan(0);
		const state = await h.state(threadId);
		expect(state.usage.main.calls).toBe(2);
		expect(state.usage.main.input).toBe(700 + (completed[0]?.usage?.promptTokens ?? 0));
		await totalsSurviveRestart(h, threadId);
	});

	it("the automatic title counts as an apply-model call, and a budget crossed by it pauses the next turn", async () => {
		const h = await harness({
			titles: true,
			// 1,600 for the reply, 410 for the title: only the title crosses 2,000.
			settings: { budget: { unit: "tokens", amount: 2000 } },
			script: scripted(
				reply.text("Hello there.", { usage: { prompt_tokens: 1500, completion_tokens: 100 } }),
				reply.text("Greeting the assistant", { usage: { prompt_tokens: 400, completion_tokens: 10 } }),
				reply.text("Never sent."),
			),
		});
		const threadId = await h.newThread();
		await h.send(threadId, "Hi");
		await waitFor(h, threadId, (e) => e.type === "thread_renamed");
		await h.service.settled(threadId);
		const [renamed] = ofType(await h.events(threadId), "thread_renamed");
		expect(renamed).toMatchObject({ title: "Greeting the assistant", by: "auto" });
		const state = await h.state(threadId);
		expect(state.usage.main).toMatchObject({ calls: 1, input: 1500, output: 100 });
		expect(state.usage.apply).toMatchObject({ calls: 1, input: 400, output: 10 });

		await h.send(threadId, "And now?");
		expect(pausedForBudget(await h.events(threadId))).toHaveLength(1);
		expect(h.server.requests).toHaveLength(2);
		await totalsSurviveRestart(h, threadId);
	});

	it("the compaction summary counts as an apply-model call, and a budget crossed by it pauses the turn", async () => {
		const SUMMARY_USAGE = { prompt_tokens: 1_000_000, completion_tokens: 100 };
		const h = await harness({
			notes: largeNotes(10, 4000),
			tools: [readNoteTool],
			// Twelve turns of a 4k window are far below 500,000 tokens; one summary is above it.
			settings: { budget: { unit: "tokens", amount: 500_000 } },
			script: readingScript({ summary: (request) => ({ ...summaryOf(request), usage: SUMMARY_USAGE }) }),
		});
		h.settings.mainModel.contextTokens = 4096;
		const threadId = await h.newThread();
		for (let n = 1; n <= 12; n++) {
			await h.send(threadId, `Read Notes/Note ${((n - 1) % 10) + 1}.md`);
			if (ofType(await h.events(threadId), "context_compacted").length > 0) break;
		}
		// The budget is checked before each model call: the next one, in this turn or the next, pauses.
		if (pausedForBudget(await h.events(threadId)).length === 0) await h.send(threadId, "Read Notes/Note 1.md");
		const events = await h.events(threadId);
		const [compacted] = ofType(events, "context_compacted");
		const paused = pausedForBudget(events);
		expect(paused).toHaveLength(1);
		expect(paused[0]?.seq).toBeGreaterThan(compacted?.seq ?? Infinity);
		const summaries = h.server.requests.filter(isSummaryRequest).length;
		expect(summaries).toBeGreaterThan(0);
		const state = await h.state(threadId);
		expect(state.usage.apply.calls).toBe(summaries);
		expect(state.usage.apply.input).toBe(1_000_000 * summaries);
		expect(compacted?.usage).toMatchObject({ promptTokens: 1_000_000 * summaries, completionTokens: 100 * summaries });
		await totalsSurviveRestart(h, threadId);
	});
});
