/**
 * The search index's status feed for the pane in Obsidian. Watching starts the index, so this
 * waits for Obsidian's layout to be ready first: a pane restored with the workspace opens while
 * Obsidian is still starting, and indexing must not add to that.
 */
import type { App } from "obsidian";
import type { IndexStatusFeed } from "../search/index-status";

export function layoutReadyIndexFeed(app: App, index: () => Promise<IndexStatusFeed>): IndexStatusFeed {
	return {
		watch(listener) {
			let stop: (() => void) | null = null;
			let closed = false;
			app.workspace.onLayoutReady(() => {
				void index()
					.then((feed) => {
						if (!closed) stop = feed.watch(listener);
					})
					.catch((error: unknown) => console.error("[redline] search index unavailable", error));
			});
			return () => {
				closed = true;
				stop?.();
			};
		},
	};
}
