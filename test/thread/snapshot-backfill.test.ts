/**
 * The snapshot backfill (issue 32): a service started over a store whose long threads have no
 * usable snapshot (written before format 2, deleted, far behind) stores one for each in the
 * background, one thread at a time, through its own loaded logs, and lets each log go again; a
 * later open is then answered from the snapshot. It only reads logs (an interrupted turn is
 * recovered on the thread's first real use, not by the backfill), shares its open with a
 * subscriber that arrives meanwhile, skips what needs nothing and what cannot be read, and stops
 * on close. Written first: on the code before, nothing was stored until a thread was opened.
 */
import { describe, expect, it } from "vitest";
import type { NewEvent, StoredEvent } from "../../src/log/events";
import { threadLogKey, VIEW_REFRESH_EVENTS } from "../../src/log/log";
import { encodeEvents } from "../../src/log/log-codec";
import { project } from "../../src/log/projection";
import { nextTurn } from "../../src/log/slices";
import type { ThreadState } from "../../src/log/state";
import { viewSnapshotKey } from "../../src/log/view-snapshot";
import { windowed } from "../../src/log/window";
import { THREAD_INDEX_KEY } from "../../src/thread/thread-index";
import { BACKFILL_RECORD_KEY } from "../../src/thread/snapshot-backfill";
import type { SubscriptionMessage, ThreadService } from "../../src/thread/service-api";
import { MemoryStore } from "../../src/store/memory-store";
import type { Store } from "../../src/store/store";
import { eventsOf, makeService, mustCreate, stateOf } from "./support/service";
import type { LocalThreadService } from "../../src/thread/service";
import { readTurns } from "./support/read-turns";

const AT = "2026-12-04T10:00:00.000Z";
/** Turns of 9 events: this many make a log past the snapshot policy's threshold. */
const LONG_TURNS = Math.ceil(VIEW_REFRESH_EVENTS / 9) + 10;
/** A note's text, so that a long log is several of the chunks it is read in (src/log/log-bytes.ts). */
const NOTE = "text ".repeat(400);

/** A service over the probed store whose backfill starts at once. */
function backfilling(probe: ProbeStore): LocalThreadService {
	return makeService({ store: probe as unknown as MemoryStore, backfill: { afterMs: 0 } }).service;
}

/** An upgraded store (upgradedStore) under a probe, and a service whose backfill has run its pass. */
async function backfilledUpgrade() {
	const { store, ids } = await upgradedStore();
	const probe = new ProbeStore(store);
	const service = backfilling(probe);
	await service.backfilled();
	return { store, ids, probe, service };
}

/** An upgraded store after one service's whole pass (then closed), and the threads its record calls current. */
async function afterOnePass() {
	const { store, ids } = await upgradedStore();
	const once = makeService({ store, backfill: { afterMs: 0 } }).service;
	await once.backfilled();
	await once.close();
	const record = JSON.parse((await store.read(BACKFILL_RECORD_KEY)) ?? "") as { current: Record<string, number> };
	return { store, ids, current: Object.keys(record.current) };
}

/** An upgraded store under a probe, and a backfill whose pass is held at the first read of its first log (ids.none). */
async function backfillHeldAtFirstLog() {
	const { store, ids } = await upgradedStore();
	const probe = new ProbeStore(store);
	const gate = probe.hold(threadLogKey(ids.none));
	const service = backfilling(probe);
	await service.load();
	await gate.hit;
	return { store, ids, probe, gate, service };
}

/** A reply that was streaming when Redline stopped: the log ends mid-turn. */
function interruptedTurn(threadId: string, firstSeq: number): StoredEvent[] {
	const events: NewEvent[] = [
		{ type: "user_message", messageId: "u-last", content: "one more", pinned: [] },
		{ type: "status", status: "thinking" },
		{ type: "assistant_message_started", messageId: "a-last" },
		{ type: "assistant_token", messageId: "a-last", text: "Half a rep" },
	];
	return events.map((event, i) => ({ ...event, seq: firstSeq + i, threadId, at: AT }));
}

/** A MemoryStore (with ranged reads) that records what is read and written, and can hold or fail a log's reads. */
class ProbeStore implements Store {
	/** Every access, in order: "size k", "range k start end", "read k", "write k", "append k". */
	readonly calls: string[] = [];
	private readonly gates = new Map<string, { hit: () => void; wait: Promise<void> }>();
	private readonly failing = new Set<string>();

