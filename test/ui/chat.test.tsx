// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from "@testing-library/react";
import { act } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { EventScript } from "./support/events";
import { renderThread } from "./support/render";

afterEach(cleanup);

describe("chat", () => {
	it("streams tokens into the assistant message as they arrive", async () => {
		const { service } = await renderThread(new EventScript().user("m1", "Hello").assistant("a1", "Hi", false));
		act(() =>
			service.push(
				"thread_1",
				{ type: "assistant_token", messageId: "a1", text: " there" },
				{ type: "assistant_token", messageId: "a1", text: ", friend" },
			),
		);
		await waitFor(() => expect(screen.getByText("Hi there, friend")).toBeTruthy());
	});

	it("Enter sends the message and Shift+Enter adds a new line instead", async () => {
		const { service, user } = await renderThread(new EventScript());
		const input = screen.getByRole("textbox", { name: "Message Redline" });
		await user.type(input, "first line{Shift>}{Enter}{/Shift}second");
		expect(service.callsOf("sendMessage")).toEqual([]);
		await user.type(input, "{Enter}");
		expect(service.callsOf("sendMessage")).toEqual([{ threadId: "thread_1", content: "first line\nsecond" }]);
		await waitFor(() => expect((input as HTMLTextAreaElement).value).toBe(""));
	});

	it("shows Stop while the agent works, and Stop stops this thread", async () => {
		const { service, user } = await renderThread(new EventScript().user("m1", "Hello"));
		await user.click(screen.getByRole("button", { name: "Stop" }));
		expect(service.callsOf("stop")).toEqual([{ threadId: "thread_1" }]);
		act(() => service.push("thread_1", { type: "status", status: "idle" }));
		await waitFor(() => expect(screen.queryByRole("button", { name: "Stop" })).toBeNull());
	});

	it("pins the active note, unpins a chip, and pins a note picked after [[", async () => {
		const s = new EventScript();
		s.add({ type: "item_pinned", item: { path: "Old.md" } });
		const { service, user } = await renderThread(s, {
			active: "Daily.md",
			notes: ["Travel/Japan trip.md", "Daily.md"],
		});
		await user.click(screen.getByRole("button", { name: "Pin active note Daily.md" }));
		await user.click(screen.getByRole("button", { name: "Unpin Old.md" }));
		const input = screen.getByRole("textbox", { name: "Message Redline" });
		// user-event reads "[[" as one literal "[".
		await user.type(input, "see [[[[japan");
		// A combobox only while the picker is open.
		expect(screen.getByRole("combobox", { name: "Message Redline" })).toBe(input);
		await screen.findByRole("option", { name: "Travel/Japan trip.md" });
		await user.keyboard("{Enter}");
		expect(service.callsOf("pinItem")).toEqual([
			// Pins made with the message box are for the next message (pins.test.tsx).
			{ threadId: "thread_1", operation: "pin", pinnedItem: { path: "Daily.md", scope: "message" } },
			{ threadId: "thread_1", operation: "unpin", pinnedItem: { path: "Old.md" } },
			{ threadId: "thread_1", operation: "pin", pinnedItem: { path: "Travel/Japan trip.md", scope: "message" } },
		]);
		// The reference stays in the sentence, as a link.
		expect((input as HTMLTextAreaElement).value).toBe("see [[Travel/Japan trip]]");
		expect(input.getAttribute("role")).toBeNull();
		expect(input.hasAttribute("aria-expanded")).toBe(false);
		expect(service.callsOf("sendMessage")).toEqual([]);
	});
});

describe("the composer while cards wait", () => {
	it("says that sending a new message skips the waiting cards, and says nothing when none waits", async () => {
		const s = new EventScript()
			.user("m1", "Read both")
			.assistant("a1", "")
			.propose("a1", "c1", "readNote", { path: "A.md" })
			.propose("a1", "c2", "readNote", { path: "B.md" });
		const { service } = await renderThread(s.status("waiting_for_approval"));
		const input = screen.getByRole("textbox", { name: "Message Redline" });
		expect(input.getAttribute("aria-describedby")).not.toBeNull();
		expect(screen.getByText("Sending a new message skips the 2 waiting cards.")).toBeTruthy();
		act(() =>
			service.push(
				"thread_1",
				{ type: "tool_call_decided", callId: "c1", decision: "approved", by: "user" },
				{ type: "tool_call_decided", callId: "c2", decision: "denied", by: "user" },
			),
		);
		await waitFor(() => expect(screen.queryByText(/^Sending a new message/)).toBeNull());
	});
});

