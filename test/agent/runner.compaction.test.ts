/**
 * Compaction in the life of a thread: a restart or a crash while the summary is being written,
 * a user message that arrives meanwhile, and summaries that fail.
 */
import { describe, expect, it } from "vitest";
import { AgentRunner } from "../../src/agent/runner";
import { createModelProvider } from "../../src/llm/model-provider";
import { messageText, reply, startModelServer } from "../../src/sandbox/model-server";
import type { RecordedRequest, ScriptedReply } from "../../src/sandbox/model-server";
import { MemoryStore } from "../../src/store/memory-store";
import { LocalThreadService } from "../../src/thread/service";
import { readNoteTool } from "../../src/tools/read-note";
import { ToolRegistry } from "../../src/tools/registry";
import { harness, ofType, readEvents } from "./support/harness";
import type { Harness } from "./support/harness";
import { isSummaryRequest, largeNotes, readingScript, summaryOf } from "./support/long-thread";

const notes = largeNotes(10, 4000);

/** A summariser held at a gate: the test decides when (and whether) the summary comes back. */
function gatedSummaries(answer: (request: RecordedRequest) => ScriptedReply = summaryOf) {
	let arrived: () => void = () => undefined;
	let open: () => void = () => undefined;
	const summaryArrived = new Promise<void>((resolve) => (arrived = resolve));
	const gate = new Promise<void>((resolve) => (open = resolve));
	return {
		summaryArrived,
		release: () => open(),
		summary: async (request: RecordedRequest) => {
			arrived();
			await gate;
			return answer(request);
		},
	};
}

async function contextHarness(
	summary: (request: RecordedRequest) => ScriptedReply | Promise<ScriptedReply>,
): Promise<Harness> {
	const h = await harness({ notes, script: readingScript({ summary }), tools: [readNoteTool] });
	h.settings.mainModel.contextTokens = 4096;
	return h;
}

/** Sends turns until one starts compacting; returns the content of that turn's message. */
async function turnsUntilCompaction(h: Harness, threadId: string, summaryArrived: Promise<void>): Promise<string> {
	for (let n = 1; n <= 30; n++) {
		const content = `Read Notes/Note ${((n - 1) % 10) + 1}.md`;
		const sent = await h.service.sendMessage({ threadId, content });
		if (!sent.ok) throw new Error(sent.error.message);
		await Promise.resolve();
		await Promise.resolve();
		const outcome = await Promise.race([
			h.service.idle(threadId).then(() => "idle"),
			summaryArrived.then(() => "compacting"),
		]);
		if (outcome === "compacting") return content;
	}
	throw new Error("no compaction in 30 turns");
}

const lastMain = (h: Harness): RecordedRequest | undefined =>
	h.server.requests.filter((r) => !isSummaryRequest(r)).at(-1);

