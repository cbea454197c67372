/**
 * Opening a long thread on a store that reads logs only whole (Obsidian on a phone: its adapter has
 * no ranged reads), issue 32. The stored snapshot answers a `from: "snapshot"` subscriber before
 * the log is read: reading a 20,000-call thread's 70 MB log whole came first, so the pane waited
 * for it. The snapshot is only a cache, and here it is shown before it can be checked against the
 * log, so the check comes after: the events the log holds past the snapshot follow the marker, and
 * a snapshot the log no longer matches (cut, or rewritten by a sync) is withdrawn with
 * `nonce_ahead` (subscribe again from 0), after which the subscriber gets the log's own state.
 *
 * Written first: on the code before, the marker came only once the whole log was read.
 */
import { describe, expect, it } from "vitest";
import type { StoredEvent } from "../../src/log/events";
import { threadLogKey } from "../../src/log/log";
import { encodeEvents } from "../../src/log/log-codec";
import { project } from "../../src/log/projection";
import type { ThreadState } from "../../src/log/state";
import { viewSnapshotKey } from "../../src/log/view-snapshot";
import { windowed } from "../../src/log/window";
import type { ServiceError, ThreadService, ThreadSummary } from "../../src/thread/service-api";
import { THREAD_INDEX_KEY } from "../../src/thread/thread-index";
import type { MemoryStore } from "../../src/store/memory-store";
import { eventsOf, makeService } from "./support/service";
import { readTurns } from "./support/read-turns";
import { gatedWholeReads, type GatedWholeReads } from "./support/gated-whole-reads";
import { SEALED_SEQ, SEALED_TURNS as TURNS, sealedLongThread as sealedThread } from "./support/sealed-long-thread";

type Heard =
	| { kind: "caught_up"; state: ThreadState; logReadsBefore: number }
	| { kind: "event"; event: StoredEvent }
	| { kind: "error"; error: ServiceError };

/** Subscribes from the snapshot and records what arrives, and whether the log had been read when the marker came. */
function listen(service: ThreadService, store: GatedWholeReads, threadId: string, released: () => boolean) {
	const heard: Heard[] = [];
	let marked: () => void = () => undefined;
	const caughtUp = new Promise<void>((resolve) => (marked = resolve));
	const subscription = service.subscribe({ threadId, from: "snapshot" }, (message) => {
		if (message.kind === "caught_up") {
			if (!message.state) throw new Error("the marker carries no state");
			heard.push({ kind: "caught_up", state: message.state, logReadsBefore: released() ? -1 : store.logReads });
			marked();
		} else if (message.kind === "event") heard.push({ kind: "event", event: message.event });
		else heard.push({ kind: "error", error: message.error });
	});
	return { heard, caughtUp, subscription };
}

/** Until the service has the log loaded (its full history answers). */
async function loaded(service: ThreadService, threadId: string): Promise<StoredEvent[]> {
	return eventsOf(service, threadId);
}

/** A service over a store whose reads of the thread's log are held until `release`. */
function withLogHeld(inner: MemoryStore, threadId: string) {
	const store = gatedWholeReads(inner);
	store.holdLogOf(threadId);
	let released = false;
	const { service } = makeService({ store });
	return {
		service,
		store,
		listen: () => listen(service, store, threadId, () => released),
		release: () => {
			released = true;
			store.release();
		},
	};
}

/**
 * Subscribes while the log's read is held, and checks that nothing came before it (a snapshot's
 * answer comes before the log's read starts), then that the marker came once the log was read.
 */
async function markerFromTheLog(inner: MemoryStore, threadId: string): Promise<ThreadState> {
	const { service, store, listen: subscribe, release } = withLogHeld(inner, threadId);
	const { heard, caughtUp, subscription } = subscribe();
	await expect.poll(() => store.logReads).toBe(1);
	expect(heard).toHaveLength(0);
	release();
	await caughtUp;
	const marker = heard[0];
	expect(heard).toEqual([expect.objectContaining({ kind: "caught_up", logReadsBefore: -1 })]);
	subscription.close();
	await service.close();
	if (marker?.kind !== "caught_up") throw new Error("no marker");
	return marker.state;
}

