/**
 * What the index is doing, for the pane ("Indexing notes… 4,200 / 10,000") and for search
 * results ("searched 4,200 of 10,000 notes so far"). Not thread state: it is rebuilt from the
 * vault, so it travels on its own small channel (IndexStatusFeed), in Obsidian and over HTTP.
 */
export type IndexPhase = "idle" | "loading" | "indexing" | "ready";

export interface IndexStatus {
	/** idle: not started yet; loading: reading the saved index; indexing: notes being (re)read. */
	phase: IndexPhase;
	/** Notes (re)indexed in this pass, and how many the pass has to do. */
	done: number;
	of: number;
	/** Notes in the index now, and notes the vault has that may be indexed. */
	indexed: number;
	total: number;
	/** Notes indexed only up to the cap. */
	truncated: number;
	/** Notes that failed to read (retried when they change). */
	unreadable: number;
	/** Files left out by the read floor (not notes, hidden, configuration or plugin folders). */
	leftOut: number;
	/** The index reached its memory cap (mobile): notes indexed since cover titles, headings, tags, properties and their first part. */
	capped: boolean;
}

export const IDLE_STATUS: IndexStatus = {
	phase: "idle",
	done: 0,
	of: 0,
	indexed: 0,
	total: 0,
	truncated: 0,
	unreadable: 0,
	leftOut: 0,
	capped: false,
};

/** A status channel: the current status, and changes until unsubscribed. Watching starts the index. */
export interface IndexStatusFeed {
	watch(listener: (status: IndexStatus) => void): () => void;
}

export function sameStatus(a: IndexStatus, b: IndexStatus): boolean {
	return (Object.keys(a) as (keyof IndexStatus)[]).every((key) => a[key] === b[key]);
}
