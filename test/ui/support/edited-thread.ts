/**
 * A thread whose edit of Daily.md (dog -> cat) was applied, over the real service and history: its
 * log in the store, its entry in the history. Shared by the edit card's tests.
 */
import { createNoteHistory } from "../../../src/history/note-history";
import { MemoryStore } from "../../../src/store/memory-store";
import { LocalThreadService } from "../../../src/thread/service";
import { MemoryVault } from "../../../src/vault/memory-vault";
import { EventScript } from "./events";

export const BEFORE = "# Daily\nWalk the dog\nBuy milk\n";
export const AFTER = "# Daily\nWalk the cat\nBuy milk\n";

/**
 * `created`: the edit created Daily.md (the note was not there before it). `deleted`: the edit
 * is deleteNote's, which moved Daily.md to the trash. `moved`: moveNote's, which moved Daily.md
 * to Archive/Day.md, updating the link in Index.md (MOVED_NOTES).
 */
export async function editedThread(options: { created?: boolean; deleted?: boolean; moved?: boolean } = {}) {
	const created = options.created === true;
	if (options.deleted === true) return deletedThread();
	if (options.moved === true) return movedThread();
	const vault = new MemoryVault("v", created ? {} : { "Daily.md": BEFORE });
	const store = new MemoryStore();
	const history = createNoteHistory({ vault, store });
	const s = new EventScript("t_edited").user("m1", "Change the dog to a cat").assistant("a1", "");
	s.add({
		type: "edit_intent_declared",
		editId: "e1",
		callId: "c_edit",
		path: "Daily.md",
		operation: created ? "create" : "modify",
		description: "replace dog with cat",
	});
	s.propose("a1", "c_edit", "declareEditIntent", {
		path: "Daily.md",
		operation: created ? "create" : "modify",
		description: "replace dog with cat",
	});
	s.decide("c_edit", "approved").run("c_edit");
	const request = { path: "Daily.md", description: "replace dog with cat", threadId: "t_edited", editId: "e1" };
	const written = created
		? await history.create({ ...request, content: AFTER })
		: await history.write({ ...request, base: BEFORE, proposed: AFTER });
	if (written.status !== "written") throw new Error(written.status);
	const { versionId, added, removed } = written.entry;
	s.add({ type: "edit_applied", editId: "e1", path: "Daily.md", versionId, added, removed });
	s.add({
		type: "tool_call_completed",
		callId: "c_edit",
		result: { status: "success", message: "Edited Daily.md", path: "Daily.md", data: { versionId, added, removed } },
	});
	s.status("idle");
	await store.append("threads/t_edited.jsonl", s.events.map((e) => JSON.stringify(e) + "\n").join(""));
	const service = new LocalThreadService({ store, history });
	return { vault, store, history, service };
}

/** A thread whose deleteNote call moved Daily.md (BEFORE) to the trash, through the history. */
async function deletedThread() {
	const vault = new MemoryVault("v", { "Daily.md": BEFORE });
	const store = new MemoryStore();
	const history = createNoteHistory({ vault, store });
	const s = new EventScript("t_edited").user("m1", "Delete Daily.md").assistant("a1", "");
	s.add({
		type: "edit_intent_declared",
		editId: "e1",
		callId: "c_edit",
		path: "Daily.md",
		operation: "delete",
		description: "delete the note",
	});
	s.propose("a1", "c_edit", "deleteNote", { path: "Daily.md" });
	s.decide("c_edit", "approved").run("c_edit");
	const written = await history.trash({
		path: "Daily.md",
		description: "Delete Daily.md",
		threadId: "t_edited",
		editId: "e1",
	});
	if (written.status !== "written") throw new Error(written.status);
	const { versionId, added, removed } = written.entry;
	s.add({ type: "edit_applied", editId: "e1", path: "Daily.md", versionId, added, removed });
	s.add({
		type: "tool_call_completed",
		callId: "c_edit",
		result: {
			status: "success",
			message: "Moved Daily.md to the trash",
			path: "Daily.md",
			data: { versionId, added, removed, trashed: true },
		},
	});
	s.status("idle");
	await store.append("threads/t_edited.jsonl", s.events.map((e) => JSON.stringify(e) + "\n").join(""));
	const service = new LocalThreadService({ store, history });
	return { vault, store, history, service };
}

export const MOVED_NOTES = { "Daily.md": BEFORE, "Index.md": "See [[Daily]].\n" };

/** A thread whose moveNote call moved Daily.md to Archive/Day.md, through the history (Index.md links to it). */
async function movedThread() {
	const vault = new MemoryVault("v", MOVED_NOTES);
	const store = new MemoryStore();
	const history = createNoteHistory({ vault, store });
	const s = new EventScript("t_edited").user("m1", "Archive Daily.md").assistant("a1", "");
	s.add({
		type: "edit_intent_declared",
		editId: "e1",
		callId: "c_edit",
		path: "Daily.md",
		operation: "move",
		description: "move to Archive/Day.md",
	});
	s.propose("a1", "c_edit", "moveNote", { path: "Daily.md", newPath: "Archive/Day.md" });
	s.decide("c_edit", "approved").run("c_edit");
	const written = await history.move({
		path: "Daily.md",
		newPath: "Archive/Day.md",
		description: "Move Daily.md to Archive/Day.md",
		threadId: "t_edited",
		editId: "e1",
	});
	if (written.status !== "written") throw new Error(written.status);
	const { versionId, added, removed } = written.entry;
	s.add({ type: "edit_applied", editId: "e1", path: "Daily.md", versionId, added, removed });
	s.add({
		type: "tool_call_completed",
		callId: "c_edit",
		result: {
			status: "success",
			message: "Moved Daily.md to Archive/Day.md",
			path: "Archive/Day.md",
			data: { versionId, added, removed, movedTo: "Archive/Day.md", linksUpdated: 1 },
		},
	});
	s.status("idle");
	await store.append("threads/t_edited.jsonl", s.events.map((e) => JSON.stringify(e) + "\n").join(""));
	const service = new LocalThreadService({ store, history });
	return { vault, store, history, service };
}
