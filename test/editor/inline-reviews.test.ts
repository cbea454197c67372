/**
 * What the open notes show of the chat the pane shows (src/editor/inline-reviews.ts): a draft
 * waiting for review goes to its note's editors with the shared choices; a choice made in the
 * editor is the card's choice too; the review is sent once, when the editor decides the last
 * change; a settled draft leaves the editors; a write seen while following marks its lines (and
 * the writes before the pane looked do not).
 */
import { describe, expect, it } from "vitest";
import { project } from "../../src/log/projection";
import type { ThreadState } from "../../src/log/state";
import { InlineReviews, type InlineReview, type LineRange } from "../../src/editor";
import { ReviewDecisions } from "../../src/ui/review-decisions";
import { EventScript } from "../ui/support/events";
import { FakeThreadService } from "../ui/support/fake-service";

const CHANGES = [
	{ changeId: "c1", before: "milk\n", after: "oat milk\n", startLine: 3 },
	{ changeId: "c2", before: "eggs\n", after: "", startLine: 5 },
];

/** A thread whose edit e1 of Daily.md waits for review. */
function waiting(): EventScript {
	const script = new EventScript("t1").user("m1", "Tidy Daily");
	script.propose("a1", "call1", "declareEditIntent", { path: "Daily.md", operation: "modify", description: "Tidy" });
	script.add({
		type: "edit_intent_declared",
		editId: "e1",
		callId: "call1",
		path: "Daily.md",
		operation: "modify",
		description: "Tidy",
	});
	script.add({ type: "edit_proposed", editId: "e1", callId: "call1", path: "Daily.md", changes: CHANGES });
	script.add({ type: "status", status: "waiting_for_review" });
	return script;
}

function setup() {
	const service = new FakeThreadService();
	const decisions = new ReviewDecisions();
	const reviews = new Map<string, InlineReview | null>();
	const written: [string, readonly LineRange[] | null][] = [];
	const left: string[] = [];
	const inline = new InlineReviews({
		service,
		decisions,
		editors: {
			setReview: (path, review) => reviews.set(path, review),
			setWrittenLines: (path, ranges) => written.push([path, ranges]),
		},
		onLeave: (editId) => left.push(editId),
	});
	return { service, decisions, reviews, written, left, inline };
}

const state = (script: EventScript): ThreadState => project(script.threadId, script.events);
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("the open notes follow the chat the pane shows", () => {
	it("shows a waiting draft in its note with no choice made, and Esc leaves for the draft's card", () => {
		const { reviews, left, inline } = setup();
		inline.follow(state(waiting()));
		const review = reviews.get("Daily.md")!;
		expect(review.editId).toBe("e1");
		expect(review.changes).toEqual(CHANGES);
		expect(review.decisions).toEqual({});
		review.onLeave();
		expect(left).toEqual(["e1"]);
	});

	it("puts a choice made in the editor in the shared store, and shows one made on the card", () => {
		const { reviews, decisions, service, inline } = setup();
		inline.follow(state(waiting()));
		reviews.get("Daily.md")!.onDecide("c1", "accepted");
		expect([...decisions.get("e1")]).toEqual([["c1", { kind: "accepted" }]]);
		expect(reviews.get("Daily.md")!.decisions).toEqual({ c1: "accepted" });
		// A choice made on the card shows in the editor.
		decisions.set("e1", "c2", { kind: "rejected" });
		expect(reviews.get("Daily.md")!.decisions).toEqual({ c1: "accepted", c2: "rejected" });
		// A choice made on the card is the card's to send (its Apply).
		expect(service.callsOf("reviewEdit")).toEqual([]);
	});

	it("sends the review once, when the editor decides the last change, keeping text the user rewrote on the card", async () => {
		const { reviews, decisions, service, inline } = setup();
		inline.follow(state(waiting()));
		decisions.set("e1", "c1", { kind: "replaced", text: "almond milk" });
		reviews.get("Daily.md")!.onDecide("c1", "accepted");
		expect(service.callsOf("reviewEdit")).toEqual([]);
		reviews.get("Daily.md")!.onDecide("c2", "rejected");
		reviews.get("Daily.md")!.onDecide("c2", "rejected");
		expect(service.callsOf("reviewEdit")).toEqual([
			{ threadId: "t1", editId: "e1", accepted: ["c1"], rejected: ["c2"], replaced: { c1: "almond milk" } },
		]);
		await settle();
	});

	it("lets the editor send again when the service refused the review, and says why", async () => {
		const service = new FakeThreadService();
		const errors: string[] = [];
		const reviews = new Map<string, InlineReview | null>();
		const inline = new InlineReviews({
			service,
			decisions: new ReviewDecisions(),
			editors: { setReview: (path, review) => reviews.set(path, review), setWrittenLines: () => undefined },
			onError: (message) => errors.push(message),
		});
		inline.follow(state(waiting()));
		service.failNext.set("reviewEdit", { ok: false, error: { code: "busy", message: "The thread is busy" } });
		reviews.get("Daily.md")!.onDecide("c1", "accepted");
		reviews.get("Daily.md")!.onDecide("c2", "accepted");
		await settle();
		expect(errors).toEqual(["The thread is busy"]);
		reviews.get("Daily.md")!.onDecide("c2", "rejected");
		expect(service.callsOf("reviewEdit")).toHaveLength(2);
	});

	it("takes a settled draft out of the editors and forgets its choices; a pane with no chat shows nothing", () => {
		const { reviews, decisions, inline } = setup();
		const script = waiting();
		inline.follow(state(script));
		decisions.set("e1", "c1", { kind: "accepted" });
		script.add({ type: "edit_reviewed", editId: "e1", callId: "call1", accepted: [], rejected: ["c1", "c2"] });
		inline.follow(state(script));
		expect(reviews.get("Daily.md")).toBeNull();
		expect(decisions.get("e1").size).toBe(0);
		inline.follow(state(waiting()));
		expect(reviews.get("Daily.md")?.editId).toBe("e1");
		inline.follow(null);
		expect(reviews.get("Daily.md")).toBeNull();
	});

	it("marks the lines of a write it saw happen, from the history entry, and not the writes before it looked", async () => {
		const { service, written, inline } = setup();
		const script = waiting();
		script.add({ type: "edit_applied", editId: "e0", path: "Old.md", versionId: "v0", added: 1, removed: 0 });
		inline.follow(state(script));
		service.history.set("Daily.md", [
			{
				versionId: "v1",
				path: "Daily.md",
				at: "2026-01-10T10:00:00Z",
				description: "Tidy",
				editId: "e1",
				added: 1,
				removed: 2,
				diff: "@@ -1,5 +1,4 @@\n # Daily\n \n-milk\n+oat milk\n \n-eggs\n",
				kind: "edit",
			},
		]);
		script.add({ type: "edit_reviewed", editId: "e1", callId: "call1", accepted: ["c1", "c2"], rejected: [] });
		script.add({ type: "edit_applied", editId: "e1", path: "Daily.md", versionId: "v1", added: 1, removed: 2 });
		inline.follow(state(script));
		await settle();
		expect(service.callsOf("listHistory")).toEqual([{ path: "Daily.md" }]);
		expect(written).toEqual([["Daily.md", [{ from: 3, to: 3 }]]]);
		// Seen once: the next state does not mark it again.
		inline.follow(state(script));
		await settle();
		expect(written).toHaveLength(1);
	});
});
