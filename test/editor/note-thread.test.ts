/**
 * Which thread "Edit selection with Redline" continues for a note (issue 34), from the thread list
 * and the note's history, never from memory: the newest thread named for the note; an older index
 * entry by its title; a note renamed since by the threads its history names; a chat is never one.
 */
import { describe, expect, it } from "vitest";
import { findNoteThread, noteThreadTitle } from "../../src/editor/note-thread";
import type { HistoryEntrySummary, ThreadService, ThreadSummary } from "../../src/thread/service-api";

const AT = "2026-12-04T10:00:00.000Z";

function thread(threadId: string, extra: Partial<ThreadSummary> = {}): ThreadSummary {
	return { threadId, createdAt: AT, updatedAt: AT, lastSeq: 3, ...extra };
}

/** A service with these threads (newest first, as v1.thread.list answers) and per-note histories. */
function service(
	threads: ThreadSummary[],
	histories: Record<string, string[]> = {},
): Pick<ThreadService, "listThreads" | "listHistory"> {
	return {
		listThreads: () => Promise.resolve({ ok: true, threads }),
		listHistory: ({ path }) =>
			Promise.resolve({
				ok: true,
				entries: (histories[path] ?? []).map((threadId, i): HistoryEntrySummary => ({
					versionId: `v${i}`,
					path,
					at: AT,
					description: "edit",
					threadId,
					added: 1,
					removed: 1,
					diff: "",
					kind: "edit",
				})),
			}),
	};
}

describe("findNoteThread", () => {
	it("finds the newest thread named for the note", async () => {
		const threads = [
			thread("other", { inPlaceNote: "Other.md", title: "Edit in Other.md" }),
			thread("newer", { inPlaceNote: "Trip.md", title: "Renamed by the user" }),
			thread("older", { inPlaceNote: "Trip.md", title: "Edit in Trip.md" }),
		];
		expect(await findNoteThread(service(threads), "Trip.md")).toBe("newer");
	});

	it("finds an index entry written before inPlaceNote by the title it was made with", async () => {
		const threads = [thread("chat", { title: "Planning" }), thread("old", { title: noteThreadTitle("Trip.md") })];
		expect(await findNoteThread(service(threads), "Trip.md")).toBe("old");
		expect(await findNoteThread(service(threads), "Trip")).toBeNull();
	});

	it("finds the thread of a note renamed since through the note's history", async () => {
		const threads = [thread("chat", { title: "Planning" }), thread("own", { inPlaceNote: "Trip.md" })];
		const found = await findNoteThread(service(threads, { "Trips/Japan.md": ["chat", "own"] }), "Trips/Japan.md");
		expect(found).toBe("own");
	});

	it("never takes a chat, even one that wrote to the note", async () => {
		const threads = [thread("chat", { title: "Planning" })];
		expect(await findNoteThread(service(threads, { "Trip.md": ["chat"] }), "Trip.md")).toBeNull();
	});

	it("finds none when the service cannot list (a new thread is made)", async () => {
		const failing: Pick<ThreadService, "listThreads" | "listHistory"> = {
			listThreads: () => Promise.resolve({ ok: false, error: { code: "unavailable", message: "down" } }),
			listHistory: () => Promise.resolve({ ok: false, error: { code: "unavailable", message: "down" } }),
		};
		expect(await findNoteThread(failing, "Trip.md")).toBeNull();
	});
});
