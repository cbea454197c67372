/**
 * The thread list names a note's own thread for edits in place (ThreadSummary.inPlaceNote, issue
 * 34), derived from the log: a thread whose first message is an edit in place, named by the note
 * of its latest one (so a continued thread follows a rename). It survives a restart in the saved
 * index, and an index saved before the field still loads.
 */
import { describe, expect, it } from "vitest";
import { MemoryStore } from "../../src/store/memory-store";
import { THREAD_INDEX_KEY } from "../../src/thread/thread-index";
import type { EditSelection } from "../../src/log/events";
import { makeService, mustCreate } from "./support/service";

const at = (path: string): EditSelection => ({ path, from: 0, to: 4, text: "Trip" });

describe("ThreadSummary.inPlaceNote", () => {
	it("names the note of the thread's latest edit in place, and is kept in the saved index", async () => {
		const store = new MemoryStore();
		const { service } = makeService({ store });
		const threadId = await mustCreate(service, "Edit in Trip.md");
		await service.sendMessage({ threadId, content: "shorter", selection: at("Trip.md") });
		await service.idle(threadId);
		let listed = await service.listThreads();
		expect(listed.ok && listed.threads.map((t) => t.inPlaceNote)).toEqual(["Trip.md"]);
		// The note renamed, and the thread continued on it.
		await service.sendMessage({ threadId, content: "more formal", selection: at("Trips/Japan.md") });
		await service.idle(threadId);
		listed = await service.listThreads();
		expect(listed.ok && listed.threads.map((t) => t.inPlaceNote)).toEqual(["Trips/Japan.md"]);
		await service.close();
		const saved = JSON.parse((await store.read(THREAD_INDEX_KEY)) ?? "") as { threads: unknown[] };
		expect(saved.threads).toEqual([expect.objectContaining({ threadId, inPlaceNote: "Trips/Japan.md" })]);
		const again = makeService({ store }).service;
		const reloaded = await again.listThreads();
		expect(reloaded.ok && reloaded.threads.map((t) => [t.threadId, t.inPlaceNote])).toEqual([
			[threadId, "Trips/Japan.md"],
		]);
		await again.close();
	});

	it("is absent for a chat that was asked an edit in place after other messages", async () => {
		const { service } = makeService();
		const threadId = await mustCreate(service, "Planning");
		await service.sendMessage({ threadId, content: "hello" });
		await service.idle(threadId);
		await service.sendMessage({ threadId, content: "shorter", selection: at("Trip.md") });
		await service.idle(threadId);
		const listed = await service.listThreads();
		expect(listed.ok && listed.threads[0]).not.toHaveProperty("inPlaceNote");
		await service.close();
	});

	it("loads an index saved before the field; the entry gets it once its thread is written again", async () => {
		const store = new MemoryStore();
		const first = makeService({ store }).service;
		const threadId = await mustCreate(first, "Edit in Trip.md");
		await first.sendMessage({ threadId, content: "shorter", selection: at("Trip.md") });
		await first.idle(threadId);
		await first.close();
		const saved = JSON.parse((await store.read(THREAD_INDEX_KEY)) ?? "") as { threads: Record<string, unknown>[] };
		for (const entry of saved.threads) delete entry.inPlaceNote;
		await store.write(THREAD_INDEX_KEY, JSON.stringify(saved));
		const second = makeService({ store }).service;
		const listed = await second.listThreads();
		expect(listed.ok && listed.threads.map((t) => [t.threadId, t.title])).toEqual([[threadId, "Edit in Trip.md"]]);
		await second.sendMessage({ threadId, content: "again", selection: at("Trip.md") });
		await second.idle(threadId);
		const after = await second.listThreads();
		expect(after.ok && after.threads.map((t) => t.inPlaceNote)).toEqual(["Trip.md"]);
		await second.close();
	});
});
