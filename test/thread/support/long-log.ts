/**
 * Long thread logs for the idle-memory tests, written straight to a store and cheaply: a few turns
 * whose note reads return big results, so a log is megabytes long in a handful of events.
 */
import type { StoredEvent } from "../../../src/log/events";
import { threadLogKey } from "../../../src/log/log";
import { encodeEvents } from "../../../src/log/log-codec";
import type { Store } from "../../../src/store/store";
import { readTurns } from "./read-turns";

/** How big one turn's note is: a few turns make a log, and none is one huge line. */
const NOTE_BYTES = 256 * 1024;

/**
 * Appends turns (from `firstSeq`, thread_created at 1 when it is 1) until the log holds about
 * `bytes` more; returns the last seq written. Every turn ends idle, so nothing needs recovery.
 */
export async function appendLongTurns(store: Store, threadId: string, bytes: number, firstSeq = 1): Promise<number> {
	const head: StoredEvent[] =
		firstSeq === 1 ? [{ type: "thread_created", seq: 1, threadId, at: "2026-12-04T10:00:00.000Z" }] : [];
	const turns = Math.max(1, Math.round(bytes / NOTE_BYTES));
	const note = "x".repeat(Math.floor(bytes / turns));
	const events = [...head, ...readTurns(threadId, firstSeq + head.length, turns, threadId, note)];
	await store.append(threadLogKey(threadId), encodeEvents(events));
	return events.at(-1)?.seq ?? 0;
}
