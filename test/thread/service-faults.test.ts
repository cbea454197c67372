/**
 * The thread service under faults (issue 13): a store that fails, a process killed mid-turn, a
 * service closed while work outlives it, a resume point the log does not have. Each test failed
 * on the code before its fix.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ThreadHandle, TurnDriver } from "../../src/log/driver";
import { threadLogKey } from "../../src/log/log";
import { INTERRUPTED_MESSAGE } from "../../src/thread/service";
import type { SubscriptionMessage } from "../../src/thread/service-api";
import { MemoryStore } from "../../src/store/memory-store";
import { FaultyStore } from "../support/faulty-store";
import { crashCopy, eventsOf, makeService, mustCreate, seqsInStore, stateOf } from "./support/service";

afterEach(() => {
	vi.restoreAllMocks();
});

/** The first message a subscription gets after its history (caught-up or an error). */
function firstVerdict(
	service: ReturnType<typeof makeService>["service"],
	threadId: string,
	nonce: number,
): Promise<SubscriptionMessage> {
	return new Promise((resolve) => {
		const sub = service.subscribe({ threadId, nonce }, (message) => {
			if (message.kind === "event") return;
			queueMicrotask(() => sub.close());
			resolve(message);
		});
	});
}

/** A log left as a killed process leaves it: a batch of three calls, the first one running. */
function midBatchLog(threadId: string): string {
	const at = "2026-01-01T00:00:00.000Z";
	const lines: Array<Record<string, unknown>> = [
		{ type: "thread_created", v: 1 },
		{ type: "user_message", messageId: "u1", content: "Tidy three notes", pinned: [] },
		{ type: "status", status: "thinking" },
		{ type: "assistant_message_started", messageId: "a1" },
		{ type: "assistant_message_completed", messageId: "a1", finishReason: "tool_calls" },
		...["c1", "c2", "c3"].map((callId) => ({
			type: "tool_call_proposed",
			callId,
			tool: "appendLine",
			args: { path: `${callId}.md`, line: "x" },
			messageId: "a1",
		})),
		...["c1", "c2", "c3"].map((callId) => ({ type: "tool_call_decided", callId, decision: "approved", by: "user" })),
		{ type: "tool_call_started", callId: "c1" },
		{ type: "status", status: "running_tool", detail: "appendLine" },
	];
	return lines.map((line, i) => JSON.stringify({ ...line, seq: i + 1, threadId, at }) + "\n").join("");
}

