/**
 * Opening a thread from its stored snapshot (issue 32, part 3). A service that sealed a log keeps a
 * snapshot of its windowed state beside it (`threads/<id>.view.json`), so the next open answers a
 * `from: "snapshot"` subscriber from the snapshot and the log's tail, before the whole log is
 * folded. The snapshot is only a cache: torn, corrupt, or left over from a log that was rewritten
 * since, it is not trusted, and the state is the log's. Written first: on the code before, a
 * `from: "snapshot"` subscriber got the whole state, never a window, and nothing was checked.
 */
import { describe, expect, it } from "vitest";
import { threadLogKey } from "../../src/log/log";
import { encodeEvents } from "../../src/log/log-codec";
import { project } from "../../src/log/projection";
import type { ThreadState } from "../../src/log/state";
import { LogTail } from "../../src/log/log-tail";
import { encodeViewSnapshot, viewSnapshotKey } from "../../src/log/view-snapshot";
import { windowed } from "../../src/log/window";
import type { ThreadService } from "../../src/thread/service-api";
import { MemoryStore } from "../../src/store/memory-store";
import { eventsOf, makeService, mustCreate } from "./support/service";
import { readTurns } from "./support/read-turns";
import { SEALED_SEQ, SEALED_TURNS as TURNS, sealedLongThread as sealedThread } from "./support/sealed-long-thread";

/** The state a `from: "snapshot"` subscriber is given at the caught-up marker. */
function openedState(service: ThreadService, threadId: string): Promise<ThreadState> {
	return new Promise((resolve, reject) => {
		const subscription = service.subscribe({ threadId, from: "snapshot" }, (message) => {
			if (message.kind === "caught_up" && message.state) {
				queueMicrotask(() => subscription.close());
				resolve(message.state);
			} else if (message.kind === "caught_up") reject(new Error("the marker carries no state"));
			else if (message.kind === "error") reject(new Error(message.error.message));
		});
	});
}

/** What the log says: the window of the fold of every event a full subscriber gets. */
async function fromTheLog(service: ThreadService, threadId: string): Promise<ThreadState> {
	return windowed(project(threadId, await eventsOf(service, threadId)));
}

describe("opening a thread from its stored snapshot", () => {
	it("stores none for a thread whose window is most of it: a short one opens as fast from its log", async () => {
		const store = new MemoryStore();
		const first = makeService({ store }).service;
		const threadId = await mustCreate(first, "short");
		await first.close();
		await store.append(threadLogKey(threadId), encodeEvents(readTurns(threadId, 2, 3, "turn")));
		const second = makeService({ store }).service;
		await openedState(second, threadId);
		await second.close();
		expect(await store.read(viewSnapshotKey(threadId))).toBeNull();
	});

	it("gives the window of the log's state, from the snapshot and the events after it", async () => {
		const { store, threadId } = await sealedThread();
		const service = makeService({ store }).service;
		const state = await openedState(service, threadId);
		expect(state.earlier?.messages).toBeGreaterThan(0);
		expect(state).toEqual(await fromTheLog(service, threadId));
		await service.close();
	});

	it("answers from the snapshot itself when it matches the log (it is not folded from the log first)", async () => {
		const { store, threadId } = await sealedThread();
		const log = (await store.read(threadLogKey(threadId))) ?? "";
		const stored = JSON.parse((await store.read(viewSnapshotKey(threadId))) ?? "") as { state: ThreadState };
		// A snapshot that says something the log does not, with its checks made right: only the
		// snapshot can be the source of the marker.
		const state = structuredClone(stored.state);
		const last = state.messages.at(-1);
		if (last?.kind === "assistant") last.text = "from the snapshot";
		const point = new LogTail(new TextEncoder().encode(log)).point();
		if (!point) throw new Error("the log does not end a line");
		await store.write(viewSnapshotKey(threadId), encodeViewSnapshot(threadId, state, point));
		const service = makeService({ store }).service;
		const opened = await openedState(service, threadId);
		expect(opened.messages.at(-1)).toMatchObject({ text: "from the snapshot" });
		await service.close();
	});

	it("includes what was appended to the log after the snapshot was taken", async () => {
		const { store, threadId } = await sealedThread();
		const lastSeq = SEALED_SEQ;
		await store.append(threadLogKey(threadId), encodeEvents(readTurns(threadId, lastSeq + 1, 3, "later")));
		const service = makeService({ store }).service;
		const state = await openedState(service, threadId);
		expect(state.messages.at(-2)).toMatchObject({ kind: "user", content: "later 2" });
		expect(state).toEqual(await fromTheLog(service, threadId));
		await service.close();
	});

	const faults: Array<
		[string, (snapshot: string, log: string, threadId: string) => { snapshot: string; log?: string }]
	> = [
		["torn (cut off mid-write)", (snapshot) => ({ snapshot: snapshot.slice(0, Math.floor(snapshot.length / 2)) })],
		["empty", () => ({ snapshot: "" })],
		["not a snapshot", () => ({ snapshot: JSON.stringify({ hello: "world" }) })],
		[
			"corrupt (its state changed without its check)",
			(snapshot) => ({ snapshot: snapshot.replace(`"content":"turn ${TURNS - 1}"`, `"content":"planted"`) }),
		],
		[
			"of a log that was rewritten since (same length, other events)",
			(snapshot, log, threadId) => {
				const lines = log.split("\n");
				const rewritten = [lines[0], encodeEvents(readTurns(threadId, 2, TURNS, "redo")).trimEnd()].join("\n") + "\n";
				return { snapshot, log: rewritten };
			},
		],
		[
			"of a log that was cut short since",
			(snapshot, log) => ({ snapshot, log: log.slice(0, Math.floor(log.length / 2)) }),
		],
	];

	for (const [name, tamper] of faults)
		it(`falls back to the log when the snapshot is ${name}`, async () => {
			const { store, threadId } = await sealedThread();
			const stored = await store.read(viewSnapshotKey(threadId));
			const log = await store.read(threadLogKey(threadId));
			const changed = tamper(stored ?? "", log ?? "", threadId);
			if (name.startsWith("corrupt")) expect(changed.snapshot).not.toBe(stored);
			await store.write(viewSnapshotKey(threadId), changed.snapshot);
			if (changed.log !== undefined) await store.write(threadLogKey(threadId), changed.log);
			const service = makeService({ store }).service;
			const state = await openedState(service, threadId);
			expect(JSON.stringify(state)).not.toContain("planted");
			expect(state).toEqual(await fromTheLog(service, threadId));
			await service.close();
		});
});