describe("opening a thread from its snapshot on a store that reads logs only whole", () => {
	it("answers from the snapshot before the log is read, and nothing follows when the log ends at it", async () => {
		const { store: inner, threadId } = await sealedThread();
		const { service, listen: subscribe, release } = withLogHeld(inner, threadId);
		const { heard, caughtUp, subscription } = subscribe();
		await caughtUp;
		const marker = heard[0];
		expect(marker?.kind).toBe("caught_up");
		if (marker?.kind !== "caught_up") return;
		// The log's read had started (and was held): the marker did not wait for it.
		expect(marker.logReadsBefore).toBe(1);
		expect(marker.state.lastSeq).toBe(SEALED_SEQ);
		expect(marker.state.earlier?.messages).toBeGreaterThan(0);
		release();
		const events = await loaded(service, threadId);
		expect(marker.state).toEqual(windowed(project(threadId, events)));
		expect(heard).toHaveLength(1);
		subscription.close();
		await service.close();
	});

	it("sends what the log holds past the snapshot as events after the marker, in order", async () => {
		const { store: inner, threadId } = await sealedThread();
		await inner.append(threadLogKey(threadId), encodeEvents(readTurns(threadId, SEALED_SEQ + 1, 2, "later")));
		const { service, listen: subscribe, release } = withLogHeld(inner, threadId);
		const { heard, caughtUp, subscription } = subscribe();
		await caughtUp;
		release();
		const events = await loaded(service, threadId);
		const after = events.filter((event) => event.seq > SEALED_SEQ);
		expect(after.length).toBeGreaterThan(0);
		await expect.poll(() => heard.length).toBe(1 + after.length);
		expect(heard[0]).toMatchObject({ kind: "caught_up", state: { lastSeq: SEALED_SEQ } });
		expect(heard.slice(1)).toEqual(after.map((event) => ({ kind: "event", event })));
		subscription.close();
		await service.close();
	});

	const changes: Array<[string, (log: string, threadId: string) => string]> = [
		["cut short", (log) => log.slice(0, Math.floor(log.length / 2))],
		[
			"rewritten (same seqs, other words)",
			(log, threadId) => {
				const first = log.slice(0, log.indexOf("\n") + 1);
				return first + encodeEvents(readTurns(threadId, 2, TURNS, "planted"));
			},
		],
	];
	for (const [name, change] of changes)
		it(`withdraws the snapshot's answer with nonce_ahead when the log was ${name}; subscribing again gives the log's state`, async () => {
			const { store: inner, threadId } = await sealedThread();
			const before = (await inner.read(threadLogKey(threadId))) ?? "";
			await inner.write(threadLogKey(threadId), change(before, threadId));
			const { service, listen: subscribe, release } = withLogHeld(inner, threadId);
			const first = subscribe();
			await first.caughtUp;
			release();
			await expect.poll(() => first.heard.length).toBe(2);
			expect(first.heard[1]).toMatchObject({ kind: "error", error: { code: "nonce_ahead" } });
			const again = subscribe();
			await again.caughtUp;
			const marker = again.heard[0];
			if (marker?.kind !== "caught_up") throw new Error("no marker");
			const events = await loaded(service, threadId);
			expect(marker.state).toEqual(windowed(project(threadId, events)));
			if (name.startsWith("rewritten")) expect(JSON.stringify(marker.state)).toContain("planted");
			expect(again.heard).toHaveLength(1);
			first.subscription.close();
			again.subscription.close();
			await service.close();
		});

	it("a snapshot behind the thread list's last seq (a crash before the seal) answers nothing early: the marker waits for the log", async () => {
		const { store: inner, threadId } = await sealedThread();
		// What a process killed mid-turn leaves: the log and its list entry ahead of the snapshot,
		// which was stored last when the log was 2,000 events behind (here: at the seal).
		await inner.append(threadLogKey(threadId), encodeEvents(readTurns(threadId, SEALED_SEQ + 1, 2, "later")));
		const list = JSON.parse((await inner.read(THREAD_INDEX_KEY)) ?? "") as { threads: ThreadSummary[] };
		for (const entry of list.threads) if (entry.threadId === threadId) entry.lastSeq = SEALED_SEQ + 18;
		await inner.write(THREAD_INDEX_KEY, JSON.stringify(list));
		expect((await markerFromTheLog(inner, threadId)).lastSeq).toBe(SEALED_SEQ + 18);
	});

	it("an unreadable snapshot answers nothing early: the marker comes from the log", async () => {
		const { store: inner, threadId } = await sealedThread();
		await inner.write(viewSnapshotKey(threadId), "{ torn");
		expect((await markerFromTheLog(inner, threadId)).lastSeq).toBe(SEALED_SEQ);
	});
});
