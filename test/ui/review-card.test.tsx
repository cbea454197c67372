// @vitest-environment happy-dom
/**
 * The edit card's redline (review before write, issue 29; its wording from issue 30): a drafted
 * edit shows each change with its words struck and marked, the user accepts, rejects or rewrites
 * each one (by mouse or keyboard alone), and Apply sends every change decided exactly once. What
 * was decided is shown from the log afterwards, and a reload offers the same open draft again.
 */
import { act, cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { RedlinePane } from "../../src/ui/components/RedlinePane";
import { ReviewDecisions } from "../../src/ui/review-decisions";
import { draftingScript, draftScript, manyChanges, THREE_CHANGES } from "./support/draft-thread";
import { FakeThreadService } from "./support/fake-service";
import { testHost } from "./support/host";
import { renderThread } from "./support/render";

afterEach(cleanup);

const card = () => screen.getByRole("group", { name: "Edit Daily.md" });
const changeList = () => within(card()).getByRole("list", { name: /^Changes to decide/ });
const entries = () => within(changeList()).getAllByRole("listitem");
const reviews = (service: FakeThreadService) => service.callsOf("reviewEdit");

describe("a draft waiting for review", () => {
	it("is titled as what will happen, waits for the user, and shows one entry per change with struck and marked words", async () => {
		await renderThread(draftScript());
		expect(within(card()).getByText(/Tidy the shopping list ·/)).toBeTruthy();
		expect(within(card()).getByText("Waiting for you")).toBeTruthy();
		const items = entries();
		expect(items).toHaveLength(3);
		expect(items.map((li) => li.querySelector(".redline-change-line")?.textContent)).toEqual([
			"Line 2",
			"Line 4",
			"Line 7",
		]);
		// "Walk the dog" → "Walk the cat": only the changed word is struck and marked.
		const first = items[0];
		expect([...first.querySelectorAll("del")].map(visibleText)).toEqual(["dog"]);
		expect([...first.querySelectorAll("ins")].map(visibleText)).toEqual(["cat"]);
		expect(first.textContent).toContain("deleted:");
		expect(first.textContent).toContain("inserted:");
		// An insertion has nothing struck.
		expect(items[2].querySelectorAll("del")).toHaveLength(0);
		expect([...items[2].querySelectorAll("ins")].map(visibleText)).toEqual(["Call Ana"]);
	});

	it("sends the changes accepted and rejected one by one when Apply is pressed", async () => {
		const { service, user } = await renderThread(draftScript());
		await user.click(within(card()).getByRole("button", { name: "Accept change 1 (line 2)" }));
		await user.click(within(card()).getByRole("button", { name: "Reject change 2 (line 4)" }));
		await user.click(within(card()).getByRole("button", { name: "Accept change 3 (line 7)" }));
		expect(within(card()).getByRole("button", { name: "Accept change 1 (line 2)" }).getAttribute("aria-pressed")).toBe(
			"true",
		);
		expect(within(card()).getByText("3 of 3 changes decided")).toBeTruthy();
		await user.click(within(card()).getByRole("button", { name: "Apply 2 of 3 changes" }));
		expect(reviews(service)).toEqual([
			{ threadId: "thread_1", editId: "e1", accepted: ["c1", "c3"], rejected: ["c2"] },
		]);
	});

	it("shares its choices with the note's inline redline: one store, read and written both ways", async () => {
		const decisions = new ReviewDecisions();
		const service = new FakeThreadService();
		const script = draftScript();
		service.addThread(script.threadId, script.events);
		const host = { ...testHost(service), reviewDecisions: decisions };
		const user = userEvent.setup();
		render(<RedlinePane host={host} />);
		await screen.findByRole("log");
		// Rejected in the editor: the card shows it rejected and counts it.
		act(() => decisions.set("e1", "c2", { kind: "rejected" }));
		const reject = within(card()).getByRole("button", { name: "Reject change 2 (line 4)" });
		expect(reject.getAttribute("aria-pressed")).toBe("true");
		expect(within(card()).getByRole("button", { name: "Apply 2 of 3 changes" })).toBeTruthy();
		// Accepted on the card: the editor reads it from the same store; Accept all keeps the editor's text.
		await user.click(within(card()).getByRole("button", { name: "Accept change 1 (line 2)" }));
		expect(decisions.get("e1").get("c1")).toEqual({ kind: "accepted" });
		act(() => decisions.set("e1", "c3", { kind: "replaced", text: "Call Bea" }));
		await user.click(within(card()).getByRole("button", { name: "Accept all" }));
		expect(Object.fromEntries(decisions.get("e1"))).toEqual({
			c1: { kind: "accepted" },
			c2: { kind: "accepted" },
			c3: { kind: "replaced", text: "Call Bea" },
		});
		await user.click(within(card()).getByRole("button", { name: "Apply all 3 changes" }));
		expect(reviews(service)).toEqual([
			{ threadId: "thread_1", editId: "e1", accepted: ["c1", "c2", "c3"], rejected: [], replaced: { c3: "Call Bea" } },
		]);
	});

	it("counts an undecided change as applied, and says so", async () => {
		const { service, user } = await renderThread(draftScript());
		await user.click(within(card()).getByRole("button", { name: "Reject change 2 (line 4)" }));
		expect(within(card()).getByText("2 undecided changes are applied too.")).toBeTruthy();
		await user.click(within(card()).getByRole("button", { name: "Apply 2 of 3 changes" }));
		expect(reviews(service)).toEqual([
			{ threadId: "thread_1", editId: "e1", accepted: ["c1", "c3"], rejected: ["c2"] },
		]);
	});

	it("toggles a choice off when its button is pressed again", async () => {
		const { user } = await renderThread(draftScript());
		const reject = within(card()).getByRole("button", { name: "Reject change 2 (line 4)" });
		await user.click(reject);
		expect(reject.getAttribute("aria-pressed")).toBe("true");
		await user.click(reject);
		expect(reject.getAttribute("aria-pressed")).toBe("false");
		expect(within(card()).getByText("0 of 3 changes decided")).toBeTruthy();
	});

	it("accepts a change with the user's own text in place of the draft's", async () => {
		const { service, user } = await renderThread(draftScript());
		await user.click(within(card()).getByRole("button", { name: "Replace with my text: change 2 (line 4)" }));
		const editor = within(card()).getByRole("textbox", { name: "Your text for change 2 (line 4)" });
		expect((editor as HTMLTextAreaElement).value).toBe("Buy oat milk");
		await user.clear(editor);
		await user.type(editor, "Buy milk, bread and eggs");
		// The redline now shows the user's text against the note's.
		expect([...entries()[1].querySelectorAll("ins")].map(visibleText).join(" ")).toContain("eggs");
		await user.click(within(card()).getByRole("button", { name: "Apply all 3 changes" }));
		expect(reviews(service)).toEqual([
			{
				threadId: "thread_1",
				editId: "e1",
				accepted: ["c1", "c2", "c3"],
				rejected: [],
				replaced: { c2: "Buy milk, bread and eggs" },
			},
		]);
	});

	it("does not send the user's text for a change they then rejected", async () => {
		const { service, user } = await renderThread(draftScript());
		await user.click(within(card()).getByRole("button", { name: "Replace with my text: change 1 (line 2)" }));
		await user.type(within(card()).getByRole("textbox", { name: /Your text for change 1/ }), " now");
		await user.click(within(card()).getByRole("button", { name: "Reject change 1 (line 2)" }));
		await user.click(within(card()).getByRole("button", { name: "Apply 2 of 3 changes" }));
		expect(reviews(service)).toEqual([
			{ threadId: "thread_1", editId: "e1", accepted: ["c2", "c3"], rejected: ["c1"] },
		]);
	});

	it("decides every change at once with Accept all and Reject all", async () => {
		const { service, user } = await renderThread(draftScript());
		await user.click(within(card()).getByRole("button", { name: "Reject all" }));
		expect(within(card()).getByText("3 of 3 changes decided")).toBeTruthy();
		for (const button of within(card()).getAllByRole("button", { name: /^Reject change/ }))
			expect(button.getAttribute("aria-pressed")).toBe("true");
		await user.click(within(card()).getByRole("button", { name: "Apply 0 of 3 changes" }));
		expect(reviews(service)).toEqual([
			{ threadId: "thread_1", editId: "e1", accepted: [], rejected: ["c1", "c2", "c3"] },
		]);
		cleanup();

		const again = await renderThread(draftScript());
		await again.user.click(within(card()).getByRole("button", { name: "Reject change 1 (line 2)" }));
		await again.user.click(within(card()).getByRole("button", { name: "Accept all" }));
		await again.user.click(within(card()).getByRole("button", { name: "Apply all 3 changes" }));
		expect(reviews(again.service)).toEqual([
			{ threadId: "thread_1", editId: "e1", accepted: ["c1", "c2", "c3"], rejected: [] },
		]);
	});

	it("skips the draft with Skip, as any card's Skip", async () => {
		const { service, user } = await renderThread(draftScript());
		await user.click(within(card()).getByRole("button", { name: /^Skip:/ }));
		expect(service.callsOf("decideToolCalls")).toEqual([{ threadId: "thread_1", approved: [], denied: ["c_edit"] }]);
		expect(reviews(service)).toEqual([]);
	});

	it("renders the model's text as text, never as markup", async () => {
		const hostile = [
			{ changeId: "c1", before: "<b>old</b>\n", after: "", startLine: 1 },
			{ changeId: "c2", before: "", after: '<img src="x" onerror="alert(1)"> new\n', startLine: 3 },
		];
		await renderThread(draftScript(hostile));
		expect(card().querySelector("img")).toBeNull();
		expect(card().querySelector("b")).toBeNull();
		expect(visibleText(entries()[0].querySelector("del")!)).toBe("<b>old</b>");
		expect(visibleText(entries()[1].querySelector("ins")!)).toBe('<img src="x" onerror="alert(1)"> new');
	});
});

describe("the review by keyboard alone", () => {
	it("moves with j/k and arrows, decides with a/r, applies with Mod+Enter", async () => {
		const { service, user } = await renderThread(draftScript());
		// Tab reaches the controls; the first change takes the focus from its Accept with Shift+Tab.
		within(card()).getByRole("button", { name: "Accept change 1 (line 2)" }).focus();
		await user.keyboard("a");
		await user.keyboard("j");
		expect(document.activeElement?.getAttribute("aria-label")).toBe("Change 2 of 3, line 4: undecided");
		await user.keyboard("r");
		expect(document.activeElement?.getAttribute("aria-label")).toBe("Change 2 of 3, line 4: rejected");
		await user.keyboard("{ArrowDown}a{ArrowUp}{ArrowUp}");
		expect(document.activeElement?.getAttribute("aria-label")).toBe("Change 1 of 3, line 2: accepted");
		await user.keyboard("{Control>}{Enter}{/Control}");
		expect(reviews(service)).toEqual([
			{ threadId: "thread_1", editId: "e1", accepted: ["c1", "c3"], rejected: ["c2"] },
		]);
		// The review is recorded, the controls go, and the focus lands on what became of it.
		await waitFor(() => expect(document.activeElement?.closest("[data-card-status]")).not.toBeNull());
		expect(card().contains(document.activeElement)).toBe(true);
	});

	it("reaches every control with Tab", async () => {
		const { user } = await renderThread(draftScript());
		within(card()).getByRole("button", { name: "Accept all" }).focus();
		const reached: string[] = [];
		for (let i = 0; i < 12; i++) {
			await user.tab();
			reached.push(document.activeElement?.getAttribute("aria-label") ?? document.activeElement?.textContent ?? "");
		}
		expect(reached).toEqual(
			expect.arrayContaining([
				"Reject all",
				"Accept change 1 (line 2)",
				"Reject change 1 (line 2)",
				"Replace with my text: change 1 (line 2)",
				"Accept change 3 (line 7)",
				"Apply all 3 changes",
			]),
		);
	});

	it("leaves typing in the editor alone, and Esc there leaves the editor, not the card", async () => {
		const { service, user } = await renderThread(draftScript());
		await user.click(within(card()).getByRole("button", { name: "Replace with my text: change 1 (line 2)" }));
		const editor = within(card()).getByRole("textbox", { name: /Your text for change 1/ });
		await user.click(editor);
		await user.keyboard(" jar{Escape}");
		expect((editor as HTMLTextAreaElement).value).toBe("Walk the cat jar");
		expect(document.activeElement?.getAttribute("aria-label")).toBe("Change 1 of 3, line 2: accepted with your text");
		expect(service.callsOf("decideToolCalls")).toEqual([]);
		// Esc on the card skips it.
		await user.keyboard("{Escape}");
		expect(service.callsOf("decideToolCalls")).toEqual([{ threadId: "thread_1", approved: [], denied: ["c_edit"] }]);
	});

	it("documents its keys where the card shows them", async () => {
		await renderThread(draftScript());
		expect(
			// The platform's name for Mod: Ctrl here (happy-dom is not a Mac), ⌘ on Apple platforms.
			within(card()).getByText(/j\/k or ↓\/↑ move, a accepts, r rejects, Ctrl\+Enter applies, Esc skips/),
		).toBeTruthy();
	});
});

describe("a 40-change draft", () => {
	it("shows the first changes and folds the rest into groups", async () => {
		const { user } = await renderThread(draftScript(manyChanges(40)));
		expect(
			within(changeList())
				.getAllByRole("listitem")
				.filter((li) => li.dataset.changeId),
		).toHaveLength(5);
		const folds = within(changeList()).getAllByRole("button", { name: /^Show \d+ more changes/ });
		expect(folds.map((b) => b.textContent)).toEqual([
			"Show 10 more changes (lines 11–29)",
			"Show 10 more changes (lines 31–49)",
			"Show 10 more changes (lines 51–69)",
			"Show 5 more changes (lines 71–79)",
		]);
		await user.click(folds[1]);
		expect(
			within(changeList())
				.getAllByRole("listitem")
				.filter((li) => li.dataset.changeId),
		).toHaveLength(15);
		// The group's first change takes the focus.
		expect(document.activeElement?.getAttribute("aria-label")).toBe("Change 16 of 40, line 31: undecided");
	});

	it("brings the next undecided change into view and focus, opening its group, and counts the decided", async () => {
		const { user } = await renderThread(draftScript(manyChanges(40)));
		const next = within(card()).getByRole("button", { name: "Next undecided change" });
		for (let i = 1; i <= 5; i++)
			await user.click(within(card()).getByRole("button", { name: new RegExp(`^Accept change ${i} \\(`) }));
		expect(within(card()).getByText("5 of 40 changes decided")).toBeTruthy();
		await user.click(next);
		expect(document.activeElement?.getAttribute("aria-label")).toBe("Change 6 of 40, line 11: undecided");
		await user.keyboard("r");
		expect(within(card()).getByText("6 of 40 changes decided")).toBeTruthy();
		await user.click(next);
		expect(document.activeElement?.getAttribute("aria-label")).toBe("Change 7 of 40, line 13: undecided");
		await user.click(within(card()).getByRole("button", { name: "Accept all" }));
		expect(within(card()).getByText("40 of 40 changes decided")).toBeTruthy();
		expect(within(card()).getByRole("button", { name: "All decided" }).getAttribute("aria-disabled")).toBe("true");
	});

	it("decides every change, the folded ones too, in one Apply", async () => {
		const { service, user } = await renderThread(draftScript(manyChanges(40)));
		await user.click(within(card()).getByRole("button", { name: "Reject change 2 (line 3)" }));
		await user.click(within(card()).getByRole("button", { name: "Apply 39 of 40 changes" }));
		const [sent] = reviews(service) as { accepted: string[]; rejected: string[] }[];
		expect(sent.rejected).toEqual(["c2"]);
		expect(sent.accepted).toHaveLength(39);
	});
});

describe("the review from the log", () => {
	it("re-arms the same changes after a reload, with nothing chosen", async () => {
		const script = draftScript();
		const service = new FakeThreadService();
		service.addThread(script.threadId, script.events);
		const user = userEvent.setup();
		const first = render(<RedlinePane host={testHost(service)} />);
		await screen.findByRole("log");
		await user.click(within(card()).getByRole("button", { name: "Reject change 2 (line 4)" }));
		first.unmount();

		render(<RedlinePane host={testHost(service)} />);
		await screen.findByRole("log");
		expect(entries().map((li) => li.getAttribute("data-change-id"))).toEqual(["c1", "c2", "c3"]);
		expect(within(card()).getByText("0 of 3 changes decided")).toBeTruthy();
		await user.click(within(card()).getByRole("button", { name: "Apply all 3 changes" }));
		expect(service.callsOf("reviewEdit")).toEqual([
			{ threadId: "thread_1", editId: "e1", accepted: ["c1", "c2", "c3"], rejected: [] },
		]);
	});

	it("says what was kept once reviewed, with the rejected changes set aside", async () => {
		const s = draftScript();
		s.add({
			type: "edit_reviewed",
			editId: "e1",
			callId: "c_edit",
			accepted: ["c1", "c2"],
			rejected: ["c3"],
			replaced: { c2: "Buy bread" },
		});
		await renderThread(s);
		expect(within(card()).getByText("Kept 2 of 3 changes · 1 rewritten by you")).toBeTruthy();
		expect(within(card()).queryByRole("button", { name: /^Apply/ })).toBeNull();
		const decided = within(card()).getAllByRole("listitem");
		expect(decided.map((li) => li.className.split(" ").at(-1))).toEqual([
			"redline-change-kept",
			"redline-change-rewritten",
			"redline-change-rejected",
		]);
		expect(decided[2].textContent).toContain("✗ Rejected");
		// The rewritten change shows the user's text against the note's: "milk and" struck, nothing added.
		expect([...decided[1].querySelectorAll("del")].map(visibleText)).toEqual(["milk and "]);
		expect(decided[1].querySelectorAll("ins")).toHaveLength(0);
	});

	it("says the draft was not applied when a new message or Stop settled it", async () => {
		for (const [reason, words] of [
			["new_message", "Not applied: you sent a new message"],
			["stopped", "Not applied: stopped"],
		] as const) {
			const s = draftScript();
			s.add({
				type: "edit_reviewed",
				editId: "e1",
				callId: "c_edit",
				accepted: [],
				rejected: ["c1", "c2", "c3"],
				reason,
			});
			s.add({
				type: "tool_call_completed",
				callId: "c_edit",
				result: { status: "rejected", message: "Not written: …", path: "Daily.md" },
				reason,
			});
			await renderThread(s);
			const status = card().querySelector("[data-card-status]");
			expect(status?.textContent).toBe(words);
			expect(card().textContent).not.toContain("Refused");
			cleanup();
		}
	});

	it("says nothing was written when the user rejected every change", async () => {
		const s = draftScript();
		s.add({ type: "edit_reviewed", editId: "e1", callId: "c_edit", accepted: [], rejected: ["c1", "c2", "c3"] });
		s.add({
			type: "tool_call_completed",
			callId: "c_edit",
			result: {
				status: "rejected",
				message: "Nothing was written to Daily.md.",
				path: "Daily.md",
				data: { reason: "rejected-by-user" },
			},
		});
		await renderThread(s);
		expect(card().querySelector("[data-card-status]")?.textContent).toBe("Not applied: you rejected all 3 changes");
		expect(card().textContent).not.toContain("Refused");
	});

	it("names a change the user's typing kept out of the note", async () => {
		const s = draftScript();
		s.add({ type: "edit_reviewed", editId: "e1", callId: "c_edit", accepted: ["c1", "c2", "c3"], rejected: [] });
		s.add({
			type: "tool_call_completed",
			callId: "c_edit",
			result: {
				status: "success",
				message: "Edited",
				path: "Daily.md",
				data: { kept: ["c1", "c3"], refused: [{ changeId: "c2", lines: [4] }], added: 2, removed: 1 },
			},
		});
		await renderThread(s);
		expect(
			within(card()).getByText(/Kept 3 of 3 changes · 1 not written: you had typed in the same lines/),
		).toBeTruthy();
	});
});

describe("while the edit is drafted", () => {
	it("counts the changes so far, and Skip ends the draft", async () => {
		const { service, user } = await renderThread(draftingScript(2));
		expect(within(card()).getByText("Drafting… 2 changes so far")).toBeTruthy();
		expect(within(card()).getByText(/Tidy the shopping list ·/)).toBeTruthy();
		await user.click(within(card()).getByRole("button", { name: /^Skip:/ }));
		expect(service.callsOf("decideToolCalls")).toEqual([{ threadId: "thread_1", approved: [], denied: ["c_edit"] }]);
	});

	it("becomes the redline when the draft arrives", async () => {
		const { service } = await renderThread(draftingScript(1));
		expect(within(card()).queryByRole("list", { name: /^Changes to decide/ })).toBeNull();
		act(() => {
			service.push("thread_1", {
				type: "edit_proposed",
				editId: "e1",
				callId: "c_edit",
				path: "Daily.md",
				changes: THREE_CHANGES,
			});
		});
		await waitFor(() => expect(entries()).toHaveLength(3));
		expect(within(card()).queryByText(/^Drafting/)).toBeNull();
	});
});

/** The text a sighted user sees: without the words only a screen reader hears. */
function visibleText(element: Element): string {
	const copy = element.cloneNode(true) as Element;
	for (const hidden of copy.querySelectorAll(".redline-visually-hidden")) hidden.remove();
	return copy.textContent ?? "";
}

describe("a draft the validation doubts (issue 30)", () => {
	const WARNING =
		"This draft removes 6 of the note's 11 lines. Check that nothing you need is lost before you apply it.";

	function doubtedScript() {
		const s = draftingScript(3);
		s.add({
			type: "edit_proposed",
			editId: "e1",
			callId: "c_edit",
			path: "Daily.md",
			changes: THREE_CHANGES,
			warnings: [WARNING],
		});
		s.add({ type: "status", status: "waiting_for_review" });
		return s;
	}

	it("shows the warning on the card in words, with a sign, and still offers the changes to apply", async () => {
		const { service, user } = await renderThread(doubtedScript());
		const note = within(card()).getByRole("note", { name: "Check this draft" });
		expect(note.textContent).toContain("Check this draft:");
		expect(note.textContent).toContain(WARNING);
		expect(note.querySelector(".redline-review-warning-icon")).not.toBeNull();
		expect(entries()).toHaveLength(3);
		await user.click(within(card()).getByRole("button", { name: "Apply all 3 changes" }));
		expect(reviews(service)).toEqual([
			{ threadId: "thread_1", editId: "e1", accepted: ["c1", "c2", "c3"], rejected: [] },
		]);
	});

	it("a draft without doubts shows no warning", async () => {
		await renderThread(draftScript());
		expect(within(card()).queryByRole("note")).toBeNull();
	});
});
