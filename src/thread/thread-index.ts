/**
 * The thread list: `threads/index.json` holds { threadId, title, createdAt, updatedAt, lastSeq,
 * inPlaceNote } per thread so the list shows without reading every log. The logs are the truth: a missing or
 * corrupt index is rebuilt from them, and logs the index does not know (a crash between the log
 * write and the index write) are added on load.
 *
 * Saving: a new thread, a new title or a deletion is saved at once; recency alone (updatedAt,
 * lastSeq change with every log write) waits until the writes pause (`saveSoon`), so a streaming
 * reply does not rewrite the whole index four times a second. A crash meanwhile leaves an older
 * updatedAt in the list order, nothing else.
 */
import type { Store } from "../store/store";
import { ThreadLog } from "../log/log";
import type { ThreadSummary } from "./service-api";
import type { MessageView } from "../log/state";
import { timers } from "../log/timers";

export const THREAD_INDEX_KEY = "threads/index.json";
/** How long log writes must pause before a recency-only change of the index is saved. */
export const INDEX_QUIET_MS = 1000;

export function summarize(log: ThreadLog): ThreadSummary | null {
	const events = log.events();
	const first = events[0];
	const last = events[events.length - 1];
	if (!first || !last) return null;
	const state = log.state();
	const note = inPlaceNote(state.messages);
	return {
		threadId: log.threadId,
		...(state.title !== undefined ? { title: state.title } : {}),
		createdAt: state.createdAt ?? first.at,
		updatedAt: last.at,
		lastSeq: state.lastSeq,
		...(note !== undefined ? { inPlaceNote: note } : {}),
	};
}

/**
 * The note of a note's own edit thread: one whose first message is an edit in place, so a chat
 * that was asked an edit in place later is none. The latest selection's note: a continued thread
 * follows the note's renames. (Called on every log write: both scans stop early.)
 */
export function inPlaceNote(messages: readonly MessageView[]): string | undefined {
	const first = messages.find((m) => m.kind === "user");
	if (first?.kind !== "user" || !first.selection) return undefined;
	for (let i = messages.length - 1; i >= 0; i--) {
		const m = messages[i];
		if (m?.kind === "user" && m.selection) return m.selection.path;
	}
	return undefined;
}

function isSummary(value: unknown): value is ThreadSummary {
	if (typeof value !== "object" || value === null) return false;
	const v = value as Record<string, unknown>;
	return (
		typeof v.threadId === "string" &&
		typeof v.createdAt === "string" &&
		typeof v.updatedAt === "string" &&
		typeof v.lastSeq === "number" &&
		(v.title === undefined || typeof v.title === "string") &&
		(v.inPlaceNote === undefined || typeof v.inPlaceNote === "string")
	);
}

export class ThreadIndex {
	private readonly entries = new Map<string, ThreadSummary>();
	private saving: Promise<void> = Promise.resolve();
	private saveQueued = false;
	private timer: ReturnType<typeof setTimeout> | null = null;

	constructor(private readonly store: Store) {}

	/** Reads the index and reconciles it with the logs present in the store. */
	async load(): Promise<void> {
		this.entries.clear();
		const text = await this.store.read(THREAD_INDEX_KEY);
		let trusted = false;
		if (text !== null) {
			try {
				const parsed = JSON.parse(text) as { threads?: unknown };
				if (Array.isArray(parsed.threads) && parsed.threads.every(isSummary)) {
					for (const entry of parsed.threads) this.entries.set(entry.threadId, entry);
					trusted = true;
				}
			} catch {
				// handled below: rebuilt from the logs
			}
			if (!trusted) console.warn("Redline: the thread index is unreadable; rebuilding it from the thread logs");
		}
		const ids = (await this.store.list("threads/"))
			.filter((key) => key.endsWith(".jsonl"))
			.map((key) => key.slice("threads/".length, -".jsonl".length))
			.filter((id) => !id.includes("/"));
		const present = new Set(ids);
		let changed = !trusted && text !== null;
		for (const id of [...this.entries.keys()]) {
			if (!present.has(id)) {
				this.entries.delete(id);
				changed = true;
			}
		}
		for (const id of ids) {
			// An entry saved with an automatic title's "…" (earlier builds stored one) is read again
			// from its log, whose fold drops it (title-limit.ts): the list shows the name, not a display.
			// (A "…" the user typed is kept by the fold; such an entry is read again on each load.)
			if (this.entries.has(id) && !this.entries.get(id)?.title?.endsWith("…")) continue;
			const log = await ThreadLog.open(this.store, id);
			const summary = log ? summarize(log) : null;
			if (summary) {
				const before = this.entries.get(id);
				if (before === undefined || before.title !== summary.title) changed = true;
				this.entries.set(id, summary);
			}
		}
		if (changed) await this.save();
	}

	has(threadId: string): boolean {
		return this.entries.has(threadId);
	}

	get(threadId: string): ThreadSummary | undefined {
		return this.entries.get(threadId);
	}

	list(): ThreadSummary[] {
		return [...this.entries.values()];
	}

	/**
	 * Records a thread's summary; true when the list changes beyond recency (a new thread, a new
	 * title, another note edited in place), which is worth saving at once. updatedAt and lastSeq
	 * change with every write.
	 */
	set(summary: ThreadSummary): boolean {
		const before = this.entries.get(summary.threadId);
		this.entries.set(summary.threadId, summary);
		return before === undefined || before.title !== summary.title || before.inPlaceNote !== summary.inPlaceNote;
	}

	delete(threadId: string): void {
		this.entries.delete(threadId);
	}

	/** Saves once the log writes pause for INDEX_QUIET_MS (each call restarts the wait). */
	saveSoon(): void {
		this.cancelSoon();
		this.timer = timers.set(() => {
			this.timer = null;
			void this.save();
		}, INDEX_QUIET_MS);
	}

	/** Writes the index; concurrent calls collapse into at most one more write. */
	save(): Promise<void> {
		this.cancelSoon();
		if (this.saveQueued) return this.saving;
		this.saveQueued = true;
		this.saving = this.saving
			.then(async () => {
				this.saveQueued = false;
				await this.store.write(THREAD_INDEX_KEY, JSON.stringify({ threads: this.list() }));
			})
			.catch((error) => console.warn("Redline: could not save the thread index", error));
		return this.saving;
	}

	private cancelSoon(): void {
		if (this.timer !== null) timers.clear(this.timer);
		this.timer = null;
	}
}
