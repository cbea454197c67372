// @vitest-environment happy-dom
/**
 * A change set (issue 31): the edits one reply drafted form one card, "N notes · +a −r", with
 * Accept all and Reject all over every waiting draft and a decision per note; up to five notes
 * show their own cards, above five each is a row that opens on demand, and "Review one by one"
 * walks them. Every decision goes through the single-note contract (decideToolCalls per call).
 */
import { cleanup, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { EventScript } from "./support/events";
import { renderThread } from "./support/render";

afterEach(cleanup);

/** One reply that declared an intent for each note; `offered` of them have their draft waiting, the rest are still drafted. */
function setScript(count: number, offered = count): EventScript {
	const s = new EventScript("thread_1").user("m1", "Close every project").assistant("a1", "");
	for (let i = 1; i <= count; i++) {
		const path = `Projects/P${i}.md`;
		const description = `close project ${i}`;
		s.add({ type: "edit_intent_declared", editId: `e${i}`, callId: `c${i}`, path, operation: "modify", description });
		s.propose("a1", `c${i}`, "declareEditIntent", { path, operation: "modify", description });
	}
	for (let i = 1; i <= count; i++) s.run(`c${i}`);
	for (let i = 1; i <= offered; i++)
		s.add({
			type: "edit_proposed",
			editId: `e${i}`,
			callId: `c${i}`,
			path: `Projects/P${i}.md`,
			changes: [{ changeId: "c1", before: "status: open\n", after: "status: done\nclosed: today\n", startLine: 2 }],
		});
	s.add({ type: "status", status: "waiting_for_review" });
	return s;
}

const set = () => screen.getByRole("region", { name: /^Change set:/ });

describe("a change set of three notes", () => {
	it("is one card with the notes' total, each note's own card inside it", async () => {
		await renderThread(setScript(3));
		expect(set().getAttribute("aria-label")).toBe("Change set: 3 notes");
		expect(within(set()).getByText("3 waiting for you")).toBeTruthy();
		// +2 −1 a note, three notes.
		expect(within(set()).getByText("+6")).toBeTruthy();
		expect(within(set()).getByText("−3")).toBeTruthy();
		for (let i = 1; i <= 3; i++)
			expect(within(set()).getByRole("group", { name: `Edit Projects/P${i}.md` })).toBeTruthy();
		// Nothing of the set is drawn twice outside it.
		expect(screen.getAllByRole("group", { name: /^Edit Projects\// })).toHaveLength(3);
	});

	it("Accept all notes accepts every waiting draft, Reject all notes rejects them, through decideToolCalls", async () => {
		const { service, user } = await renderThread(setScript(3));
		await user.click(within(set()).getByRole("button", { name: "Accept all notes" }));
		expect(service.callsOf("decideToolCalls")).toEqual([
			{ threadId: "thread_1", approved: ["c1", "c2", "c3"], denied: [] },
		]);
		cleanup();
		const second = await renderThread(setScript(3));
		await second.user.click(within(set()).getByRole("button", { name: "Reject all notes" }));
		expect(second.service.callsOf("decideToolCalls")).toEqual([
			{ threadId: "thread_1", approved: [], denied: ["c1", "c2", "c3"] },
		]);
	});

	it("offers only the drafts that are ready: Accept the 2 ready notes while the third is still drafted", async () => {
		const { service, user } = await renderThread(setScript(3, 2));
		expect(within(set()).getByText("2 waiting for you")).toBeTruthy();
		await user.click(within(set()).getByRole("button", { name: "Accept the 2 ready notes" }));
		expect(service.callsOf("decideToolCalls")).toEqual([{ threadId: "thread_1", approved: ["c1", "c2"], denied: [] }]);
	});

	it("a reply with one draft keeps its own card, with no set around it", async () => {
		await renderThread(setScript(1));
		expect(screen.queryByRole("region", { name: /^Change set:/ })).toBeNull();
		expect(screen.getByRole("group", { name: "Edit Projects/P1.md" })).toBeTruthy();
	});
});

describe("a change set of more than five notes", () => {
	it("shows each note as a row that opens its card on demand, with a decision per note", async () => {
		const { service, user } = await renderThread(setScript(8));
		const rows = within(set()).getAllByRole("button", { expanded: false });
		expect(rows).toHaveLength(8);
		expect(within(set()).queryByRole("group", { name: /^Edit / })).toBeNull();
		await user.click(rows[2]);
		expect(within(set()).getByRole("group", { name: "Edit Projects/P3.md" })).toBeTruthy();
		await user.click(within(set()).getByRole("button", { name: "Reject the changes to Projects/P5.md" }));
		expect(service.callsOf("decideToolCalls")).toEqual([{ threadId: "thread_1", approved: [], denied: ["c5"] }]);
	});

	it("Review one by one walks the notes with Previous and Next, by keyboard too", async () => {
		const { user } = await renderThread(setScript(8));
		await user.click(within(set()).getByRole("button", { name: "Review one by one" }));
		expect(within(set()).getByText("Note 1 of 8")).toBeTruthy();
		expect(within(set()).getByRole("group", { name: "Edit Projects/P1.md" })).toBeTruthy();
		const next = within(set()).getByRole("button", { name: "Next note" });
		next.focus();
		await user.keyboard("{Enter}");
		expect(within(set()).getByText("Note 2 of 8")).toBeTruthy();
		expect(within(set()).getByRole("group", { name: "Edit Projects/P2.md" })).toBeTruthy();
		expect(within(set()).queryByRole("group", { name: "Edit Projects/P1.md" })).toBeNull();
		await user.click(within(set()).getByRole("button", { name: "Previous note" }));
		expect(within(set()).getByText("Note 1 of 8")).toBeTruthy();
		expect(within(set()).getByRole("button", { name: "Previous note" }).getAttribute("aria-disabled")).toBe("true");
	});
});

describe("moves and deletes in a change set", () => {
	/** Two drafts waiting, then a move and a delete of the same reply, asked about. */
	function mixedScript(): EventScript {
		const s = setScript(2);
		s.add({
			type: "edit_intent_declared",
			editId: "e_mv",
			callId: "c_mv",
			path: "Projects/Old.md",
			operation: "move",
			description: "move to Archive/Old.md",
		});
		s.propose("a1", "c_mv", "moveNote", { path: "Projects/Old.md", newPath: "Archive/Old.md" });
		s.add({ type: "tool_call_progress", callId: "c_mv", phase: "preview", changes: 2 });
		s.add({
			type: "edit_intent_declared",
			editId: "e_rm",
			callId: "c_rm",
			path: "Projects/Done.md",
			operation: "delete",
			description: "delete",
		});
		s.propose("a1", "c_rm", "deleteNote", { path: "Projects/Done.md" });
		return s;
	}

	it("join the set as notes that wait for the user, and Accept all notes approves them with the drafts", async () => {
		const { service, user } = await renderThread(mixedScript());
		expect(set().getAttribute("aria-label")).toBe("Change set: 4 notes");
		expect(within(set()).getByText("4 waiting for you")).toBeTruthy();
		expect(within(set()).getByRole("group", { name: "Edit Projects/Old.md" })).toBeTruthy();
		expect(within(set()).getByRole("group", { name: "Edit Projects/Done.md" })).toBeTruthy();
		// Each is drawn once, inside the set.
		expect(screen.getAllByRole("group", { name: /^Edit Projects\// })).toHaveLength(4);
		await user.click(within(set()).getByRole("button", { name: "Accept all notes" }));
		expect(service.callsOf("decideToolCalls")).toEqual([
			{ threadId: "thread_1", approved: ["c1", "c2", "c_mv", "c_rm"], denied: [] },
		]);
	});

	it("Reject all notes skips them with the drafts; a decided move no longer waits", async () => {
		const s = mixedScript();
		const { service, user } = await renderThread(s);
		await user.click(within(set()).getByRole("button", { name: "Reject all notes" }));
		expect(service.callsOf("decideToolCalls")).toEqual([
			{ threadId: "thread_1", approved: [], denied: ["c1", "c2", "c_mv", "c_rm"] },
		]);
		cleanup();
		const decided = mixedScript();
		decided.decide("c_mv", "approved").decide("c_rm", "denied");
		await renderThread(decided);
		expect(within(set()).getByText("2 waiting for you")).toBeTruthy();
	});
});