describe("reasoning steps", () => {
	function turn(): EventScript {
		const s = new EventScript().user("m1", "Tidy my daily note").assistant("a1", "");
		s.propose("a1", "c1", "searchNotes", { query: "trip" })
			.decide("c1", "approved")
			.run("c1", { status: "success", message: "2 notes" });
		s.propose("a1", "c2", "readNote", { path: "Travel/Japan trip.md" })
			.decide("c2", "approved")
			.run("c2", { status: "success", message: "read" });
		s.add({
			type: "edit_intent_declared",
			editId: "e1",
			callId: "c3",
			path: "Daily.md",
			operation: "modify",
			description: "Remove all headings",
		});
		s.propose("a1", "c3", "declareEditIntent", { path: "Daily.md" }).decide("c3", "approved").run("c3");
		s.add({ type: "tool_call_progress", callId: "c3", phase: "generating", fraction: 0.45 });
		return s;
	}

	it("builds the timeline from the calls while the turn runs", async () => {
		await renderThread(turn());
		const list = screen.getByRole("button", { name: /Working/ });
		expect(list.getAttribute("aria-expanded")).toBe("true");
		for (const label of [
			"Searching notes for 'trip'",
			"Reading Japan trip.md",
			"Proposed an edit to Daily",
			"Generating changes… 45%",
		]) {
			expect(screen.getAllByText(label).length).toBeGreaterThan(0);
		}
	});

	it("says a drafted edit waits for the user's review, not that it is still being generated", async () => {
		const s = turn();
		s.add({
			type: "edit_proposed",
			editId: "e1",
			callId: "c3",
			path: "Daily.md",
			changes: [{ changeId: "c1", before: "# Daily\n", after: "Daily\n", startLine: 1 }],
		});
		s.status("waiting_for_review");
		await renderThread(s);
		expect(screen.getAllByText("Waiting for your review of Daily").length).toBeGreaterThan(0);
		expect(screen.queryByText(/Generating changes/)).toBeNull();
	});

	it("tells a move and a delete in their own words while they run and once done", async () => {
		const s = new EventScript().user("m1", "Tidy up").assistant("a1", "");
		s.add({
			type: "edit_intent_declared",
			editId: "e1",
			callId: "c1",
			path: "Daily.md",
			operation: "move",
			description: "move to Archive/Day.md",
		});
		s.propose("a1", "c1", "moveNote", { path: "Daily.md", newPath: "Archive/Day.md" })
			.decide("c1", "approved")
			.run("c1");
		s.add({ type: "tool_call_progress", callId: "c1", phase: "moving", changes: 2 });
		s.add({
			type: "edit_intent_declared",
			editId: "e2",
			callId: "c2",
			path: "Old.md",
			operation: "delete",
			description: "delete",
		});
		s.propose("a1", "c2", "deleteNote", { path: "Old.md" })
			.decide("c2", "approved")
			.run("c2", { status: "success", message: "Moved Old.md to the trash" });
		await renderThread(s);
		expect(screen.getAllByText("Moving Daily → Day").length).toBeGreaterThan(0);
		expect(screen.getAllByText("Deleted Old").length).toBeGreaterThan(0);
		expect(screen.queryByText(/Generating changes|Edited/)).toBeNull();
	});

	it("collapses when the turn ends and shows the edit's outcome when opened", async () => {
		const s = turn();
		s.add({ type: "edit_applied", editId: "e1", path: "Daily.md", versionId: "v1", added: 3, removed: 12 });
		s.add({ type: "tool_call_completed", callId: "c3", result: { status: "success", message: "Edited" } });
		s.status("idle");
		const { user } = await renderThread(s);
		const toggle = screen.getByRole("button", { name: /3 steps in/ });
		expect(toggle.getAttribute("aria-expanded")).toBe("false");
		expect(screen.queryByText("Reading Japan trip.md")).toBeNull();
		await user.click(toggle);
		expect(screen.getByText("Edited Daily (+3 −12)")).toBeTruthy();
	});

	it("counts the agent's time, not the time the user spent deciding, and says both", async () => {
		const s = new EventScript().user("m1", "Read A").assistant("a1", "");
		s.propose("a1", "c1", "readNote", { path: "A.md" });
		s.status("waiting_for_approval").later(90_000);
		s.decide("c1", "approved").status("running_tool").run("c1", { status: "success", message: "read" });
		s.status("idle");
		await renderThread(s);
		// 100 s from the message to idle: 92 s from "waiting for approval" to "running", 8 s of the agent.
		const toggle = screen.getByRole("button", { name: /1 step in/ });
		expect(toggle.textContent).toBe("▸1 step in 8.0 s · 1 min 32 s waiting for you");
	});

	it("shows a compaction and a reached context limit as steps, in order with the calls", async () => {
		const s = new EventScript().user("m1", "Read my notes").assistant("a1", "");
		s.propose("a1", "c1", "readNote", { path: "A.md" })
			.decide("c1", "approved")
			.run("c1", { status: "success", message: "read" });
		s.add({ type: "context_limit_reached", model: "gpt-4o", limitTokens: 16384, stated: true });
		s.add({ type: "context_compacted", fromSeq: 1, toSeq: 1, summary: "- earlier", tokensSaved: 12_345 });
		s.assistant("a2", "");
		s.propose("a2", "c2", "readNote", { path: "B.md" })
			.decide("c2", "approved")
			.run("c2", { status: "success", message: "read" });
		s.status("idle");
		const { user } = await renderThread(s);
		await user.click(screen.getByRole("button", { name: /4 steps in/ }));
		const labels = screen.getAllByRole("listitem").map((li) => li.querySelector(".redline-step-label")?.textContent);
		expect(labels).toEqual([
			"Reading A.md",
			"Reached the model's context limit (16,384 tokens); retried with earlier messages shortened",
			"Compacted earlier messages (about 12,345 tokens saved)",
			"Reading B.md",
		]);
		// The pane still shows the whole conversation.
		expect(screen.getByText("Read my notes")).toBeTruthy();
	});

	it("a turn the user moved on from is no longer working, though its status never went idle", async () => {
		const s = new EventScript().user("m1", "Make a reading list").assistant("a1", "");
		s.propose("a1", "c1", "searchNotes", { query: "books" })
			.decide("c1", "approved")
			.run("c1", { status: "success", message: "3 notes" });
		s.status("waiting_for_answer");
		s.user("m2", "Never mind, tidy my daily note");
		await renderThread(s);
		expect(screen.getByRole("button", { name: "Show steps: 1 step" }).getAttribute("aria-expanded")).toBe("false");
		expect(screen.getAllByRole("button", { name: /Working/ })).toHaveLength(1);
	});
});

