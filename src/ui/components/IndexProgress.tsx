/**
 * The search index's progress, in one line under the header while notes are being indexed
 * ("Indexing notes… 4,200 / 10,000"); nothing once it is ready, unless some notes could not be
 * read. Mounting it watches the host's status feed, which is what starts the index.
 */
import { useEffect, useState } from "react";
import type { IndexStatus, IndexStatusFeed } from "../../search/index-status";

/** The index reached its memory cap (the mobile setting). */
export const CAPPED_TEXT =
	"Search memory limit reached: newer notes are searched by title, tags, properties and their start.";

export function progressText(status: IndexStatus): string | null {
	switch (status.phase) {
		case "loading":
			return status.indexed > 0
				? `Loading the search index… ${status.indexed.toLocaleString()} / ${status.total.toLocaleString()}`
				: "Loading the search index…";
		case "indexing":
			return `Indexing notes… ${status.done.toLocaleString()} / ${status.of.toLocaleString()}`;
		case "ready": {
			const parts: string[] = [];
			if (status.capped) parts.push(CAPPED_TEXT);
			if (status.unreadable > 0)
				parts.push(
					`${status.unreadable.toLocaleString()} ${status.unreadable === 1 ? "note" : "notes"} could not be read for search.`,
				);
			return parts.length > 0 ? parts.join(" ") : null;
		}
		default:
			return null;
	}
}

export function IndexProgress({ feed }: { feed: IndexStatusFeed | undefined }) {
	const [status, setStatus] = useState<IndexStatus | null>(null);
	useEffect(() => feed?.watch(setStatus), [feed]);
	const text = status ? progressText(status) : null;
	if (!status || !text) return null;
	if (status.phase !== "indexing") return <p className="redline-index-progress redline-muted">{text}</p>;
	// A progress bar, not a live region: a count that changes ten times a second must not be read out each time.
	return (
		<div
			className="redline-index-progress redline-muted"
			role="progressbar"
			aria-label="Indexing notes"
			aria-valuemin={0}
			aria-valuemax={status.of}
			aria-valuenow={status.done}
			aria-valuetext={text}
		>
			{text}
		</div>
	);
}
