// @vitest-environment happy-dom
/**
 * A move waiting for the user (issue 31): its card says how many notes' links the move will
 * update, from the count made before anyone decided (tool_call_progress phase "preview"), so the
 * user approves knowing it; without the count yet, it says only where the note goes.
 */
import { cleanup, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { EventScript } from "./support/events";
import { renderThread } from "./support/render";

afterEach(cleanup);

function waitingMove(linkCount?: number): EventScript {
	const s = new EventScript().user("m1", "Archive the daily note").assistant("a1", "");
	s.add({
		type: "edit_intent_declared",
		editId: "e1",
		callId: "c_move",
		path: "Daily.md",
		operation: "move",
		description: "move to Archive/Day.md",
	});
	s.propose("a1", "c_move", "moveNote", { path: "Daily.md", newPath: "Archive/Day.md" });
	if (linkCount !== undefined)
		s.add({ type: "tool_call_progress", callId: "c_move", phase: "preview", changes: linkCount });
	return s;
}

const card = () => screen.getByRole("group", { name: /^Edit / });

describe("a move's card before the user decides", () => {
	it("says how many notes' links the move will update", async () => {
		await renderThread(waitingMove(3));
		expect(within(card()).getByText(/^Move /).textContent).toBe(
			"Move Daily → Archive/Day.md; updates links in 3 notes",
		);
		// The controls are named by what they do, the count included.
		expect(
			within(card())
				.getByRole("button", { name: /^Run: / })
				.getAttribute("aria-label"),
		).toBe("Run: Move Daily.md → Archive/Day.md; updates links in 3 notes");
	});

	it("says a move that updates no links updates links in 0 notes, and nothing about links before the count", async () => {
		await renderThread(waitingMove(0));
		expect(within(card()).getByText(/^Move /).textContent).toMatch(/updates links in 0 notes$/);
		cleanup();
		await renderThread(waitingMove());
		expect(within(card()).getByText(/^Move /).textContent).not.toMatch(/links/);
	});
});
