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

/** `created`: the edit created Daily.md (the note was not there before it). */
export async function editedThread(options: { created?: boolean } = {}) {
	const created = options.created === true;
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
