/**
 * A thread whose edit of Daily.md was drafted for review (review before write): the intent, the
 * draft being made, then edit_proposed with its changes and the status waiting_for_review. Shared
 * by the review card's tests, the Obsidian host's and the bench.
 */
import type { ReviewChange } from "../../../src/log/events";
import { EventScript } from "./events";

export const THREE_CHANGES: ReviewChange[] = [
	{ changeId: "c1", before: "Walk the dog\n", after: "Walk the cat\n", startLine: 2 },
	{ changeId: "c2", before: "Buy milk and bread\n", after: "Buy oat milk\n", startLine: 4 },
	{ changeId: "c3", before: "", after: "Call Ana\n", startLine: 7 },
];

/** `n` one-line changes, each on its own paragraph: "Line k of the note" → "Line k, revised". */
export function manyChanges(n: number): ReviewChange[] {
	return Array.from({ length: n }, (_, i) => ({
		changeId: `c${i + 1}`,
		before: `Line ${i + 1} of the note\n`,
		after: `Line ${i + 1}, revised\n`,
		startLine: 1 + i * 2,
	}));
}

/** The edit declared and being drafted; `progress`: edit blocks counted so far. */
export function draftingScript(progress?: number, threadId = "thread_1"): EventScript {
	const s = new EventScript(threadId).user("m1", "Tidy my daily note").assistant("a1", "");
	s.add({
		type: "edit_intent_declared",
		editId: "e1",
		callId: "c_edit",
		path: "Daily.md",
		operation: "modify",
		description: "tidy the shopping list",
	});
	s.propose("a1", "c_edit", "declareEditIntent", {
		path: "Daily.md",
		operation: "modify",
		description: "tidy the shopping list",
	});
	s.run("c_edit");
	if (progress !== undefined)
		s.add({ type: "tool_call_progress", callId: "c_edit", phase: "generating", changes: progress });
	return s;
}

/** The draft offered for review. */
export function draftScript(changes: ReviewChange[] = THREE_CHANGES, threadId = "thread_1"): EventScript {
	const s = draftingScript(changes.length, threadId);
	s.add({ type: "edit_proposed", editId: "e1", callId: "c_edit", path: "Daily.md", changes });
	s.add({ type: "status", status: "waiting_for_review" });
	return s;
}