describe("threads", () => {
	it("starts a chat on the first message when there is none", async () => {
		const { service, user } = await renderThread(new EventScript());
		await user.click(screen.getByRole("button", { name: "New chat" }));
		await user.type(screen.getByRole("textbox", { name: "Message Redline" }), "hello{Enter}");
		expect(service.callsOf("createThread")).toEqual([{}]);
		expect(service.callsOf("sendMessage")).toEqual([{ threadId: "thread_new_1", content: "hello" }]);
	});

	it("pins a note to the chat it shows when the host's command asks", async () => {
		const { service, host } = await renderThread(new EventScript());
		act(() => host.request({ kind: "pin", path: "Daily.md" }));
		await waitFor(() =>
			expect(service.callsOf("pinItem")).toEqual([
				// The command pins for the next message, as the message box does.
				{ threadId: "thread_1", operation: "pin", pinnedItem: { path: "Daily.md", scope: "message" } },
			]),
		);
	});

	it("clears to a new chat when the host's command asks, and makes the thread on the first message", async () => {
		const { service, host, user } = await renderThread(new EventScript().user("m1", "Old question"));
		act(() => host.request({ kind: "new-chat" }));
		await waitFor(() => expect(screen.queryByText("Old question")).toBeNull());
		await user.type(screen.getByRole("textbox", { name: "Message Redline" }), "fresh start{Enter}");
		expect(service.callsOf("sendMessage")).toEqual([{ threadId: "thread_new_1", content: "fresh start" }]);
	});

	it("renames and deletes the current chat with inline confirmation", async () => {
		const { service, user } = await renderThread(new EventScript());
		await user.click(screen.getByRole("button", { name: "More" }));
		await user.click(screen.getByRole("menuitem", { name: "Rename chat" }));
		await user.clear(screen.getByRole("textbox", { name: "Chat name" }));
		await user.type(screen.getByRole("textbox", { name: "Chat name" }), "Trip{Enter}");
		expect(service.callsOf("renameThread")).toEqual([{ threadId: "thread_1", title: "Trip" }]);
		await user.click(screen.getByRole("button", { name: "More" }));
		await user.click(screen.getByRole("menuitem", { name: "Delete chat" }));
		await user.click(screen.getByRole("button", { name: "Confirm delete chat" }));
		expect(service.callsOf("deleteThread")).toEqual([{ threadId: "thread_1" }]);
	});
});
