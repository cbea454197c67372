/**
 * A note's own thread for edits in place, found again in the log (issue 34): "Edit selection with
 * Redline" continues it after a reload instead of starting another "Edit in …". The thread list
 * names each such thread's note (ThreadSummary.inPlaceNote: the note of its latest edit in place),
 * newest first. Index entries written before that field name the note only in their title, given
 * at creation. A note renamed since its thread last asked is found through its history, which
 * follows renames and names the threads whose edits it holds (a thread that never wrote to the
 * note cannot be found that way: a new one is started). Plain TypeScript.
 */
import type { ThreadService, ThreadSummary } from "../thread/service-api";

/** The title of a note's own thread, given when it is made. */
export function noteThreadTitle(path: string): string {
	return `Edit in ${path}`;
}

/** The note a thread made by the command is for: the field, or an older entry's title; undefined for other threads. */
function noteOf(thread: ThreadSummary): string | undefined {
	if (thread.inPlaceNote !== undefined) return thread.inPlaceNote;
	const title = thread.title ?? "";
	const prefix = noteThreadTitle("");
	return title.startsWith(prefix) && title.length > prefix.length ? title.slice(prefix.length) : undefined;
}

/** The newest thread that is path's own, or null (none, or the service cannot tell). */
export async function findNoteThread(
	service: Pick<ThreadService, "listThreads" | "listHistory">,
	path: string,
): Promise<string | null> {
	const listed = await service.listThreads();
	if (!listed.ok) return null;
	const threads = listed.threads.filter((t) => noteOf(t) !== undefined);
	const own = threads.find((t) => noteOf(t) === path);
	if (own) return own.threadId;
	if (threads.length === 0) return null;
	const history = await service.listHistory({ path });
	if (!history.ok) return null;
	const wrote = new Set(history.entries.map((entry) => entry.threadId));
	return threads.find((t) => wrote.has(t.threadId))?.threadId ?? null;
}