describe("LocalThreadService under faults", () => {
	it("keeps a pin whose write failed once: it is retried, and is still there after a restart", async () => {
		vi.spyOn(console, "warn").mockImplementation(() => undefined);
		const store = new FaultyStore();
		const first = makeService({ store });
		const threadId = await mustCreate(first.service);
		store.failNth(1, "fail", { prefix: "threads/t" });
		expect(await first.service.pinItem({ threadId, operation: "pin", pinnedItem: { path: "A.md" } })).toEqual({
			ok: true,
		});
		expect((await stateOf(first.service, threadId)).pinned).toEqual([{ path: "A.md" }]);
		await first.service.close();

		const second = makeService({ store });
		expect((await stateOf(second.service, threadId)).pinned).toEqual([{ path: "A.md" }]);
		expect((await eventsOf(second.service, threadId)).map((e) => e.seq)).toEqual([1, 2]);
		await second.service.close();
	});

	it("keeps the recovery's interrupted record after a torn tail, through a second restart", async () => {
		vi.spyOn(console, "warn").mockImplementation(() => undefined);
		const store = new MemoryStore();
		const first = makeService({ store });
		const threadId = await mustCreate(first.service);
		await first.service.sendMessage({ threadId, content: "slow" });
		await vi.waitFor(async () => expect((await stateOf(first.service, threadId)).messages).toHaveLength(2), {
			timeout: 10_000,
		});
		await vi.waitFor(
			async () => expect(await store.read(threadLogKey(threadId))).toContain("assistant_message_started"),
			{ timeout: 10_000 },
		);
		const crashed = await crashCopy(store);
		await first.service.close();
		// The crash tore the line being written.
		await crashed.append(
			threadLogKey(threadId),
			'{"seq":40,"threadId":"' + threadId + '","at":"x","type":"assistant_tok',
		);

		const second = makeService({ store: crashed });
		expect((await stateOf(second.service, threadId)).errors.at(-1)).toMatchObject({ message: INTERRUPTED_MESSAGE });
		await second.service.close();
		const third = makeService({ store: crashed });
		const state = await stateOf(third.service, threadId);
		expect(state.errors.at(-1)).toMatchObject({ message: INTERRUPTED_MESSAGE });
		expect(state.messages[1]).toMatchObject({ streaming: false, finishReason: "interrupted" });
		await third.service.close();
	});

	it("settles every call a crash left running or approved-but-unstarted, and offers Retry", async () => {
		const store = new MemoryStore();
		const first = makeService({ store });
		const threadId = await mustCreate(first.service);
		await first.service.close();
		await store.write(threadLogKey(threadId), midBatchLog(threadId));

		const second = makeService({ store });
		const state = await stateOf(second.service, threadId);
		expect(state.toolCalls.c1).toMatchObject({
			phase: "completed",
			result: { status: "error", message: expect.stringContaining("interrupted") as string },
		});
		for (const callId of ["c2", "c3"]) {
			expect(state.toolCalls[callId]).toMatchObject({
				phase: "completed",
				result: { status: "error", message: expect.stringContaining("was not run") as string },
			});
		}
		expect(state.errors.at(-1)).toMatchObject({ message: INTERRUPTED_MESSAGE, retryable: true });
		// "error", not "idle": the pane offers Retry only on a thread stopped on an error.
		expect(state.status).toBe("error");
		await second.service.close();
	});

	it("settles approved calls a crash left before the drive saved its status (found by the crash property)", async () => {
		const store = new MemoryStore();
		const first = makeService({ store });
		const threadId = await mustCreate(first.service);
		await first.service.close();
		// The cards were decided and saved; the drive died before it wrote "running_tool".
		const lines = midBatchLog(threadId)
			.split("\n")
			.filter((line) => line !== "" && !line.includes('"tool_call_started"') && !line.includes('"running_tool"'));
		const waiting = JSON.stringify({
			type: "status",
			status: "waiting_for_approval",
			seq: 9,
			threadId,
			at: "2026-01-01T00:00:00.000Z",
		});
		await store.write(
			threadLogKey(threadId),
			[...lines.slice(0, 8), waiting, ...lines.slice(8)]
				.map((line, i) => line.replace(/"seq":\d+/, `"seq":${i + 1}`))
				.join("\n") + "\n",
		);

		const second = makeService({ store });
		const state = await stateOf(second.service, threadId);
		for (const callId of ["c1", "c2", "c3"])
			expect(state.toolCalls[callId]).toMatchObject({
				phase: "completed",
				result: { message: expect.stringContaining("was not run") as string },
			});
		expect(state.status).toBe("error");
		await second.service.close();
	});

	it("does not wait again for a card already decided: a denial saved without the status after it (found by the store-faults property)", async () => {
		const store = new MemoryStore();
		const first = makeService({ store });
		const threadId = await mustCreate(first.service);
		await first.service.close();
		// The card was denied and its denial completed and saved; the drive died before "thinking".
		const at = "2026-01-01T00:00:00.000Z";
		const lines: Array<Record<string, unknown>> = [
			{ type: "thread_created", v: 1 },
			{ type: "user_message", messageId: "u1", content: "Add a line to A", pinned: [] },
			{ type: "status", status: "thinking" },
			{ type: "assistant_message_started", messageId: "a1" },
			{ type: "assistant_message_completed", messageId: "a1", finishReason: "tool_calls" },
			{
				type: "tool_call_proposed",
				callId: "c1",
				tool: "appendLine",
				args: { path: "A.md", line: "x" },
				messageId: "a1",
			},
			{ type: "status", status: "waiting_for_approval" },
			{ type: "tool_call_decided", callId: "c1", decision: "denied", by: "user" },
			{
				type: "tool_call_completed",
				callId: "c1",
				result: { status: "denied", message: "The user denied this call." },
			},
		];
		await store.write(
			threadLogKey(threadId),
			lines.map((line, i) => JSON.stringify({ ...line, seq: i + 1, threadId, at }) + "\n").join(""),
		);

		const second = makeService({ store });
		const state = await stateOf(second.service, threadId);
		expect(state.pendingApprovals).toEqual([]);
		// Stopped on a retryable error (Retry goes on with the denial), not waiting for a card nobody can see.
		expect(state.status).toBe("error");
		expect(state.errors.at(-1)).toMatchObject({ message: INTERRUPTED_MESSAGE, retryable: true });
		await second.service.close();
	});

	it("answers a nonce beyond the log with nonce_ahead (resubscribe from 0)", async () => {
		const { service } = makeService();
		const threadId = await mustCreate(service);
		await service.sendMessage({ threadId, content: "hello" });
		await service.idle(threadId);
		const lastSeq = (await stateOf(service, threadId)).lastSeq;
		expect(await firstVerdict(service, threadId, lastSeq)).toMatchObject({ kind: "caught_up", lastSeq });
		expect(await firstVerdict(service, threadId, 50)).toMatchObject({
			kind: "error",
			error: { code: "nonce_ahead", message: expect.stringContaining("from 0") as string },
		});
		await service.close();
	});

	it("answers nonce_ahead for a resume point lost in a crash, even once newer events exist", async () => {
		const store = new MemoryStore();
		const first = makeService({ store });
		const threadId = await mustCreate(first.service);
		await first.service.sendMessage({ threadId, content: "slow" });
		await vi.waitFor(async () => expect((await stateOf(first.service, threadId)).messages.length).toBe(2), {
			timeout: 10_000,
		});
		const seenLive = (await stateOf(first.service, threadId)).lastSeq;
		const crashed = await crashCopy(store);
		await first.service.close();
		// The crash lost the newest events the client saw: at least the last two written lines
		// (cut here rather than hoped for: on a busy machine every event may be written already).
		const key = threadLogKey(threadId);
		const written = ((await crashed.read(key)) ?? "").split("\n").filter((line) => line !== "");
		const kept = written.slice(0, -2);
		await crashed.write(key, kept.map((line) => `${line}\n`).join(""));
		expect(Math.max(...kept.map((line) => (JSON.parse(line) as { seq: number }).seq))).toBeLessThan(seenLive);

		const second = makeService({ store: crashed });
		await second.service.sendMessage({ threadId, content: "hello again" });
		await second.service.idle(threadId);
		expect((await stateOf(second.service, threadId)).lastSeq).toBeGreaterThan(seenLive);
		expect(await firstVerdict(second.service, threadId, seenLive)).toMatchObject({
			kind: "error",
			error: { code: "nonce_ahead" },
		});
		await second.service.close();
	});

	it("refuses appends from work that outlives a closed service; the next service's seqs stay unique", async () => {
		let release!: () => void;
		const released = new Promise<void>((resolve) => (release = resolve));
		let late: Promise<unknown> = Promise.resolve();
		const lingering: TurnDriver = {
			async drive(thread: ThreadHandle, signal: AbortSignal) {
				thread.append({ type: "status", status: "running_tool", detail: "write" });
				// A write that ignores the signal and reports back after the drive was stopped.
				late = released.then(() =>
					thread.append({ type: "edit_applied", path: "A.md", versionId: "v1", added: 1, removed: 0 }),
				);
				await new Promise((resolve) => signal.addEventListener("abort", resolve, { once: true }));
			},
		};
		const store = new MemoryStore();
		const first = makeService({ store, driver: lingering });
		const threadId = await mustCreate(first.service);
		await first.service.sendMessage({ threadId, content: "write" });
		await vi.waitFor(async () => expect((await stateOf(first.service, threadId)).status).toBe("running_tool"));
		await first.service.close();

		const second = makeService({ store });
		await second.service.renameThread({ threadId, title: "After the reload" });
		await second.service.close();
		release();
		await expect(late).rejects.toThrow(/closed|ended/);

		const onDisk = await seqsInStore(store, threadId);
		expect(onDisk).toEqual([...new Set(onDisk)].sort((a, b) => a - b));
		const third = makeService({ store });
		const events = await eventsOf(third.service, threadId);
		const seqs = events.map((e) => e.seq);
		expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
		expect(new Set(seqs).size).toBe(seqs.length);
		expect(events.some((e) => e.type === "edit_applied")).toBe(false);
		expect(events.some((e) => e.type === "thread_renamed")).toBe(true);
		await third.service.close();
	});
});
