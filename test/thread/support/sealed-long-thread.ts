/** A long thread sealed once by a service, which leaves its stored snapshot beside the log. */
import { expect } from "vitest";
import { threadLogKey } from "../../../src/log/log";
import { encodeEvents } from "../../../src/log/log-codec";
import { viewSnapshotKey } from "../../../src/log/view-snapshot";
import { MemoryStore } from "../../../src/store/memory-store";
import { readTurns } from "./read-turns";
import { eventsOf, makeService, mustCreate } from "./service";

export const SEALED_TURNS = 60;
/** readTurns writes 9 events a turn after thread_created (seq 1). */
export const SEALED_SEQ = 1 + SEALED_TURNS * 9;

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
