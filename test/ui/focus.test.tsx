// @vitest-environment happy-dom
/**
 * The keyboard focus follows the work: after a decision it moves to the next card that waits
 * (its Run), else to the decided card's status line, never to <body>; the header's inline rename
 * and delete confirmation take the focus and give it back.
 */
import { act, cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { RedlinePane } from "../../src/ui/components/RedlinePane";
import { EventScript } from "./support/events";
import { FakeThreadService } from "./support/fake-service";
import { testHost } from "./support/host";
import { renderThread } from "./support/render";

afterEach(cleanup);

function twoWaiting(): EventScript {
	return new EventScript()
		.user("m1", "Read both")
		.assistant("a1", "")
		.propose("a1", "c1", "readNote", { path: "A.md" })
		.propose("a1", "c2", "readNote", { path: "B.md" })
		.status("waiting_for_approval");
}

const focused = (): string =>
	document.activeElement?.getAttribute("aria-label") ?? document.activeElement?.tagName ?? "";

describe("focus after a decision", () => {
	it("Skip on the first of two cards moves to the Run of the one still waiting", async () => {
		const { user } = await renderThread(twoWaiting());
		await user.click(screen.getByRole("button", { name: "Skip: Read A.md" }));
		await waitFor(() => expect(focused()).toBe("Run: Read B.md"));
		// And the next Tab stays inside that card (its next action), not past it.
		await user.tab();
		expect(focused()).toBe("Run, and don't ask again in this chat: Read B.md");
	});

	it("Run on the second card moves back to the first card that still waits", async () => {
		const { user } = await renderThread(twoWaiting());
		await user.click(screen.getByRole("button", { name: "Run: Read B.md" }));
		await waitFor(() => expect(focused()).toBe("Run: Read A.md"));
	});

	it("Run on the last waiting card moves to its status line", async () => {
		const { user } = await renderThread(twoWaiting().decide("c1", "approved"));
		await user.click(screen.getByRole("button", { name: "Run: Read B.md" }));
		const card = screen.getByRole("group", { name: "Read B.md" });
		await waitFor(() => expect(document.activeElement?.closest("[data-card-status]")).not.toBeNull());
		expect(card.contains(document.activeElement)).toBe(true);
	});

	it("Run all moves to the first decided card's status line", async () => {
		const { user } = await renderThread(twoWaiting());
		await user.click(screen.getByRole("button", { name: "Run all 2 waiting calls" }));
		const first = screen.getByRole("group", { name: "Read A.md" });
		await waitFor(() => expect(first.contains(document.activeElement)).toBe(true));
	});

	it("keeps its place when the decision fails", async () => {
		const { service, user } = await renderThread(twoWaiting());
		service.failNext.set("decideToolCalls", {
			ok: false,
			error: { code: "not_pending", message: "No longer waiting." },
		});
		const run = screen.getByRole("button", { name: "Run: Read A.md" });
		await user.click(run);
		await screen.findByText("No longer waiting.");
		expect(document.activeElement).toBe(run);
	});

	it("the buttons stay focusable while the decision is on its way (a disabled button drops the focus)", async () => {
		const { user } = await renderThread(twoWaiting());
		const run = screen.getByRole("button", { name: "Run: Read A.md" });
		await user.click(run);
		expect((run as HTMLButtonElement).disabled).toBe(false);
	});

	it("Submit on a question moves to the answers it shows", async () => {
		const s = new EventScript()
			.user("m1", "Plan")
			.assistant("a1", "")
			.propose("a1", "c_ask", "askUser", {})
			.decide("c_ask", "approved")
			.run("c_ask");
		s.add({
			type: "question_asked",
			askId: "ask1",
			callId: "c_ask",
			questions: [{ question: "Which city?", options: [{ label: "Kyoto" }, { label: "Osaka" }], multiSelect: false }],
		});
		const { service, user } = await renderThread(s.status("waiting_for_answer"));
		await user.click(screen.getByRole("radio", { name: "Kyoto" }));
		await user.click(screen.getByRole("button", { name: "Submit answers" }));
		act(() => service.push("thread_1", { type: "question_answered", askId: "ask1", answers: { "0": ["Kyoto"] } }));
		const card = await screen.findByRole("group", { name: "Answered 1 question" });
		await waitFor(() => expect(card.contains(document.activeElement)).toBe(true));
	});

	it("stays on the edit card while its status line changes: approved, then the apply's progress, then the result", async () => {
		const s = new EventScript().user("m1", "Edit").assistant("a1", "");
		s.add({
			type: "edit_intent_declared",
			editId: "e1",
			callId: "c_edit",
			path: "Daily.md",
			operation: "modify",
			description: "replace dog with cat",
		});
		const { service, user } = await renderThread(
			s.propose("a1", "c_edit", "declareEditIntent", { path: "Daily.md" }).status("waiting_for_approval"),
		);
		const card = screen.getByRole("group", { name: "Edit Daily.md" });
		await user.click(within(card).getByRole("button", { name: /^Run:/ }));
		await waitFor(() => expect(card.contains(document.activeElement)).toBe(true));
		act(() =>
			service.push(
				"thread_1",
				{ type: "tool_call_started", callId: "c_edit" },
				{ type: "tool_call_progress", callId: "c_edit", phase: "generating", fraction: 0.5 },
			),
		);
		await within(card).findByRole("progressbar");
		expect(card.contains(document.activeElement)).toBe(true);
		act(() =>
			service.push(
				"thread_1",
				{ type: "edit_applied", editId: "e1", path: "Daily.md", versionId: "v1", added: 1, removed: 1 },
				{
					type: "tool_call_completed",
					callId: "c_edit",
					result: {
						status: "success",
						message: "Edited",
						data: { versionId: "v1", added: 1, removed: 1, diff: "@@ -1 +1 @@\n-dog\n+cat\n" },
					},
				},
			),
		);
		await within(card).findByRole("button", { name: "Revert this change to Daily.md" });
		expect(card.contains(document.activeElement)).toBe(true);
		expect(document.activeElement?.closest("[data-card-status]")).not.toBeNull();
	});

	it("does not pull the focus back to a card the user has left", async () => {
		const s = new EventScript().user("m1", "Edit").assistant("a1", "");
		s.add({
			type: "edit_intent_declared",
			editId: "e1",
			callId: "c_edit",
			path: "Daily.md",
			operation: "modify",
			description: "replace dog with cat",
		});
		const { service, user } = await renderThread(
			s.propose("a1", "c_edit", "declareEditIntent", { path: "Daily.md" }).status("waiting_for_approval"),
		);
		const card = screen.getByRole("group", { name: "Edit Daily.md" });
		await user.click(within(card).getByRole("button", { name: /^Run:/ }));
		await waitFor(() => expect(card.contains(document.activeElement)).toBe(true));
		const input = screen.getByRole("textbox", { name: "Message Redline" });
		input.focus();
		act(() =>
			service.push(
				"thread_1",
				{ type: "tool_call_started", callId: "c_edit" },
				{ type: "tool_call_progress", callId: "c_edit", phase: "generating", fraction: 0.5 },
			),
		);
		await within(card).findByRole("progressbar");
		expect(document.activeElement).toBe(input);
	});

	it("Revert moves to the Reverted line", async () => {
		const s = new EventScript().user("m1", "Edit").assistant("a1", "");
		s.add({
			type: "edit_intent_declared",
			editId: "e1",
			callId: "c_edit",
			path: "Daily.md",
			operation: "modify",
			description: "replace dog with cat",
		});
		s.propose("a1", "c_edit", "declareEditIntent", { path: "Daily.md" }).decide("c_edit", "approved").run("c_edit");
		s.add({ type: "edit_applied", editId: "e1", path: "Daily.md", versionId: "v1", added: 1, removed: 1 });
		s.add({
			type: "tool_call_completed",
			callId: "c_edit",
			result: {
				status: "success",
				message: "Edited",
				data: { versionId: "v1", added: 1, removed: 1, diff: "@@ -1 +1 @@\n-dog\n+cat\n" },
			},
		});
		const { service, user } = await renderThread(s.status("idle"));
		await user.click(screen.getByRole("button", { name: "Revert this change to Daily.md" }));
		act(() =>
			service.push("thread_1", {
				type: "edit_reverted",
				editId: "e1",
				path: "Daily.md",
				versionId: "v2",
				added: 1,
				removed: 1,
				undid: "v1",
			}),
		);
		await waitFor(() => expect(document.activeElement?.textContent).toContain("Reverted"));
	});
});

describe("focus in the header", () => {
	it("Rename opens prefilled with the title; Save and Escape return to More", async () => {
		const service = new FakeThreadService();
		service.addThread("thread_1", new EventScript("thread_1", "Trip plans").events, "Trip plans");
		const user = userEvent.setup();
		render(<RedlinePane host={testHost(service)} />);
		const more = await screen.findByRole("button", { name: "More" });
		await waitFor(() => expect(more.getAttribute("aria-disabled")).toBeNull());
		await user.click(more);
		await user.click(screen.getByRole("menuitem", { name: "Rename chat" }));
		const input = screen.getByRole<HTMLInputElement>("textbox", { name: "Chat name" });
		expect(input.value).toBe("Trip plans");
		expect(document.activeElement).toBe(input);
		await user.keyboard("{Escape}");
		expect(document.activeElement).toBe(more);
		// By keyboard: Enter opens the menu on Rename, Enter chooses it.
		await user.keyboard("{Enter}");
		expect(document.activeElement).toBe(screen.getByRole("menuitem", { name: "Rename chat" }));
		await user.keyboard("{Enter}");
		await user.clear(screen.getByRole("textbox", { name: "Chat name" }));
		await user.keyboard("Japan{Enter}");
		await waitFor(() => expect(document.activeElement).toBe(more));
		expect(service.callsOf("renameThread")).toEqual([{ threadId: "thread_1", title: "Japan" }]);
	});

	it("the delete confirmation takes the focus, Escape cancels it and returns to More", async () => {
		const { service, user } = await renderThread(new EventScript());
		const more = screen.getByRole("button", { name: "More" });
		await user.click(more);
		await user.click(screen.getByRole("menuitem", { name: "Delete chat" }));
		const confirm = screen.getByRole("group", { name: "Confirm delete" });
		expect(confirm.contains(document.activeElement)).toBe(true);
		await user.keyboard("{Escape}");
		expect(screen.queryByRole("group", { name: "Confirm delete" })).toBeNull();
		expect(document.activeElement).toBe(more);
		expect(service.callsOf("deleteThread")).toEqual([]);
	});

	it("after Delete, the focus is on Chat history", async () => {
		const { user } = await renderThread(new EventScript());
		await user.click(screen.getByRole("button", { name: "More" }));
		await user.click(screen.getByRole("menuitem", { name: "Delete chat" }));
		await user.click(screen.getByRole("button", { name: "Confirm delete chat" }));
		await waitFor(() => expect(document.activeElement).toBe(screen.getByRole("button", { name: "Chat history" })));
		expect(within(document.body).queryByRole("group", { name: "Confirm delete" })).toBeNull();
	});
});
