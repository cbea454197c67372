/**
 * Opening a log from its stored snapshot by ranged reads (issue 32, part 3): the snapshot
 * (version 2) records where in the log's bytes event N's line starts and ends, so the open reads
 * the snapshot, a few KB of the log to check it still matches, and the lines after it; the whole
 * log is read afterwards, in chunks. The checks must hold with only those bytes: a torn line after
 * the point is the log's business, but a log cut short, or rewritten with the same length, or a
 * snapshot of another version, is not trusted, and a store without ranged reads still works.
 *
 * Written first: on the code before, the open read the whole log as one string (the probe below
 * sees a whole read) and the snapshot counted UTF-16 units, not bytes.
 */
import { describe, expect, it } from "vitest";
import type { NewEvent, StoredEvent } from "../../src/log/events";
import { CHUNK_BYTES } from "../../src/log/log-bytes";
import { encodeEvents, parseLog } from "../../src/log/log-codec";
import { ThreadLog, threadLogKey, VIEW_REFRESH_EVENTS } from "../../src/log/log";
import { project } from "../../src/log/projection";
import type { ThreadState } from "../../src/log/state";
import { viewSnapshotKey } from "../../src/log/view-snapshot";
import { windowed } from "../../src/log/window";
import { MemoryStore } from "../../src/store/memory-store";
import type { Store } from "../../src/store/store";
import { wholeReadsOnly } from "../support/whole-reads-store";

const THREAD = "thr_ranged";
const AT = "2026-12-04T10:00:00.000Z";
const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** Turns of a user message (with multi-byte text: bytes and UTF-16 units differ) and a read. */
function turns(firstSeq: number, count: number, words: string): StoredEvent[] {
	const events: NewEvent[] = [];
	for (let t = 0; t < count; t++) {
		const messageId = `a${words}${t}`;
		const callId = `c${words}${t}`;
		events.push(
			{ type: "user_message", messageId: `u${words}${t}`, content: `${words} ${t}: café 😀 €`, pinned: [] },
			{ type: "assistant_message_started", messageId },
			{ type: "assistant_token", messageId, text: `Reading note ${t}… ` },
			{ type: "assistant_token", messageId, text: "ünïcödé." },
			{ type: "tool_call_proposed", callId, tool: "readNote", args: { path: `N${t}.md` }, messageId },
			{ type: "tool_call_decided", callId, decision: "approved", by: "policy" },
			{ type: "tool_call_started", callId },
			{
				type: "tool_call_completed",
				callId,
				result: { status: "success", message: `N${t}.md: ${"text é ".repeat(40)}${t}` },
			},
			{ type: "assistant_message_completed", messageId, finishReason: "stop" },
			{ type: "status", status: "idle" },
		);
	}
	return events.map((event, i) => ({ ...event, seq: firstSeq + i, threadId: THREAD, at: AT }));
}

/** A MemoryStore that records how each key was read: whole reads, and bytes by ranged reads. */
class ProbeStore implements Store {
	readonly whole: string[] = [];
	rangedBytes = 0;
	constructor(readonly inner = new MemoryStore()) {}
	append(key: string, text: string) {
		return this.inner.append(key, text);
	}
	read(key: string) {
		this.whole.push(key);
		return this.inner.read(key);
	}
	write(key: string, text: string) {
		return this.inner.write(key, text);
	}
	list(prefix: string) {
		return this.inner.list(prefix);
	}
	remove(key: string) {
		return this.inner.remove(key);
	}
	size(key: string) {
		return this.inner.size(key);
	}
	async readRange(key: string, start: number, end: number) {
		const bytes = await this.inner.readRange(key, start, end);
		this.rangedBytes += bytes.length;
		return bytes;
	}
}

const created: StoredEvent = { type: "thread_created", seq: 1, threadId: THREAD, at: AT };
const TURNS = 120;
const HEAD = [created, ...turns(2, TURNS, "turn")];
const SNAPSHOT_SEQ = 1 + TURNS * 10;