	constructor(readonly inner: MemoryStore) {}

	/** Holds the reads of key from the start of the value until `open` is called; `hit` resolves on the first. */
	hold(key: string): { hit: Promise<void>; open: () => void } {
		let open = () => undefined as void;
		let hit = () => undefined as void;
		const wait = new Promise<void>((resolve) => (open = resolve));
		const hitting = new Promise<void>((resolve) => (hit = resolve));
		this.gates.set(key, { hit, wait });
		return { hit: hitting, open };
	}

	/** Every read of key fails from now on (an unreadable log). */
	fail(key: string): void {
		this.failing.add(key);
	}

	/** Accesses of key of a kind ("range", "read", "write", ...). */
	of(kind: string, key: string): string[] {
		return this.calls.filter((call) => call.startsWith(`${kind} ${key} `) || call === `${kind} ${key}`);
	}

	append(key: string, text: string) {
		this.calls.push(`append ${key}`);
		return this.inner.append(key, text);
	}
	read(key: string) {
		this.calls.push(`read ${key}`);
		if (this.failing.has(key)) return Promise.reject(new Error(`EIO: cannot read ${key}`));
		return this.inner.read(key);
	}
	write(key: string, text: string) {
		this.calls.push(`write ${key}`);
		return this.inner.write(key, text);
	}
	list(prefix: string) {
		return this.inner.list(prefix);
	}
	remove(key: string) {
		this.calls.push(`remove ${key}`);
		return this.inner.remove(key);
	}
	size(key: string) {
		this.calls.push(`size ${key}`);
		if (this.failing.has(key)) return Promise.reject(new Error(`EIO: cannot read ${key}`));
		return this.inner.size(key);
	}
	async readRange(key: string, start: number, end: number) {
		this.calls.push(`range ${key} ${start} ${end}`);
		if (this.failing.has(key)) throw new Error(`EIO: cannot read ${key}`);
		const gate = this.gates.get(key);
		if (gate && start === 0) {
			gate.hit();
			await gate.wait;
		}
		return this.inner.readRange(key, start, end);
	}
}

type Kind = "none" | "v1" | "behind" | "interrupted" | "current" | "short";
const KINDS: Kind[] = ["none", "v1", "behind", "interrupted", "current", "short"];
/** The threads that need a snapshot, most recently updated first (the backfill's order). */
const NEEDING: Kind[] = ["none", "v1", "behind", "interrupted"];

/**
 * A store as an upgrade finds it: long threads with no snapshot, a format-1 one, one far behind,
 * one left mid-turn; one with a current snapshot and a short one. The index is as the service
 * keeps it (lastSeq, updatedAt: `none` newest, then in KINDS' order).
 */