describe("compaction", () => {
	it("summarises the oldest turns into the log once elision is not enough, and the pane keeps them all", async () => {
		const h = await contextHarness(summaryOf);
		const threadId = await h.newThread();
		for (let n = 1; n <= 12; n++) await h.send(threadId, `Read Notes/Note ${((n - 1) % 10) + 1}.md`);
		const events = await h.events(threadId);
		const [first] = ofType(events, "context_compacted");
		expect(first).toBeDefined();
		expect(first.fromSeq).toBe(ofType(events, "user_message")[0].seq);
		expect(first.tokensSaved).toBeGreaterThan(0);
		const state = await h.state(threadId);
		expect(state.messages.filter((m) => m.kind === "user")).toHaveLength(12);
		const system = messageText(lastMain(h)?.body.messages[0] ?? { role: "system" });
		expect(system).toContain("Summary of the earlier part of this chat");
		// The newest turn is never summarised: its read is in the request in full.
		expect(JSON.stringify(lastMain(h)?.body.messages)).toContain("Item 30 of note 2");
	});

	it("keeps naming a note pinned in a turn it summarised", async () => {
		const h = await contextHarness(summaryOf);
		const threadId = await h.newThread();
		expect((await h.service.pinItem({ threadId, operation: "pin", pinnedItem: { path: "Notes/Note 3.md" } })).ok).toBe(
			true,
		);
		for (let n = 1; n <= 12; n++) await h.send(threadId, `Read Notes/Note ${((n - 1) % 10) + 1}.md`);
		const [compaction] = ofType(await h.events(threadId), "context_compacted");
		expect(compaction.fromSeq).toBeLessThanOrEqual(ofType(await h.events(threadId), "user_message")[0].seq);
		const system = messageText(lastMain(h)?.body.messages[0] ?? { role: "system" });
		expect(system).toContain("Summary of the earlier part of this chat");
		expect(system).toContain('The user pinned these notes as context: "Notes/Note 3.md"');
		const newest = lastMain(h)
			?.body.messages.filter((m) => m.role === "user")
			.at(-1);
		expect(messageText(newest ?? { role: "user" })).toBe('Read Notes/Note 2.md\n\n[Pinned notes: "Notes/Note 3.md"]');
	});

	it("writes the summary in pieces that fit the apply model's own Context window setting", async () => {
		const h = await harness({ notes, script: readingScript(), tools: [readNoteTool] });
		const applyServer = await startModelServer({
			script: readingScript(),
			contextLimit: { tokens: 2048, style: "ollama" },
		});
		try {
			h.settings.applyModel = { baseUrl: applyServer.baseURL, model: "small-apply", contextTokens: 2048 };
			const threadId = await h.newThread();
			for (let n = 1; n <= 8; n++) await h.send(threadId, `Read Notes/Note ${n}.md`);
			// The main model turns out to have a 4k window: eight turns are summarised at once.
			h.server.setContextLimit({ tokens: 4096 });
			await h.send(threadId, "Read Notes/Note 9.md");

			const events = await h.events(threadId);
			expect(ofType(events, "error")).toEqual([]);
			expect(ofType(events, "context_compacted")).toHaveLength(1);
			expect(h.server.requests.filter(isSummaryRequest)).toEqual([]);
			const summaries = applyServer.requests.filter(isSummaryRequest);
			// More than one 2k request holds: folded in several requests, none refused.
			expect(summaries.length).toBeGreaterThan(1);
			expect(summaries.filter((r) => r.outcome !== "completed")).toEqual([]);
		} finally {
			await applyServer.close();
		}
	});

	it("sends the model the same compacted conversation after a restart as without one (replay equals live)", async () => {
		const run = async (restartBefore: number): Promise<{ request: RecordedRequest | undefined; events: number }> => {
			const h = await contextHarness(summaryOf);
			const threadId = await h.newThread();
			for (let n = 1; n <= 14; n++) {
				if (n === restartBefore) {
					expect(ofType(await h.events(threadId), "context_compacted").length).toBeGreaterThanOrEqual(1);
					await h.restart();
				}
				await h.send(threadId, `Read Notes/Note ${((n - 1) % 10) + 1}.md`);
			}
			const events = await h.events(threadId);
			expect(ofType(events, "context_compacted").length).toBeGreaterThanOrEqual(1);
			return { request: lastMain(h), events: events.length };
		};
		const live = await run(0);
		// Restart after the first compaction, so the reopened log carries context_compacted events.
		const replayed = await run(14);
		expect(replayed.request?.body.messages).toEqual(live.request?.body.messages);
		expect(replayed.events).toBe(live.events);
	});

	it("writes nothing when the service closes mid-summary, and compacts after the restart", async () => {
		const gated = gatedSummaries();
		const h = await contextHarness(gated.summary);
		const threadId = await h.newThread();
		const content = await turnsUntilCompaction(h, threadId, gated.summaryArrived);
		await h.restart();

		let events = await h.events(threadId);
		expect(ofType(events, "context_compacted")).toEqual([]);
		// Quitting is not Stop: the reopened thread says the turn was interrupted and offers Retry.
		expect(ofType(events, "error").at(-1)?.message).toContain("Interrupted");
		expect(ofType(events, "user_message").at(-1)?.content).toBe(content);
		expect(JSON.stringify(events)).not.toContain("The user asked to read");

		gated.release();
		const retried = await h.service.retry({ threadId });
		expect(retried.ok).toBe(true);
		await h.service.idle(threadId);
		events = await h.events(threadId);
		expect(ofType(events, "context_compacted")).toHaveLength(1);
		expect(ofType(events, "error")).toHaveLength(1);
		const state = await h.state(threadId);
		const last = state.messages.at(-1);
		expect(last?.kind === "assistant" && last.text).toContain(content.replace("Read ", ""));
	});

	it("recovers from a crash mid-summary: the turn is marked interrupted and compacts on retry", async () => {
		const gated = gatedSummaries();
		const h = await contextHarness(gated.summary);
		const threadId = await h.newThread();
		await turnsUntilCompaction(h, threadId, gated.summaryArrived);
		// The crash: what the store held at this moment is all a new process finds.
		const copy = new MemoryStore();
		for (const key of await h.store.list("")) await copy.write(key, (await h.store.read(key)) ?? "");
		gated.release();

		const models = createModelProvider(
			() => h.settings,
			() => ({}),
		);
		const runner = new AgentRunner({
			vault: h.vault,
			models,
			tools: new ToolRegistry([readNoteTool]),
			settings: () => h.settings,
			sleep: () => Promise.resolve(),
		});
		const reopened = new LocalThreadService({ store: copy, driver: runner });
		try {
			let events = await readEvents(reopened, threadId);
			expect(ofType(events, "context_compacted")).toEqual([]);
			expect(ofType(events, "error").at(-1)?.message).toContain("Interrupted");
			expect((await reopened.retry({ threadId })).ok).toBe(true);
			await Promise.resolve();
			await reopened.idle(threadId);
			events = await readEvents(reopened, threadId);
			expect(ofType(events, "context_compacted").length).toBeGreaterThanOrEqual(1);
			const last = events.filter((e) => e.type === "status").at(-1);
			expect(last).toMatchObject({ status: "idle" });
		} finally {
			await reopened.close();
		}
	});

	it("never covers a user message that arrives while the summary is written, and answers it", async () => {
		const gated = gatedSummaries();
		const h = await contextHarness(gated.summary);
		const threadId = await h.newThread();
		await turnsUntilCompaction(h, threadId, gated.summaryArrived);
		const sent = await h.service.sendMessage({ threadId, content: "Read Notes/Note 9.md" });
		expect(sent.ok).toBe(true);
		gated.release();
		await h.service.idle(threadId);

		const events = await h.events(threadId);
		const newest = ofType(events, "user_message").at(-1);
		const [compaction] = ofType(events, "context_compacted");
		expect(newest?.content).toBe("Read Notes/Note 9.md");
		expect(compaction.toSeq).toBeLessThan(newest?.seq ?? 0);
		const state = await h.state(threadId);
		expect(state.status).toBe("idle");
		const last = state.messages.at(-1);
		expect(last?.kind === "assistant" && last.text).toBe("I read Notes/Note 9.md: it lists the meeting items.");
		expect(JSON.stringify(lastMain(h)?.body.messages)).toContain("Read Notes/Note 9.md");
	});

	it.each([
		["fails with a server error", () => reply.httpError(500, { message: "apply model overloaded" })],
		["comes back empty", () => reply.text("   ")],
		["is only the model's thinking", () => reply.text("<think>What should I write?</think>")],
		["is far longer than asked (refused)", () => reply.text(`- ${"The user read a note and I answered. ".repeat(80)}`)],
	])("carries on with elision alone when the summary %s", async (_how, answer) => {
		const h = await contextHarness(answer);
		// The model really has the window the setting says: what elision leaves must fit it.
		h.server.setContextLimit({ tokens: 4096 });
		const threadId = await h.newThread();
		for (let n = 1; n <= 12; n++) await h.send(threadId, `Read Notes/Note ${((n - 1) % 10) + 1}.md`);

		const events = await h.events(threadId);
		expect(ofType(events, "context_compacted")).toEqual([]);
		expect(ofType(events, "error")).toEqual([]);
		expect(
			events.some((e) => e.type === "status" && e.detail?.startsWith("Could not summarise earlier messages")),
		).toBe(true);
		const state = await h.state(threadId);
		expect(state.messages.filter((m) => m.kind === "assistant" && m.text.startsWith("I read"))).toHaveLength(12);
		expect(JSON.stringify(lastMain(h)?.body.messages)).toContain("[Result left out to save context: readNote");
		expect(h.server.requests.filter((r) => r.outcome === "context-exceeded" && !isSummaryRequest(r))).toEqual([]);
		// One try per user message, not one per model call.
		const summaries = h.server.requests.filter(isSummaryRequest).length;
		expect(summaries).toBeGreaterThan(0);
		expect(summaries).toBeLessThanOrEqual(12);
	});

	// Issue 26: the summary was scrubbed by a regex over the whole output, and cut at "<think>".
	const RULES =
		"- User asked to remove the <think> blocks from Notes/Note 1.md.\n- Standing rules: never edit Journal/; British spelling.";

	it.each([
		["without reasoning", reply.text(RULES)],
		["after <think> reasoning", reply.thinking("Summarise the rules.", RULES, "think")],
		["after reasoning with only its closing tag", reply.thinking("Summarise the rules.", RULES, "think-closed")],
		["after reasoning_content", reply.thinking("Summarise the rules.", RULES, "reasoning_content")],
		// The audit: a bare </think> mid-line took everything before it (the standing rules) for reasoning.
		[
			"that also mentions a bare </think> in prose",
			reply.text(`${RULES}\n- User asked why R1 replies show </think> before the answer.`),
		],
	])("keeps a summary that mentions <think> whole, %s", async (_how, answer) => {
		const h = await contextHarness(() => answer);
		const threadId = await h.newThread();
		for (let n = 1; n <= 12 && ofType(await h.events(threadId), "context_compacted").length === 0; n++)
			await h.send(threadId, `Read Notes/Note ${((n - 1) % 10) + 1}.md`);

		const [compaction] = ofType(await h.events(threadId), "context_compacted");
		expect(compaction?.summary).toBe(answer.text);
		await h.send(threadId, "Read Notes/Note 2.md");
		expect(JSON.stringify(lastMain(h)?.body.messages)).toContain("British spelling");
	});
});
