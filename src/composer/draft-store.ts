/**
 * Where a drafted edit waits for its review (review before write): the note as it was drafted
 * from and the draft itself, whole, in the Store under drafts/<threadId>/<callId>.json. The log's
 * edit_proposed carries only the changes; with this record a restart or a reload re-arms the same
 * review (the changes are a pure function of base and draft), and accepting after it writes.
 * Saved before edit_proposed is appended, so a log that offers a review always finds its draft.
 */
import type { Store } from "../store/store";
import type { Dropped } from "./dropped";
import type { EditNotes } from "./edit-outcome";

export interface DraftRecord {
	editId: string;
	path: string;
	description: string;
	/** The note as read before drafting (raw text), or null for a note the edit creates. */
	base: string | null;
	/** The validated draft, as the note would be stored (raw text, the note's own format). */
	draft: string;
	notes: EditNotes;
	dropped: Dropped[];
}

export function draftKey(threadId: string, callId: string): string {
	return `drafts/${threadId}/${callId}.json`;
}

export async function saveDraft(store: Store, threadId: string, callId: string, record: DraftRecord): Promise<void> {
	await store.write(draftKey(threadId, callId), JSON.stringify(record));
}

/** The kept draft, or null when it is missing or unreadable (the review then writes nothing). */
export async function loadDraft(store: Store, threadId: string, callId: string): Promise<DraftRecord | null> {
	const text = await store.read(draftKey(threadId, callId));
	if (text === null) return null;
	try {
		const record = JSON.parse(text) as Partial<DraftRecord>;
		if (typeof record.editId !== "string" || typeof record.path !== "string" || typeof record.draft !== "string")
			return null;
		if (record.base !== null && typeof record.base !== "string") return null;
		return {
			editId: record.editId,
			path: record.path,
			description: record.description ?? "",
			base: record.base,
			draft: record.draft,
			notes: record.notes ?? {},
			dropped: record.dropped ?? [],
		};
	} catch {
		return null;
	}
}

/** Forgets every draft of a thread (the thread was deleted). */
export async function removeDrafts(store: Store, threadId: string): Promise<void> {
	for (const key of await store.list(`drafts/${threadId}/`)) await store.remove(key);
}

/**
 * Forgets the drafts whose call no longer needs them. A draft is kept until its call completed:
 * a call reviewed but not yet written (a crash between the decision and the write) still writes
 * from it on the next open.
 */
export async function forgetSettledDrafts(
	store: Store,
	threadId: string,
	stillNeeded: (callId: string) => boolean,
): Promise<void> {
	const prefix = `drafts/${threadId}/`;
	for (const key of await store.list(prefix)) {
		const callId = key.slice(prefix.length).replace(/\.json$/, "");
		if (!stillNeeded(callId)) await store.remove(key);
	}
}
