/**
 * The long thread the thread benches open: `calls` tool calls written straight to its log in a
 * folder store, in the real event format (the log codec's, tokens coalesced), after a
 * thread_created that a thread service wrote and indexed, so the thread is listed as the app
 * lists it. Each bench picks the turn it repeats (`toolTurn`: two calls with edits and questions
 * among them; `readsTurn`: 24 reads carrying the notes), so its figures stay those of its shape.
 */
import type { NewEvent, StoredEvent } from "../../src/log/events";
import { threadLogKey } from "../../src/log/log";
import { encodeEvents } from "../../src/log/log-codec";
import { FolderStore } from "../../src/sandbox/folder-store";
import { LocalThreadService } from "../../src/thread/service";
import { stat } from "../../src/node/fs";
import { join } from "../../src/node/path";

export interface LongThreadOptions {
	/** The events of turn `i`. */
	turn: (i: number) => NewEvent[];
	/** The thread's title (default: "<calls> tool calls"). */
	title?: string;
	/**
	 * Compacts all but the last this many turns with one context_compacted after them, as a long
	 * thread in use has been (the request a model gets is then the same size at any length).
	 */
	compactAllButLast?: number;
}

export interface LongThread {
	threadId: string;
	/** Tool calls written (whole turns: at least the calls asked for). */
	calls: number;
	/** Events in the log, thread_created included. */
	events: number;
	/** The log's size on disk. */
	bytes: number;
	/** The thread's last turn, as written (its newest message is what the pane shows at the bottom). */
	lastTurn: NewEvent[];
}

/** Writes a thread of at least `calls` tool calls (whole turns) into the folder store at `dir`. */
export async function writeLongThread(dir: string, calls: number, options: LongThreadOptions): Promise<LongThread> {
	const store = new FolderStore(dir);
	const service = new LocalThreadService({ store });
	const created = await service.createThread({ title: options.title ?? `${calls} tool calls` });
	if (!created.ok) throw new Error(created.error.message);
	await service.close();
	const { threadId } = created;
	const at = new Date().toISOString();
	const events: StoredEvent[] = [];
	const turnStarts: number[] = [];
	let lastTurn: NewEvent[] = [];
	let proposed = 0;
	for (let i = 0; proposed < calls; i++) {
		turnStarts.push(events.length + 2);
		lastTurn = options.turn(i);
		for (const event of lastTurn) {
			if (event.type === "tool_call_proposed") proposed++;
			events.push({ ...event, seq: events.length + 2, threadId, at });
		}
	}
	if (options.compactAllButLast !== undefined) {
		const toSeq = (turnStarts[turnStarts.length - options.compactAllButLast] ?? 2) - 1;
		events.push({
			type: "context_compacted",
			fromSeq: 2,
			toSeq,
			summary: `- The user asked to check ${proposed} notes; each was read and summarised.`,
			tokensSaved: 1000,
			seq: events.length + 2,
			threadId,
			at,
		});
	}
	await store.append(threadLogKey(threadId), encodeEvents(events));
	const bytes = (await stat(join(dir, threadLogKey(threadId)))).size;
	return { threadId, calls: proposed, events: events.length + 1, bytes, lastTurn };
}
