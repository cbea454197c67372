/**
 * A store that reads only whole values (as bytes, as Obsidian's readBinary on a phone: no ranged
 * reads), whose reads of one thread's log wait until `release`: what a subscriber (or the pane)
 * gets before the log is read shows. And a long thread sealed once by a service, which leaves its
 * stored snapshot beside the log.
 */
import { expect } from "vitest";
import { threadLogKey } from "../../../src/log/log";
import { encodeEvents } from "../../../src/log/log-codec";
import { viewSnapshotKey } from "../../../src/log/view-snapshot";
import { MemoryStore } from "../../../src/store/memory-store";
import type { Store } from "../../../src/store/store";
import { readTurns } from "./read-turns";
import { eventsOf, makeService, mustCreate } from "./service";

export const SEALED_TURNS = 60;
/** readTurns writes 9 events a turn after thread_created (seq 1). */
export const SEALED_SEQ = 1 + SEALED_TURNS * 9;

/** Whole reads only; reads of one thread's log held until `release`. */
export class GatedWholeReads implements Store {
	/** How many reads of the held log have started. */
	logReads = 0;
	private heldKey = "";
	private gate: Promise<void> | null = null;
	private open: () => void = () => undefined;
	constructor(readonly inner: MemoryStore) {}
	holdLogOf(threadId: string): void {
		this.heldKey = threadLogKey(threadId);
		this.gate = new Promise((resolve) => (this.open = resolve));
	}
	release(): void {
		this.open();
	}
	private async wait(key: string): Promise<void> {
		if (key !== this.heldKey) return;
		this.logReads++;
		await this.gate;
	}
	append(key: string, text: string) {
		return this.inner.append(key, text);
	}
	async read(key: string) {
		await this.wait(key);
		return this.inner.read(key);
	}
	async readBytes(key: string) {
		await this.wait(key);
		const text = await this.inner.read(key);
		return text === null ? null : new TextEncoder().encode(text);
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
}

/**
 * A long thread of SEALED_TURNS turns ("turn 0" … "turn 59"), opened and sealed once by a service:
 * its snapshot is stored, at SEALED_SEQ.
 */
export async function sealedLongThread(): Promise<{ store: MemoryStore; threadId: string }> {
	const store = new MemoryStore();
	const first = makeService({ store }).service;
	const threadId = await mustCreate(first, "long");
	await first.close();
	await store.append(threadLogKey(threadId), encodeEvents(readTurns(threadId, 2, SEALED_TURNS, "turn")));
	const second = makeService({ store }).service;
	await eventsOf(second, threadId);
	await second.close();
	expect(JSON.parse((await store.read(viewSnapshotKey(threadId))) ?? "null")).toMatchObject({ seq: SEALED_SEQ });
	return { store, threadId };
}