async function upgradedStore(): Promise<{ store: MemoryStore; ids: Record<Kind, string> }> {
	const store = new MemoryStore();
	const first = makeService({ store }).service;
	const ids = {} as Record<Kind, string>;
	for (const kind of KINDS) ids[kind] = await mustCreate(first, kind);
	await first.close();
	for (const kind of KINDS) {
		const id = ids[kind];
		const count = kind === "short" ? 3 : LONG_TURNS;
		await store.append(threadLogKey(id), encodeEvents(readTurns(id, 2, count, kind, NOTE)));
		if (kind === "interrupted") await store.append(threadLogKey(id), encodeEvents(interruptedTurn(id, 2 + count * 9)));
	}
	// The snapshots a service left: opened and sealed once (it stores one then).
	const sealing = makeService({ store }).service;
	for (const kind of ["v1", "behind", "current"] as const) await eventsOf(sealing, ids[kind]);
	await sealing.close();
	for (const kind of ["v1", "behind", "current"] as const)
		expect(await store.read(viewSnapshotKey(ids[kind]))).toMatch(/^\{"v":2,/);
	// Format 1 (its offsets counted UTF-16 units): refused by this version.
	const v1 = (await store.read(viewSnapshotKey(ids.v1))) ?? "";
	await store.write(viewSnapshotKey(ids.v1), v1.replace(/^\{"v":2,/, '{"v":1,'));
	// Far behind: the log went on by more than the refresh threshold (a crash before the write).
	const behindFrom = 2 + LONG_TURNS * 9;
	await store.append(
		threadLogKey(ids.behind),
		encodeEvents(readTurns(ids.behind, behindFrom, LONG_TURNS, "later", NOTE)),
	);
	// The index as the service keeps it.
	const index = JSON.parse((await store.read(THREAD_INDEX_KEY)) ?? "") as {
		threads: Array<{ threadId: string; lastSeq: number; updatedAt: string }>;
	};
	for (const entry of index.threads) {
		const events = (await store.read(threadLogKey(entry.threadId)))?.trimEnd().split("\n") ?? [];
		entry.lastSeq = (JSON.parse(events.at(-1) ?? "{}") as { seq: number }).seq;
		const rank = KINDS.findIndex((kind) => ids[kind] === entry.threadId);
		entry.updatedAt = new Date(Date.parse(AT) + (KINDS.length - rank) * 60_000).toISOString();
	}
	await store.write(THREAD_INDEX_KEY, JSON.stringify(index));
	return { store, ids };
}

function lastSeqOf(text: string | null): number {
	const lines = (text ?? "").trimEnd().split("\n");
	return (JSON.parse(lines.at(-1) ?? "{}") as { seq: number }).seq;
}

/**
 * Subscribes from the snapshot; resolves with every message up to the caught-up marker and the
 * reads of the log asked for by then (answered from the snapshot: its check, its tail, and at most
 * the first chunk of the whole read that follows; from the log: all of it).
 */
function openFromSnapshot(
	service: ThreadService,
	threadId: string,
	probe?: ProbeStore,
): Promise<{ state: ThreadState; messages: SubscriptionMessage[]; logReads: string[] }> {
	return new Promise((resolve, reject) => {
		const messages: SubscriptionMessage[] = [];
		const subscription = service.subscribe({ threadId, from: "snapshot" }, (message) => {
			messages.push(message);
			if (message.kind === "caught_up" && message.state) {
				const logReads = probe?.of("range", threadLogKey(threadId)) ?? [];
				queueMicrotask(() => subscription.close());
				resolve({ state: message.state, messages, logReads });
			} else if (message.kind === "error") reject(new Error(message.error.message));
		});
	});
}

/** Bytes of a log read by ranged reads, from the probe's records. */
function bytesRead(ranges: string[], size: number): number {
	return ranges.reduce((sum, call) => {
		const [, , start, end] = call.split(" ");
		return sum + Math.min(Number(end), size) - Math.min(Number(start), size);
	}, 0);
}

async function logs(store: MemoryStore, ids: Record<Kind, string>): Promise<Record<string, string | null>> {
	const texts: Record<string, string | null> = {};
	for (const kind of KINDS) texts[kind] = await store.read(threadLogKey(ids[kind]));
	return texts;
}

describe("the snapshot backfill at service start", () => {
	it("stores a format-2 snapshot for each long thread without a usable one; a later open is answered from it", async () => {
		const { store, ids } = await upgradedStore();
		const service = makeService({ store, backfill: { afterMs: 0 } }).service;
		await service.load();
		await service.backfilled();
		for (const kind of NEEDING) {
			const stored = (await store.read(viewSnapshotKey(ids[kind]))) ?? "";
			const lastSeq = lastSeqOf(await store.read(threadLogKey(ids[kind])));
			expect(stored, kind).toMatch(new RegExp(`^\\{"v":2,"threadId":"${ids[kind]}","seq":${lastSeq},`));
		}
		await service.close();

		// After a restart: answered from the snapshot, before the log is read (only its check and tail).
		const probe = new ProbeStore(store);
		const restarted = makeService({ store: probe as unknown as MemoryStore }).service;
		for (const kind of ["none", "v1", "behind"] as const) {
			const size = (await store.size(threadLogKey(ids[kind]))) ?? 0;
			const opened = await openFromSnapshot(restarted, ids[kind], probe);
			expect(bytesRead(opened.logReads, size), kind).toBeLessThan(size / 2);
			expect(opened.state, kind).toEqual(windowed(project(ids[kind], await eventsOf(restarted, ids[kind]))));
		}
		await restarted.close();
	});

	it("only reads the logs: nothing is appended, only view.json files are written, each once", async () => {
		const { store, ids } = await upgradedStore();
		const before = await logs(store, ids);
		const probe = new ProbeStore(store);
		const service = backfilling(probe);
		await service.backfilled();
		expect(await logs(store, ids)).toEqual(before);
		expect(probe.calls.filter((call) => call.startsWith("append"))).toEqual([]);
		const written = probe.calls.filter((call) => call.startsWith("write")).map((call) => call.slice("write ".length));
		expect(written.filter((key) => key !== THREAD_INDEX_KEY).sort()).toEqual(
			[BACKFILL_RECORD_KEY, ...NEEDING.map((kind) => viewSnapshotKey(ids[kind]))].sort(),
		);
		await service.close();
	});

	it("writes down the threads it found with a current snapshot, and the next start reads nothing of them", async () => {
		const { store, ids, current } = await afterOnePass();
		expect(current).toContain(ids.current);

		// A start without ranged reads would read each snapshot whole to check it (Obsidian on a phone).
		const probe = new ProbeStore(store);
		const again = backfilling(probe);
		await again.backfilled();
		for (const kind of ["current", ...NEEDING] as const)
			expect(
				probe.calls.filter((call) => call.includes(viewSnapshotKey(ids[kind]))),
				kind,
			).toEqual([]);
		await again.close();
	});

	it("stores a snapshot again at the next start when one written down as current has been deleted since", async () => {
		const { store, ids, current } = await afterOnePass();
		expect(current).toContain(ids.none);

		// The user (or a sync tool) removes the cache file: the record alone must not stand for it.
		await store.remove(viewSnapshotKey(ids.none));
		const again = makeService({ store, backfill: { afterMs: 0 } }).service;
		await again.backfilled();
		expect(await store.read(viewSnapshotKey(ids.none))).not.toBeNull();
		await again.close();
	});

	it("leaves a thread that stopped mid-turn to be recovered on its first use", async () => {
		const { store, ids } = await upgradedStore();
		const service = makeService({ store, backfill: { afterMs: 0 } }).service;
		await service.backfilled();
		const id = ids.interrupted;
		expect((await stateOf(service, id)).status).toBe("error");
		expect((await store.read(threadLogKey(id))) ?? "").toContain("Interrupted: Redline stopped");
		await service.close();
	});

	it("does not open short threads, nor those whose snapshot is current", async () => {
		const { ids, probe, service } = await backfilledUpgrade();
		for (const kind of ["short", "current"] as const) {
			expect(probe.of("range", threadLogKey(ids[kind])), kind).toEqual([]);
			expect(probe.of("read", threadLogKey(ids[kind])), kind).toEqual([]);
		}
		await service.close();
	});

	it("lets each log go again: the next open reads it (from its new snapshot)", async () => {
		const { store, ids, probe, service } = await backfilledUpgrade();
		const size = (await store.size(threadLogKey(ids.none))) ?? 0;
		const readsBefore = probe.of("range", threadLogKey(ids.none)).length;
		const opened = await openFromSnapshot(service, ids.none, probe);
		const reads = opened.logReads.slice(readsBefore);
		expect(reads.length).toBeGreaterThan(0);
		expect(bytesRead(reads, size)).toBeLessThan(size / 2);
		await service.close();
	});

	it("shares its open with a subscriber that arrives meanwhile: one caught-up, the log's state, one read of the log, kept loaded", async () => {
		const { ids, probe, gate, service } = await backfillHeldAtFirstLog();
		const key = threadLogKey(ids.none);
		const opening = openFromSnapshot(service, ids.none, probe);
		for (let i = 0; i < 5; i++) await nextTurn();
		gate.open();
		const opened = await opening;
		await service.backfilled();
		expect(opened.messages.filter((m) => m.kind === "caught_up")).toHaveLength(1);
		expect(opened.state).toEqual(windowed(project(ids.none, await eventsOf(service, ids.none))));
		expect(probe.of("range", key).filter((call) => call.startsWith(`range ${key} 0 `))).toHaveLength(1);
		// Still loaded (it was used): opening it again reads nothing.
		const readsBefore = probe.calls.length;
		await openFromSnapshot(service, ids.none, probe);
		expect(probe.calls.slice(readsBefore).filter((call) => call.includes(key))).toEqual([]);
		await service.close();
	});

	it("skips a thread whose log cannot be read, once (also at the next start), and the others still get theirs", async () => {
		const { store, ids } = await upgradedStore();
		const probe = new ProbeStore(store);
		probe.fail(threadLogKey(ids.none));
		const service = backfilling(probe);
		await service.backfilled();
		expect(await store.read(viewSnapshotKey(ids.none))).toBeNull();
		for (const kind of ["v1", "behind", "interrupted"] as const)
			expect(await store.read(viewSnapshotKey(ids[kind])), kind).toMatch(/^\{"v":2,/);
		expect(probe.calls.filter((call) => call.includes(threadLogKey(ids.none)))).toHaveLength(1);
		await service.close();
		// Nor by the next start.
		const next = new ProbeStore(store);
		const restarted = backfilling(next);
		await restarted.backfilled();
		expect(next.calls.filter((call) => call.includes(threadLogKey(ids.none)))).toEqual([]);
		await restarted.close();
	});

	it("stops on close: no store write after close, the threads after the one in hand untouched", async () => {
		const { store, ids, probe, gate, service } = await backfillHeldAtFirstLog();
		const closing = service.close();
		gate.open();
		await closing;
		const after = probe.calls.length;
		await new Promise((resolve) => setTimeout(resolve, 50));
		for (let i = 0; i < 5; i++) await nextTurn();
		expect(probe.calls.slice(after)).toEqual([]);
		expect(await store.read(viewSnapshotKey(ids.v1))).toMatch(/^\{"v":1,/);
		expect(lastSeqOf(await store.read(threadLogKey(ids.behind)))).toBeGreaterThan(
			(JSON.parse((await store.read(viewSnapshotKey(ids.behind))) ?? "") as { seq: number }).seq + VIEW_REFRESH_EVENTS,
		);
		expect(await store.read(viewSnapshotKey(ids.interrupted))).toBeNull();
	});

	it("gives up the open in hand on close: the rest of that log is not read, close does not wait for it", async () => {
		const { store, ids, probe, gate, service } = await backfillHeldAtFirstLog();
		const key = threadLogKey(ids.none);
		const closing = service.close();
		gate.open();
		await closing;
		// The first chunk (held) and nothing after it: the log is several chunks long.
		expect(probe.of("range", key)).toHaveLength(1);
		expect(await store.read(viewSnapshotKey(ids.none))).toBeNull();
	});

	it("writes down a thread it leaves without a snapshot, and the next start does not read it again", async () => {
		// A short log whose seqs jumped past a crash (SEQ_GAP): lastSeq says long, its window is all
		// of it, so no snapshot is kept (ThreadLog.saveView refuses one).
		const store = new MemoryStore();
		const first = makeService({ store }).service;
		const id = await mustCreate(first, "jumped");
		await first.close();
		await store.append(
			threadLogKey(id),
			encodeEvents([...readTurns(id, 2, 3, "before", NOTE), ...readTurns(id, 100_029, 1, "after", NOTE)]),
		);
		const index = JSON.parse((await store.read(THREAD_INDEX_KEY)) ?? "") as { threads: Array<{ lastSeq: number }> };
		for (const entry of index.threads) entry.lastSeq = 100_037;
		await store.write(THREAD_INDEX_KEY, JSON.stringify(index));

		const once = makeService({ store, backfill: { afterMs: 0 } }).service;
		await once.backfilled();
		await once.close();
		expect(await store.read(viewSnapshotKey(id))).toBeNull();
		expect(JSON.parse((await store.read(BACKFILL_RECORD_KEY)) ?? "")).toEqual({
			v: 1,
			gaveUp: { [id]: 100_037 },
			current: {},
		});

		const probe = new ProbeStore(store);
		const again = backfilling(probe);
		await again.backfilled();
		expect(probe.calls.filter((call) => call.includes(threadLogKey(id)))).toEqual([]);
		await again.close();
	});

	it("does nothing without deps.backfill", async () => {
		const { store, ids } = await upgradedStore();
		const service = makeService({ store }).service;
		await service.load();
		await new Promise((resolve) => setTimeout(resolve, 30));
		expect(await store.read(viewSnapshotKey(ids.none))).toBeNull();
		await service.close();
	});
});