/** A log of HEAD, opened and sealed once: it stores its snapshot (at SNAPSHOT_SEQ). */
async function sealedLog(): Promise<MemoryStore> {
	const store = new MemoryStore();
	await store.append(threadLogKey(THREAD), encodeEvents(HEAD));
	const log = await ThreadLog.open(store, THREAD, { onSnapshot: () => undefined });
	await log?.seal();
	const stored = await store.read(viewSnapshotKey(THREAD));
	expect(JSON.parse(stored ?? "null")).toMatchObject({ v: 2, seq: SNAPSHOT_SEQ });
	return store;
}

interface Opened {
	/** The windowed state onSnapshot was given, checked against the log (null: the snapshot was not used). */
	view: ThreadState | null;
	/** The snapshot's state handed over before the log was read (a store without ranged reads), unchecked. */
	unchecked: ThreadState | null;
	/** What the open had read of the log when it gave it: whole reads of the log, bytes by ranges. */
	readBefore: { whole: number; bytes: number } | null;
	log: ThreadLog;
}

async function open(store: Store): Promise<Opened> {
	let view: ThreadState | null = null;
	let unchecked: ThreadState | null = null;
	let readBefore: Opened["readBefore"] = null;
	const log = await ThreadLog.open(store, THREAD, {
		onSnapshot: (state, checked) => {
			if (!checked) {
				unchecked = state;
				return;
			}
			view = state;
			if (store instanceof ProbeStore)
				readBefore = {
					whole: store.whole.filter((key) => key === threadLogKey(THREAD)).length,
					bytes: store.rangedBytes,
				};
		},
	});
	if (!log) throw new Error("no log");
	return { view, unchecked, readBefore, log };
}

/** The window of what the log's text says. */
async function fromTheLog(store: MemoryStore): Promise<ThreadState> {
	return windowed(project(THREAD, parseLog(THREAD, (await store.read(threadLogKey(THREAD))) ?? "").events));
}

async function logBytes(store: MemoryStore): Promise<Uint8Array> {
	return store.readRange(threadLogKey(THREAD), 0, (await store.size(threadLogKey(THREAD))) ?? 0);
}

