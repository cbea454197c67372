// @vitest-environment happy-dom
import { act, cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { RedlinePane } from "../../src/ui/components/RedlinePane";
import { EventScript } from "./support/events";
import { renderThread } from "./support/render";
import { testHost } from "./support/host";

afterEach(cleanup);

const DIFF = [
	"--- a/Daily.md",
	"+++ b/Daily.md",
	"@@ -1,3 +1,3 @@",
	" # Daily",
	"-Walk the dog",
	"+Walk the cat",
	" Buy milk",
	"",
].join("\n");

function editScript(): EventScript {
	const s = new EventScript().user("m1", "Change the dog to a cat").assistant("a1", "");
	s.add({
		type: "edit_intent_declared",
		editId: "e1",
		callId: "c_edit",
		path: "Daily.md",
		operation: "modify",
		description: "Replace dog with cat",
	});
	s.propose("a1", "c_edit", "declareEditIntent", {
		path: "Daily.md",
		operation: "modify",
		description: "Replace dog with cat",
	});
	return s;
}

describe("run all", () => {
	it("lists every waiting call and runs exactly those in one decision", async () => {
		const s = new EventScript()
			.user("m1", "Read both")
			.assistant("a1", "")
			.propose("a1", "c1", "readNote", { path: "A.md" })
			.propose("a1", "c2", "searchNotes", { query: "trip" })
			.propose("a1", "c3", "readNote", { path: "B.md" })
			.decide("c3", "approved");
		const { service, user } = await renderThread(s);
		const bar = screen.getByRole("region", { name: "Calls waiting for approval" });
		expect(
			within(bar)
				.getAllByRole("listitem")
				.map((li) => li.textContent),
		).toEqual(["Read A.md", "Search notes for 'trip'"]);
		await user.click(within(bar).getByRole("button", { name: "Run all 2 waiting calls" }));
		expect(service.callsOf("decideToolCalls")).toEqual([{ threadId: "thread_1", approved: ["c1", "c2"], denied: [] }]);
	});

	it("is absent with a single waiting call", async () => {
		const s = new EventScript().user("m1", "x").assistant("a1", "").propose("a1", "c1", "readNote", { path: "A.md" });
		await renderThread(s);
		expect(screen.queryByRole("region", { name: "Calls waiting for approval" })).toBeNull();
	});
});

describe("edit cards", () => {
	it("show what will happen, with Run approving the declaring call", async () => {
		const { service, user } = await renderThread(editScript());
		const card = screen.getByRole("group", { name: "Edit Daily.md" });
		expect(card.querySelector(".redline-card-title")?.textContent).toBe("Replace dog with cat · Daily");
		await user.click(within(card).getByRole("button", { name: /^Run:/ }));
		expect(service.callsOf("decideToolCalls")).toEqual([{ threadId: "thread_1", approved: ["c_edit"], denied: [] }]);
	});

	it("read as the model's description when it does not start with a verb", async () => {
		const s = new EventScript().user("m1", "Tidy the headings").assistant("a1", "");
		s.add({
			type: "edit_intent_declared",
			editId: "e1",
			callId: "c_edit",
			path: "Daily.md",
			operation: "modify",
			description: "Headings cleanup",
		});
		s.propose("a1", "c_edit", "declareEditIntent", {
			path: "Daily.md",
			operation: "modify",
			description: "Headings cleanup",
		});
		await renderThread(s);
		const card = screen.getByRole("group", { name: "Edit Daily.md" });
		expect(card.querySelector(".redline-card-title")?.textContent).toBe("Headings cleanup · Daily");
		expect(within(card).getByRole("link", { name: "Open Daily.md" })).toBeTruthy();
	});

	it("show generating progress while the apply model writes", async () => {
		const s = editScript().decide("c_edit", "approved").run("c_edit");
		s.add({ type: "tool_call_progress", callId: "c_edit", phase: "generating", fraction: 0.45 });
		await renderThread(s);
		const card = screen.getByRole("group", { name: "Edit Daily.md" });
		expect(within(card).getByText("Generating changes… 45%")).toBeTruthy();
	});

	it("count the changes while edit blocks arrive, then say when the whole-note retry runs", async () => {
		const s = editScript().decide("c_edit", "approved").run("c_edit");
		s.add({ type: "tool_call_progress", callId: "c_edit", phase: "generating", changes: 0 });
		const { service } = await renderThread(s);
		const card = screen.getByRole("group", { name: "Edit Daily.md" });
		expect(within(card).getByText("Generating changes…")).toBeTruthy();
		const progress = (phase: string, more: { changes?: number; fraction?: number }) =>
			act(async () => service.push(s.threadId, { type: "tool_call_progress", callId: "c_edit", phase, ...more }));
		await progress("generating", { changes: 1 });
		expect(within(card).getByText("1 change so far…")).toBeTruthy();
		await progress("generating", { changes: 2 });
		expect(within(card).getByText("2 changes so far…")).toBeTruthy();
		await progress("retrying", { fraction: 0.3 });
		expect(within(card).getByText("Edit blocks did not apply; writing the whole note… 30%")).toBeTruthy();
	});

	it("show the result with a word-level diff, the +N −M chip, and revert the edit in place", async () => {
		const s = editScript().decide("c_edit", "approved").run("c_edit");
		s.add({ type: "edit_applied", editId: "e1", path: "Daily.md", versionId: "v2", added: 1, removed: 1 });
		s.add({
			type: "tool_call_completed",
			callId: "c_edit",
			result: {
				status: "success",
				message: "Edited Daily.md",
				path: "Daily.md",
				data: { diff: DIFF, versionId: "v2" },
			},
		});
		const { service, user } = await renderThread(s);
		service.history.set("Daily.md", [
			{
				versionId: "v2",
				path: "Daily.md",
				at: "2026-01-10T09:00:00Z",
				description: "Replace dog with cat",
				added: 1,
				removed: 1,
				diff: DIFF,
				kind: "edit",
			},
			{
				versionId: "v1",
				path: "Daily.md",
				at: "2026-01-09T09:00:00Z",
				description: "Earlier",
				added: 2,
				removed: 0,
				diff: "",
				kind: "edit",
			},
		]);
		const card = screen.getByRole("group", { name: "Edit Daily.md" });
		expect(within(card).getByLabelText("1 line added, 1 line removed").textContent).toBe("+1 −1");
		const diff = within(card).getByRole("group", { name: "Changes to Daily.md" });
		expect(diff.querySelector(".redline-diff-word-removed")?.textContent).toBe("dog");
		expect(diff.querySelector(".redline-diff-word-added")?.textContent).toBe("cat");
		await user.click(within(card).getByRole("button", { name: "Revert this change to Daily.md" }));
		expect(service.callsOf("revertHistory")).toEqual([{ path: "Daily.md", versionId: "v2" }]);
		// The card shows what the log says: the service appends edit_reverted (test/ui/revert-card.test.tsx).
		act(() =>
			service.push("thread_1", {
				type: "edit_reverted",
				editId: "e1",
				path: "Daily.md",
				versionId: "v3",
				added: 1,
				removed: 1,
				undid: "v2",
			}),
		);
		expect((await within(card).findByRole("status")).textContent).toContain("Reverted");
	});

	it("show a refused revert's message on the card", async () => {
		const s = editScript().decide("c_edit", "approved").run("c_edit");
		s.add({ type: "edit_applied", editId: "e1", path: "Daily.md", versionId: "v2", added: 1, removed: 1 });
		s.add({
			type: "tool_call_completed",
			callId: "c_edit",
			result: { status: "success", message: "Edited", data: { diff: DIFF } },
		});
		const { service, user } = await renderThread(s);
		service.history.set("Daily.md", [
			{
				versionId: "v2",
				path: "Daily.md",
				at: "2026-01-10T09:00:00Z",
				description: "x",
				added: 1,
				removed: 1,
				diff: DIFF,
				kind: "edit",
			},
		]);
		service.failNext.set("revertHistory", {
			ok: false,
			error: { code: "conflict", message: "You changed line 2 since: nothing reverted." },
		});
		await user.click(screen.getByRole("button", { name: "Revert this change to Daily.md" }));
		expect(service.callsOf("revertHistory")).toEqual([{ path: "Daily.md", versionId: "v2" }]);
		expect(await screen.findByText("You changed line 2 since: nothing reverted.")).toBeTruthy();
	});
});

describe("question cards", () => {
	function askScript(): EventScript {
		const s = new EventScript().user("m1", "Plan my trip").assistant("a1", "");
		s.propose("a1", "c_ask", "askUser", {});
		s.decide("c_ask", "approved").run("c_ask");
		s.add({
			type: "question_asked",
			askId: "ask1",
			callId: "c_ask",
			questions: [
				{
					question: "Which city?",
					header: "City",
					options: [{ label: "Kyoto" }, { label: "Osaka" }],
					multiSelect: false,
				},
				{
					question: "What to see?",
					header: "Sights",
					options: [{ label: "Temples" }, { label: "Food" }],
					multiSelect: true,
				},
			],
		});
		return s.status("waiting_for_answer");
	}

	it("single-select takes one answer, multi-select several, and Submit sends them by index", async () => {
		const { service, user } = await renderThread(askScript());
		await user.click(screen.getByRole("radio", { name: "Kyoto" }));
		await user.click(screen.getByRole("radio", { name: "Osaka" }));
		await user.click(screen.getByRole("checkbox", { name: "Temples" }));
		await user.click(screen.getByRole("checkbox", { name: "Food" }));
		await user.click(screen.getByRole("button", { name: "Submit answers" }));
		expect(service.callsOf("answerQuestion")).toEqual([
			{ threadId: "thread_1", askId: "ask1", answers: { "0": ["Osaka"], "1": ["Temples", "Food"] } },
		]);
	});

	it("refuses to submit an unanswered question and sends Other's text", async () => {
		const { service, user } = await renderThread(askScript());
		await user.click(screen.getByRole("button", { name: "Submit answers" }));
		expect(screen.getByText("Choose an answer.")).toBeTruthy();
		expect(screen.getByText("Choose at least one answer.")).toBeTruthy();
		expect(service.callsOf("answerQuestion")).toEqual([]);
		// Your own answer: choose Other, then type it.
		await user.click(screen.getAllByRole("radio", { name: "Other" })[0]);
		await user.type(screen.getByRole("textbox", { name: "Other answer to: Which city?" }), "Nara");
		await user.click(screen.getByRole("checkbox", { name: "Food" }));
		await user.click(screen.getByRole("button", { name: "Submit answers" }));
		expect(service.callsOf("answerQuestion")).toEqual([
			{ threadId: "thread_1", askId: "ask1", answers: { "0": ["Nara"], "1": ["Food"] } },
		]);
	});

	it("a chosen Other with no text is refused", async () => {
		const { service, user } = await renderThread(askScript());
		const other = screen.getAllByRole("radio", { name: "Other" })[0];
		await user.click(other);
		await user.click(screen.getByRole("checkbox", { name: "Food" }));
		await user.click(screen.getByRole("button", { name: "Submit answers" }));
		expect(screen.getByText("Type your answer in “Other”, or pick an option.")).toBeTruthy();
		expect(service.callsOf("answerQuestion")).toEqual([]);
	});

	it("shows a read-only summary once answered", async () => {
		const s = askScript();
		s.add({ type: "question_answered", askId: "ask1", answers: { "0": ["Kyoto"], "1": ["Temples", "Food"] } });
		await renderThread(s);
		const card = screen.getByRole("group", { name: "Answered 2 questions" });
		expect(within(card).queryByRole("radio")).toBeNull();
		expect(card.textContent).toContain("Kyoto");
		expect(card.textContent).toContain("Temples, Food");
	});
});

describe("errors", () => {
	it("the latest retryable error offers Retry, and every error links to settings", async () => {
		const s = new EventScript().user("m1", "hi");
		s.add({ type: "error", message: "The model is unreachable.", retryable: true });
		s.status("error");
		const { service, host, user } = await renderThread(s);
		await user.click(screen.getByRole("button", { name: "Retry" }));
		expect(service.callsOf("retry")).toEqual([{ threadId: "thread_1" }]);
		await user.click(screen.getByRole("button", { name: "Open Redline settings" }));
		expect(host.settingsOpened).toBe(1);
	});
});

describe("re-mount", () => {
	it("shows the same state after unmounting and mounting again over the same service", async () => {
		const s = editScript().decide("c_edit", "approved").run("c_edit");
		s.add({ type: "tool_call_progress", callId: "c_edit", phase: "generating", fraction: 0.3 });
		const first = await renderThread(s);
		const before = first.view.container.textContent;
		first.view.unmount();
		expect(first.service.openSubscriptions).toBe(0);
		const again = render(<RedlinePane host={testHost(first.service)} />);
		await screen.findByRole("log");
		await act(async () => {});
		expect(again.container.textContent).toBe(before);
	});
});
