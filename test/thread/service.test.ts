import { describe, expect, it } from "vitest";
import { MemoryStore } from "../../src/store/memory-store";
import { threadLogKey } from "../../src/log/log";
import { INTERRUPTED_MESSAGE, LocalThreadService } from "../../src/thread/service";
import { THREAD_INDEX_KEY } from "../../src/thread/thread-index";
import { ScriptedDriver } from "./support/scripted-driver";
import { eventsOf, makeService, mustCreate, stateOf } from "./support/service";
import { setTimeout } from "../../src/node/timers";

describe("LocalThreadService", () => {
	it("creates, lists, renames and deletes threads", async () => {
		const { service, store } = makeService();
		const first = await mustCreate(service, "  Plans ");
		const second = await mustCreate(service);
		expect(await service.renameThread({ threadId: second, title: "Groceries" })).toEqual({ ok: true });
		const listed = await service.listThreads();
		expect(listed.ok && listed.threads.map((t) => [t.threadId, t.title]).sort()).toEqual(
			[
				[first, "Plans"],
				[second, "Groceries"],
			].sort(),
		);
		const created = (await eventsOf(service, first))[0];
		expect(created).toMatchObject({ type: "thread_created", title: "Plans", v: 1, seq: 1 });
		expect(await service.deleteThread({ threadId: first })).toEqual({ ok: true });
		expect(await store.read(threadLogKey(first))).toBeNull();
		const after = await service.listThreads();
		expect(after.ok && after.threads.map((t) => t.threadId)).toEqual([second]);
		expect(await service.sendMessage({ threadId: first, content: "hi" })).toMatchObject({
			ok: false,
			error: { code: "unknown_thread" },
		});
		await service.close();
	});

	it("acknowledges a message at once and streams the reply as events", async () => {
		const { service } = makeService();
		const threadId = await mustCreate(service);
		const sent = await service.sendMessage({ threadId, content: "hello there" });
		expect(sent.ok).toBe(true);
		await service.idle(threadId);
		const state = await stateOf(service, threadId);
		expect(state.messages.map((m) => (m.kind === "user" ? m.content : m.text))).toEqual([
			"hello there",
			"Echo: hello there",
		]);
		expect(state.status).toBe("idle");
		expect(state.turns[0]?.endedAt).toBeDefined();
		await service.close();
	});

	it("waits for approval, runs the approved call and finishes the turn", async () => {
		const { service } = makeService();
		const threadId = await mustCreate(service);
		await service.sendMessage({ threadId, content: "please read Daily" });
		await service.idle(threadId);
		let state = await stateOf(service, threadId);
		expect(state.status).toBe("waiting_for_approval");
		const [callId] = state.pendingApprovals;
		expect(await service.decideToolCalls({ threadId, approved: [callId ?? ""], denied: [] })).toEqual({ ok: true });
		await service.idle(threadId);
		state = await stateOf(service, threadId);
		expect(state.toolCalls[callId ?? ""]).toMatchObject({
			phase: "completed",
			decidedBy: "user",
			result: { message: "ran readNote" },
		});
		expect(state.status).toBe("idle");
		await service.close();
	});

	it("refuses a decision for a call that is not pending and records nothing", async () => {
		const { service } = makeService();
		const threadId = await mustCreate(service);
		await service.sendMessage({ threadId, content: "read it" });
		await service.idle(threadId);
		const before = await stateOf(service, threadId);
		const [callId = ""] = before.pendingApprovals;
		expect(await service.decideToolCalls({ threadId, approved: [callId, "c_nope"], denied: [] })).toMatchObject({
			ok: false,
			error: { code: "not_pending" },
		});
		expect(await service.decideToolCalls({ threadId, approved: [callId], denied: [callId] })).toMatchObject({
			ok: false,
			error: { code: "bad_params" },
		});
		expect(await service.decideToolCalls({ threadId, approved: [], denied: [] })).toMatchObject({
			ok: false,
			error: { code: "bad_params" },
		});
		expect((await stateOf(service, threadId)).lastSeq).toBe(before.lastSeq);
		expect(await service.decideToolCalls({ threadId, approved: [], denied: [callId], comment: "not now" })).toEqual({
			ok: true,
		});
		expect(await service.decideToolCalls({ threadId, approved: [callId], denied: [] })).toMatchObject({
			ok: false,
			error: { code: "not_pending" },
		});
		await service.idle(threadId);
		expect((await stateOf(service, threadId)).toolCalls[callId]).toMatchObject({ phase: "denied", comment: "not now" });
		await service.close();
	});

	it("denies pending calls with the new message when the user writes instead of deciding", async () => {
		const { service } = makeService();
		const threadId = await mustCreate(service);
		await service.sendMessage({ threadId, content: "edit Daily" });
		await service.idle(threadId);
		const waiting = await stateOf(service, threadId);
		const [callId = ""] = waiting.pendingApprovals;
		expect(waiting.toolCalls[callId]?.editId).toBeDefined();
		await service.sendMessage({ threadId, content: "actually, never mind" });
		await service.idle(threadId);
		const state = await stateOf(service, threadId);
		expect(state.toolCalls[callId]).toMatchObject({
			phase: "denied",
			decidedBy: "user",
			comment: "The user sent a new message instead: actually, never mind",
			reason: "new_message",
		});
		expect(state.messages.at(-1)).toMatchObject({ kind: "assistant", text: "Echo: actually, never mind" });
		await service.close();
	});

	it("takes answers to open questions, checks them, and refuses a second answer", async () => {
		const { service } = makeService();
		const threadId = await mustCreate(service);
		await service.sendMessage({ threadId, content: "ask me" });
		await service.idle(threadId);
		const state = await stateOf(service, threadId);
		expect(state.status).toBe("waiting_for_answer");
		const [askId = ""] = state.openQuestions;
		expect(
			await service.answerQuestion({ threadId, askId, answers: { 0: ["Daily", "Weekly"], 1: ["Head"] } }),
		).toMatchObject({ ok: false, error: { code: "bad_params" } });
		expect(await service.answerQuestion({ threadId, askId, answers: { 0: ["Daily"], 5: ["Head"] } })).toMatchObject({
			ok: false,
			error: { code: "bad_params", message: expect.stringContaining("There is no question 5") as unknown },
		});
		expect(await service.answerQuestion({ threadId, askId: "q_other", answers: {} })).toMatchObject({
			ok: false,
			error: { code: "not_pending" },
		});
		expect(await service.answerQuestion({ threadId, askId, answers: { 0: ["Daily"], 1: ["Head", "Body"] } })).toEqual({
			ok: true,
		});
		expect(await service.answerQuestion({ threadId, askId, answers: { 0: ["Daily"], 1: ["Head"] } })).toMatchObject({
			ok: false,
			error: { code: "not_pending" },
		});
		await service.idle(threadId);
		const done = await stateOf(service, threadId);
		expect(done.status).toBe("idle");
		expect(done.toolCalls[done.questions[askId]?.callId ?? ""]?.phase).toBe("completed");
		await service.close();
	});

	it("answers open questions with a new message as free text", async () => {
		const { service } = makeService();
		const threadId = await mustCreate(service);
		await service.sendMessage({ threadId, content: "ask" });
		await service.idle(threadId);
		const [askId = ""] = (await stateOf(service, threadId)).openQuestions;
		await service.sendMessage({ threadId, content: "the daily one" });
		await service.idle(threadId);
		const state = await stateOf(service, threadId);
		expect(state.questions[askId]?.answers).toEqual({ 0: ["the daily one"], 1: ["the daily one"] });
		expect(state.openQuestions).toEqual([]);
		expect(state.status).toBe("idle");
		await service.close();
	});

	it("sets tool preferences and pins items once", async () => {
		const { service } = makeService();
		const threadId = await mustCreate(service);
		expect(await service.setToolPreference({ threadId, tool: "readNote", preference: "never" })).toEqual({ ok: true });
		await service.pinItem({ threadId, operation: "pin", pinnedItem: { path: "A.md" } });
		await service.pinItem({ threadId, operation: "pin", pinnedItem: { path: "A.md" } });
		await service.pinItem({ threadId, operation: "pin", pinnedItem: { handle: "sel" } });
		await service.pinItem({ threadId, operation: "unpin", pinnedItem: { handle: "sel" } });
		const events = await eventsOf(service, threadId);
		expect(events.map((e) => e.type)).toEqual([
			"thread_created",
			"tool_preference_set",
			"item_pinned",
			"item_pinned",
			"item_unpinned",
		]);
		await service.sendMessage({ threadId, content: "hi" });
		const state = await stateOf(service, threadId);
		expect(state.preferences).toEqual({ readNote: "never" });
		expect(state.messages[0]).toMatchObject({ pinned: [{ path: "A.md" }] });
		await service.close();
	});

	it("stops a streaming reply and leaves the thread idle", async () => {
		const { service } = makeService();
		const threadId = await mustCreate(service);
		await service.sendMessage({ threadId, content: "slow please" });
		await waitFor(async () => (await stateOf(service, threadId)).messages.length === 2);
		expect(await service.stop({ threadId })).toEqual({ ok: true });
		await service.idle(threadId);
		const state = await stateOf(service, threadId);
		expect(state.status).toBe("idle");
		expect(state.messages[1]).toMatchObject({ streaming: false, finishReason: "aborted" });
		expect(await service.stop({ threadId })).toEqual({ ok: true });
		await service.close();
	});

	it("turns a driver failure into an error event and retries on request", async () => {
		const driver = new ScriptedDriver();
		const { service } = makeService({ driver });
		const threadId = await mustCreate(service);
		await service.sendMessage({ threadId, content: "throw" });
		await service.idle(threadId);
		let state = await stateOf(service, threadId);
		expect(state.status).toBe("error");
		expect(state.errors[0]).toMatchObject({ message: "The agent failed: driver exploded", retryable: true });
		expect(await service.retry({ threadId })).toEqual({ ok: true });
		await service.idle(threadId);
		state = await stateOf(service, threadId);
		expect(driver.drives).toBe(2);
		expect(state.errors).toHaveLength(2);
		await service.close();
	});

	it("answers unavailable for retry and history without the dependencies", async () => {
		const service = new LocalThreadService({ store: new MemoryStore() });
		const threadId = await mustCreate(service);
		expect(await service.retry({ threadId })).toMatchObject({ ok: false, error: { code: "unavailable" } });
		expect(await service.listHistory({ path: "A.md" })).toMatchObject({ ok: false, error: { code: "unavailable" } });
		expect(await service.revertHistory({ path: "A.md" })).toMatchObject({ ok: false, error: { code: "unavailable" } });
		expect(await service.sendMessage({ threadId, content: "hi" })).toMatchObject({ ok: true });
		await service.close();
	});

	it("answers unknown_thread and bad_params for every method that takes them", async () => {
		const { service } = makeService();
		const threadId = await mustCreate(service);
		const unknown = { threadId: "t_missing" };
		const calls = [
			() => service.deleteThread(unknown),
			() => service.renameThread({ ...unknown, title: "x" }),
			() => service.sendMessage({ ...unknown, content: "x" }),
			() => service.pinItem({ ...unknown, operation: "pin", pinnedItem: { path: "A.md" } }),
			() => service.decideToolCalls({ ...unknown, approved: ["c"], denied: [] }),
			() => service.setToolPreference({ ...unknown, tool: "readNote", preference: "always" }),
			() => service.answerQuestion({ ...unknown, askId: "q", answers: {} }),
			() => service.stop(unknown),
			() => service.retry(unknown),
			() => service.sendMessage({ threadId: "../../etc/passwd", content: "x" }),
		];
		for (const call of calls) expect(await call()).toMatchObject({ ok: false, error: { code: "unknown_thread" } });
		const bad = [
			() => service.createThread({ title: 5 as unknown as string }),
			() => service.sendMessage({ threadId: 5 as unknown as string, content: "x" }),
			() => service.sendMessage({ threadId, content: "   " }),
			() => service.renameThread({ threadId, title: "" }),
			() => service.pinItem({ threadId, operation: "stick" as "pin", pinnedItem: { path: "A.md" } }),
			() => service.pinItem({ threadId, operation: "pin", pinnedItem: { path: "A.md", handle: "h" } }),
			() => service.pinItem({ threadId, operation: "pin", pinnedItem: { path: "A.md", scope: "forever" as "chat" } }),
			() => service.decideToolCalls({ threadId, approved: "c1" as unknown as string[], denied: [] }),
			() => service.setToolPreference({ threadId, tool: "readNote", preference: "sometimes" as "always" }),
			() => service.answerQuestion({ threadId, askId: 3 as unknown as string, answers: {} }),
			() => service.listHistory({ path: "" }),
		];
		for (const call of bad)
			expect(await call()).toMatchObject({
				ok: false,
				error: { code: expect.stringMatching(/bad_params|unavailable/) as string },
			});
		expect((await stateOf(service, threadId)).lastSeq).toBe(1);
		await service.close();
	});

	it("lists, replays and continues a thread after a restart over the same store", async () => {
		const store = new MemoryStore();
		const first = makeService({ store });
		const threadId = await mustCreate(first.service, "Kept");
		await first.service.sendMessage({ threadId, content: "read Daily" });
		await first.service.idle(threadId);
		const before = await stateOf(first.service, threadId);
		await first.service.close();

		const second = makeService({ store });
		const listed = await second.service.listThreads();
		expect(listed.ok && listed.threads).toEqual([
			expect.objectContaining({ threadId, title: "Kept", lastSeq: before.lastSeq }),
		]);
		expect(await stateOf(second.service, threadId)).toStrictEqual(before);
		const [callId = ""] = before.pendingApprovals;
		expect(await second.service.decideToolCalls({ threadId, approved: [callId], denied: [] })).toEqual({ ok: true });
		await second.service.idle(threadId);
		expect((await stateOf(second.service, threadId)).toolCalls[callId]?.phase).toBe("completed");
		await second.service.close();
	});

	it("marks a turn interrupted by a crash and never reuses its seqs", async () => {
		const store = new MemoryStore();
		const crashed = makeService({ store });
		const threadId = await mustCreate(crashed.service);
		await crashed.service.sendMessage({ threadId, content: "slow" });
		await waitFor(async () => (await stateOf(crashed.service, threadId)).messages.length === 2);
		const seenLive = (await stateOf(crashed.service, threadId)).lastSeq;
		// The process dies: nothing is closed; only what reached the store survives.
		const revived = makeService({
			store: new MemoryStore({
				[threadLogKey(threadId)]: (await store.read(threadLogKey(threadId))) ?? "",
				[THREAD_INDEX_KEY]: (await store.read(THREAD_INDEX_KEY)) ?? "",
			}),
		});
		await crashed.service.close();
		const state = await stateOf(revived.service, threadId);
		// Stopped on the error, so the pane offers Retry.
		expect(state.status).toBe("error");
		expect(state.errors.at(-1)).toMatchObject({ message: INTERRUPTED_MESSAGE, retryable: true });
		expect(state.messages[1]).toMatchObject({ streaming: false, finishReason: "interrupted" });
		const recovery = (await eventsOf(revived.service, threadId)).filter((e) => e.type === "error");
		expect(recovery[0]?.seq).toBeGreaterThan(seenLive);
		await revived.service.close();
	});

	it("rebuilds a missing or corrupt index from the thread logs", async () => {
		const store = new MemoryStore();
		const first = makeService({ store });
		const threadId = await mustCreate(first.service, "Survivor");
		await first.service.close();
		await store.write(THREAD_INDEX_KEY, "{not json");
		const second = makeService({ store });
		const listed = await second.service.listThreads();
		expect(listed.ok && listed.threads.map((t) => t.title)).toEqual(["Survivor"]);
		expect(JSON.parse((await store.read(THREAD_INDEX_KEY)) ?? "")).toMatchObject({ threads: [{ threadId }] });
		await store.remove(THREAD_INDEX_KEY);
		const third = makeService({ store });
		const again = await third.service.listThreads();
		expect(again.ok && again.threads.map((t) => t.threadId)).toEqual([threadId]);
	});
});

async function waitFor(check: () => Promise<boolean>): Promise<void> {
	for (let i = 0; i < 500; i++) {
		if (await check()) return;
		await new Promise((resolve) => setTimeout(resolve, 5));
	}
	throw new Error("condition never held");
}