describe("opening a log from its snapshot by ranged reads", () => {
	it("reads only the snapshot, its check and the lines after it before giving the window", async () => {
		const inner = await sealedLog();
		await inner.append(threadLogKey(THREAD), encodeEvents(turns(SNAPSHOT_SEQ + 1, 2, "later")));
		const logSize = (await inner.size(threadLogKey(THREAD))) ?? 0;
		const store = new ProbeStore(inner);
		const { view, readBefore, log } = await open(store);
		expect(view).toEqual(await fromTheLog(inner));
		expect(view?.messages.at(-2)).toMatchObject({ kind: "user", content: "later 1: café 😀 €" });
		expect(readBefore?.whole).toBe(0);
		// The check's few KB and two turns, not the log.
		expect(readBefore?.bytes).toBeLessThan(16 * 1024);
		expect(logSize).toBeGreaterThan(10 * (readBefore?.bytes ?? logSize));
		// The whole log is read afterwards, in chunks, to the same state.
		expect(store.whole.filter((key) => key === threadLogKey(THREAD))).toHaveLength(0);
		expect(log.state()).toEqual(
			project(THREAD, parseLog(THREAD, (await inner.read(threadLogKey(THREAD))) ?? "").events),
		);
	});

	it("uses the snapshot when a torn line follows its point, and the next append starts on a new line", async () => {
		const store = await sealedLog();
		const line = encodeEvents(turns(SNAPSHOT_SEQ + 1, 1, "torn"));
		await store.append(threadLogKey(THREAD), line.slice(0, Math.floor(line.length / 2)));
		const probe = new ProbeStore(store);
		const { view, readBefore, log } = await open(probe);
		expect(readBefore?.whole).toBe(0);
		expect(view).toEqual(await fromTheLog(store));
		log.append({ type: "thread_renamed", title: "After the tear" });
		await log.flush();
		const reread = parseLog(THREAD, (await store.read(threadLogKey(THREAD))) ?? "");
		expect(reread.events.at(-1)).toMatchObject({ type: "thread_renamed", title: "After the tear" });
	});

	const cuts: Array<[string, (bytes: Uint8Array, point: number) => Uint8Array]> = [
		["one byte short of its point", (bytes, point) => bytes.slice(0, point - 1)],
		["short of its point by a line and more", (bytes, point) => bytes.slice(0, point - 3000)],
		["to half", (bytes) => bytes.slice(0, Math.floor(bytes.length / 2))],
	];
	for (const [name, cut] of cuts)
		it(`does not use the snapshot of a log cut ${name} (ranged reads)`, async () => {
			const store = await sealedLog();
			const bytes = await logBytes(store);
			const point = bytes.length;
			await store.append(threadLogKey(THREAD), encodeEvents(turns(SNAPSHOT_SEQ + 1, 1, "later")));
			await store.write(threadLogKey(THREAD), decoder.decode(cut(await logBytes(store), point)));
			const { view, log } = await open(new ProbeStore(store));
			expect(view).toBeNull();
			expect(log.state()).toEqual(
				project(THREAD, parseLog(THREAD, (await store.read(threadLogKey(THREAD))) ?? "").events),
			);
		});

	const rewrites: Array<[string, (text: string) => string]> = [
		// Same byte length: "é" and "ü" are both two bytes.
		["in the line at its point", (text) => replaceLast(text, '"idle"', '"busy"')],
		["in the turn before its point", (text) => replaceLast(text, "café", "cafü")],
		["with other events of the same length", (text) => text.replaceAll("turn ", "tûrn").replaceAll("a", "b")],
	];
	for (const [name, rewrite] of rewrites)
		it(`does not use the snapshot of a log rewritten ${name}, with the same byte length`, async () => {
			const store = await sealedLog();
			const text = (await store.read(threadLogKey(THREAD))) ?? "";
			const changed = rewrite(text);
			expect(changed).not.toBe(text);
			expect(encoder.encode(changed).length).toBe(encoder.encode(text).length);
			await store.write(threadLogKey(THREAD), changed);
			const { view } = await open(new ProbeStore(store));
			expect(view).toBeNull();
		});

	it("does not use a snapshot of version 1 (counts of UTF-16 units): the log opens, and sealing stores version 2", async () => {
		const store = await sealedLog();
		const text = (await store.read(threadLogKey(THREAD))) ?? "";
		const stored = JSON.parse((await store.read(viewSnapshotKey(THREAD))) ?? "") as { state: ThreadState };
		const v1 = { v: 1, threadId: THREAD, seq: SNAPSHOT_SEQ, chars: text.length, logCheck: "0", check: "0" };
		await store.write(viewSnapshotKey(THREAD), JSON.stringify({ ...v1, state: stored.state }));
		const { view, log } = await open(new ProbeStore(store));
		expect(view).toBeNull();
		log.append({ type: "thread_renamed", title: "Renamed" });
		await log.seal();
		expect(JSON.parse((await store.read(viewSnapshotKey(THREAD))) ?? "")).toMatchObject({ v: 2 });
		expect((await open(new ProbeStore(store))).view).toEqual(await fromTheLog(store));
	});

	it("works the same on a store without ranged reads: the snapshot is used, a cut log is not trusted", async () => {
		const store = await sealedLog();
		await store.append(threadLogKey(THREAD), encodeEvents(turns(SNAPSHOT_SEQ + 1, 2, "later")));
		const whole = await open(wholeReadsOnly(store));
		expect(whole.view).toEqual(await fromTheLog(store));
		expect(whole.log.openedFromSnapshot).toBe(SNAPSHOT_SEQ);
		expect(whole.log.state()).toEqual(
			project(THREAD, parseLog(THREAD, (await store.read(threadLogKey(THREAD))) ?? "").events),
		);
		const text = (await store.read(threadLogKey(THREAD))) ?? "";
		await store.write(threadLogKey(THREAD), text.slice(0, Math.floor(text.length / 2)));
		const cut = await open(wholeReadsOnly(store));
		expect(cut.view).toBeNull();
		// Handed over before the log was read, and marked as not matching it once it was.
		expect(cut.unchecked?.lastSeq).toBe(SNAPSHOT_SEQ);
		expect(cut.log.openedFromSnapshot).toBe(0);
	});

	it("opens from the log when the snapshot cannot be read (the store fails), with and without ranged reads", async () => {
		const store = await sealedLog();
		const failing = (medium: Store): Store =>
			Object.assign(Object.create(medium) as Store, {
				read: (key: string) =>
					key === viewSnapshotKey(THREAD) ? Promise.reject(new Error("EIO: read failed")) : medium.read(key),
			});
		for (const medium of [new ProbeStore(store), wholeReadsOnly(store)]) {
			const { view, unchecked, log } = await open(failing(medium));
			expect(view).toBeNull();
			expect(unchecked).toBeNull();
			expect(log.openedFromSnapshot).toBe(0);
			expect(log.state()).toEqual(
				project(THREAD, parseLog(THREAD, (await store.read(threadLogKey(THREAD))) ?? "").events),
			);
		}
	});

	it("hands over the snapshot's state unchecked, before the log is read, only on a store without ranged reads", async () => {
		const store = await sealedLog();
		const ranged = await open(new ProbeStore(store));
		expect(ranged.unchecked).toBeNull();
		expect(ranged.log.openedFromSnapshot).toBe(SNAPSHOT_SEQ);
		const whole = await open(wholeReadsOnly(store));
		const stored = JSON.parse((await store.read(viewSnapshotKey(THREAD))) ?? "") as { state: ThreadState };
		expect(whole.unchecked).toEqual(stored.state);
	});

	it("reads a log whose chunk boundary cuts a multi-byte character as the log's text", async () => {
		const store = new MemoryStore();
		const before = encodeEvents([created]);
		// A user message whose "😀" starts two bytes before the first chunk boundary.
		const filler = (n: number): StoredEvent => ({
			type: "user_message",
			messageId: "u0",
			content: `${"x".repeat(n)}😀 and after`,
			pinned: [],
			seq: 2,
			threadId: THREAD,
			at: AT,
		});
		const prefix = encoder.encode(before + JSON.stringify(filler(0)).split("😀")[0]).length;
		const line = encodeEvents([filler(CHUNK_BYTES - 2 - prefix)]);
		const text = before + line + encodeEvents(turns(3, 3, "after"));
		expect(encoder.encode(before + line.split("😀")[0]).length).toBe(CHUNK_BYTES - 2);
		await store.write(threadLogKey(THREAD), text);
		const log = await ThreadLog.open(new ProbeStore(store), THREAD);
		expect(log?.events()).toEqual(parseLog(THREAD, text).events);
		expect(log?.events()[1]).toMatchObject({ content: expect.stringMatching(/x😀 and after$/) as unknown });
	});

	it("stores a new snapshot as the log grows, without waiting for a seal (a crash leaves one near the end)", async () => {
		const store = await sealedLog();
		const log = await ThreadLog.open(store, THREAD);
		if (!log) throw new Error("no log");
		const turnsToAdd = Math.ceil(VIEW_REFRESH_EVENTS / 10) + 1;
		for (const event of turns(SNAPSHOT_SEQ + 1, turnsToAdd, "grown")) {
			const { seq: _seq, threadId: _thread, at: _at, ...plain } = event as StoredEvent & Record<string, unknown>;
			log.append(plain as NewEvent);
			await log.flush();
		}
		await log.settled();
		// Not sealed: as a crash leaves it. The snapshot is at most VIEW_REFRESH_EVENTS behind.
		const stored = JSON.parse((await store.read(viewSnapshotKey(THREAD))) ?? "null") as { seq: number } | null;
		expect(stored?.seq).toBeGreaterThan(SNAPSHOT_SEQ);
		expect(log.state().lastSeq - (stored?.seq ?? 0)).toBeLessThan(VIEW_REFRESH_EVENTS);
		const reopened = await open(new ProbeStore(store));
		expect(reopened.view).toEqual(await fromTheLog(store));
	});
});

/** text with the last occurrence of `find` replaced. */
function replaceLast(text: string, find: string, by: string): string {
	const at = text.lastIndexOf(find);
	return text.slice(0, at) + by + text.slice(at + find.length);
}
