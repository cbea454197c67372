/**
 * The thread list: `threads/index.json` holds { threadId, title, createdAt, updatedAt, lastSeq }
 * per thread so the list shows without reading every log. The logs are the truth: a missing or
 * corrupt index is rebuilt from them, and logs the index does not know (a crash between the log
 * write and the index write) are added on load.
 */
import type { Store } from "../store/store";
import { ThreadLog } from "./log";
import type { ThreadSummary } from "./service-api";

export const THREAD_INDEX_KEY = "threads/index.json";

export function summarize(log: ThreadLog): ThreadSummary | null {
	const events = log.events();
	const first = events[0];
	const last = events[events.length - 1];
	if (!first || !last) return null;
	const state = log.state();
	return {
		threadId: log.threadId,
		...(state.title !== undefined ? { title: state.title } : {}),
		createdAt: state.createdAt ?? first.at,
		updatedAt: last.at,
		lastSeq: state.lastSeq,
	};
}

function isSummary(value: unknown): value is ThreadSummary {
	if (typeof value !== "object" || value === null) return false;
	const v = value as Record<string, unknown>;
	return typeof v.threadId === "string" && typeof v.createdAt === "string" && typeof v.updatedAt === "string"
		&& typeof v.lastSeq === "number" && (v.title === undefined || typeof v.title === "string");
}

export class ThreadIndex {
	private readonly entries = new Map<string, ThreadSummary>();
	private saving: Promise<void> = Promise.resolve();
	private saveQueued = false;

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
			if (this.entries.has(id)) continue;
			const log = await ThreadLog.open(this.store, id);
			const summary = log ? summarize(log) : null;
			if (summary) {
				this.entries.set(id, summary);
				changed = true;
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

	set(summary: ThreadSummary): void {
		this.entries.set(summary.threadId, summary);
	}

	delete(threadId: string): void {
		this.entries.delete(threadId);
	}

	/** Writes the index; concurrent calls collapse into at most one more write. */
	save(): Promise<void> {
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
}

