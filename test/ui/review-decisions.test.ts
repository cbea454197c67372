/**
 * The choices on a waiting draft, shared by the card and the editor: one store, snapshots that
 * change only when a choice does, listeners told which draft changed, and the review they make
 * once every change has a choice (each changeId once; the user's own text only where it differs).
 */
import { describe, expect, it } from "vitest";
import { decidedReview, ReviewDecisions } from "../../src/ui/review-decisions";

const CHANGES = [
	{ changeId: "c1", after: "one\n" },
	{ changeId: "c2", after: "two\n" },
	{ changeId: "c3", after: "" },
];

describe("the shared review choices", () => {
	it("holds each draft's choices apart, and tells listeners which draft changed", () => {
		const store = new ReviewDecisions();
		const told: string[] = [];
		const unsubscribe = store.subscribe((editId) => told.push(editId));
		store.set("e1", "c1", { kind: "accepted" });
		store.set("e2", "c1", { kind: "rejected" });
		expect([...store.get("e1")]).toEqual([["c1", { kind: "accepted" }]]);
		expect([...store.get("e2")]).toEqual([["c1", { kind: "rejected" }]]);
		expect(told).toEqual(["e1", "e2"]);
		unsubscribe();
		store.set("e1", "c2", { kind: "rejected" });
		expect(told).toEqual(["e1", "e2"]);
	});

	it("answers the same snapshot until a choice changes, so a React reader renders only then", () => {
		const store = new ReviewDecisions();
		const empty = store.get("e1");
		expect(store.get("e1")).toBe(empty);
		store.set("e1", "c1", { kind: "accepted" });
		const one = store.get("e1");
		expect(one).not.toBe(empty);
		const told: string[] = [];
		store.subscribe((editId) => told.push(editId));
		store.set("e1", "c1", { kind: "accepted" });
		expect(store.get("e1")).toBe(one);
		expect(told).toEqual([]);
		store.set("e1", "c1", { kind: "replaced", text: "mine" });
		store.set("e1", "c1", { kind: "replaced", text: "mine" });
		expect(told).toEqual(["e1"]);
	});

	it("clears one choice, or a whole draft", () => {
		const store = new ReviewDecisions();
		store.set("e1", "c1", { kind: "accepted" });
		store.set("e1", "c2", { kind: "accepted" });
		store.set("e1", "c1", undefined);
		expect([...store.get("e1").keys()]).toEqual(["c2"]);
		store.clear("e1");
		expect(store.get("e1").size).toBe(0);
	});

	it("makes the review only once every change has a choice, each changeId once, in the draft's order", () => {
		const choices = new Map([
			["c3", { kind: "accepted" as const }],
			["c1", { kind: "rejected" as const }],
		]);
		expect(decidedReview(CHANGES, choices)).toBeNull();
		choices.set("c2", { kind: "accepted" as const });
		expect(decidedReview(CHANGES, choices)).toEqual({ accepted: ["c2", "c3"], rejected: ["c1"] });
	});

	it("sends the user's own text only where it differs from the draft's", () => {
		const choices = new Map<string, Parameters<ReviewDecisions["set"]>[2] & object>([
			["c1", { kind: "replaced", text: "one" }],
			["c2", { kind: "replaced", text: "my two" }],
			["c3", { kind: "rejected" }],
		]);
		expect(decidedReview(CHANGES, choices)).toEqual({
			accepted: ["c1", "c2"],
			rejected: ["c3"],
			replaced: { c2: "my two" },
		});
	});
});
