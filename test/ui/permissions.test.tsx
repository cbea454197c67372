// @vitest-environment happy-dom
/**
 * What Redline may do in a chat, as the person sees and changes it: the header's Permissions list
 * each tool's preference for this chat and change it at any time (a chat set to "Never" is not a
 * dead end), a card decided by a preference says so with a way to change it, and choosing
 * "Always" or "Never" on a waiting card answers that card too. Every choice is an event.
 */
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { EventScript } from "./support/events";
import { renderThread } from "./support/render";

afterEach(cleanup);

function waitingEdit(): EventScript {
	const s = new EventScript().user("m1", "Tidy Daily").assistant("a1", "");
	s.add({
		type: "edit_intent_declared",
		editId: "e1",
		callId: "c_edit",
		path: "Daily.md",
		operation: "modify",
		description: "remove all headings",
	});
	return s
		.propose("a1", "c_edit", "declareEditIntent", {
			path: "Daily.md",
			operation: "modify",
			description: "remove all headings",
		})
		.status("waiting_for_approval");
}

function blockedEdit(): EventScript {
	const s = new EventScript().user("m1", "Tidy Daily").assistant("a1", "");
	s.add({ type: "tool_preference_set", tool: "declareEditIntent", preference: "never" });
	s.add({
		type: "edit_intent_declared",
		editId: "e1",
		callId: "c_edit",
		path: "Daily.md",
		operation: "modify",
		description: "remove all headings",
	});
	s.propose("a1", "c_edit", "declareEditIntent", {
		path: "Daily.md",
		operation: "modify",
		description: "remove all headings",
	});
	s.add({
		type: "tool_call_decided",
		callId: "c_edit",
		decision: "denied",
		by: "policy",
		comment: "the user disabled declareEditIntent in this chat",
	});
	s.add({
		type: "tool_call_completed",
		callId: "c_edit",
		result: {
			status: "rejected",
			message: "The user denied this call: the user disabled declareEditIntent in this chat",
		},
	});
	return s.status("idle");
}

function pressed(group: HTMLElement): string[] {
	return within(group)
		.getAllByRole("button")
		.filter((button) => button.getAttribute("aria-pressed") === "true")
		.map((button) => button.textContent ?? "");
}

describe("the chat's Permissions", () => {
	it("list every tool's preference for this chat, from its events and the defaults", async () => {
		const { user } = await renderThread(blockedEdit());
		await user.click(screen.getByRole("button", { name: "Permissions" }));
		const panel = screen.getByRole("group", { name: "Permissions in this chat" });
		expect(pressed(within(panel).getByRole("group", { name: "Preference for planning edits in this chat" }))).toEqual([
			"Never",
		]);
		expect(pressed(within(panel).getByRole("group", { name: "Preference for reading notes in this chat" }))).toEqual([
			"Always",
		]);
		expect(pressed(within(panel).getByRole("group", { name: "Preference for writing edits in this chat" }))).toEqual([
			"Ask",
		]);
		expect(within(panel).getAllByRole("group", { name: /^Preference for / })).toHaveLength(6);
	});

	it("change a preference at any time, nothing waiting: Never is set back to Ask", async () => {
		const { service, user } = await renderThread(blockedEdit());
		await user.click(screen.getByRole("button", { name: "Permissions" }));
		await user.click(screen.getByRole("button", { name: "Ask for planning edits" }));
		expect(service.callsOf("setToolPreference")).toEqual([
			{ threadId: "thread_1", tool: "declareEditIntent", preference: "prompt" },
		]);
		// The event comes back and the panel shows it (the log, not a draft).
		const group = screen.getByRole("group", { name: "Preference for planning edits in this chat" });
		await waitFor(() => expect(pressed(group)).toEqual(["Ask"]));
		expect(service.callsOf("decideToolCalls")).toEqual([]);
	});

	it("open on the first tool, and Escape closes them and returns the focus to the header's button", async () => {
		const { user } = await renderThread(blockedEdit());
		const opener = screen.getByRole("button", { name: "Permissions" });
		await user.click(opener);
		expect(opener.getAttribute("aria-expanded")).toBe("true");
		expect(document.activeElement?.getAttribute("aria-label")).toBe("Always for reading notes");
		await user.keyboard("{Escape}");
		expect(screen.queryByRole("group", { name: "Permissions in this chat" })).toBeNull();
		expect(document.activeElement).toBe(opener);
	});

	it("cannot be opened before there is a chat to hold them", async () => {
		const { user } = await renderThread(new EventScript());
		await user.click(screen.getByRole("button", { name: "New chat" }));
		const permissions = screen.getByRole("button", { name: "Permissions" });
		expect(permissions.getAttribute("aria-disabled")).toBe("true");
		await user.click(permissions);
		expect(screen.queryByRole("group", { name: "Permissions in this chat" })).toBeNull();
	});
});

describe("a card decided by a preference", () => {
	it("says so, and Change opens the Permissions on that tool; Done returns to Change", async () => {
		const { user } = await renderThread(blockedEdit());
		const card = screen.getByRole("group", { name: "Edit Daily.md" });
		expect(within(card).getByText(/Set by your preference/)).toBeTruthy();
		const change = within(card).getByRole("button", { name: "Change the preference for planning edits" });
		await user.click(change);
		expect(document.activeElement?.getAttribute("aria-label")).toBe("Never for planning edits");
		await user.click(screen.getByRole("button", { name: "Done with permissions" }));
		expect(document.activeElement).toBe(change);
	});

	it("a card the user decided has no such line", async () => {
		await renderThread(waitingEdit().decide("c_edit", "denied"));
		expect(screen.queryByText(/Set by your preference/)).toBeNull();
	});

	it("a call approved by a preference says so too", async () => {
		const s = new EventScript()
			.user("m1", "Read it")
			.assistant("a1", "")
			.propose("a1", "c1", "readNote", { path: "A.md" });
		s.add({ type: "tool_call_decided", callId: "c1", decision: "approved", by: "policy" });
		await renderThread(s);
		const card = screen.getByRole("group", { name: "Read A.md" });
		expect(within(card).getByRole("button", { name: "Change the preference for reading notes" })).toBeTruthy();
	});
});

describe("the preference on a waiting card", () => {
	it("Always saves the preference and runs this card", async () => {
		const { service, user } = await renderThread(waitingEdit());
		await user.click(screen.getByRole("button", { name: "Always for planning edits" }));
		await waitFor(() =>
			expect(service.callsOf("decideToolCalls")).toEqual([{ threadId: "thread_1", approved: ["c_edit"], denied: [] }]),
		);
		expect(service.callsOf("setToolPreference")).toEqual([
			{ threadId: "thread_1", tool: "declareEditIntent", preference: "always" },
		]);
	});

	it("Never saves the preference and skips this card", async () => {
		const { service, user } = await renderThread(waitingEdit());
		await user.click(screen.getByRole("button", { name: "Never for planning edits" }));
		await waitFor(() =>
			expect(service.callsOf("decideToolCalls")).toEqual([{ threadId: "thread_1", approved: [], denied: ["c_edit"] }]),
		);
	});

	it("Ask only saves it (the card still waits), and choosing the shown value again sends nothing", async () => {
		// A read that waits although reading is "Always" (a file under the access floor asks anyway).
		const s = new EventScript()
			.user("m1", "x")
			.assistant("a1", "")
			.propose("a1", "c_read", "readNote", { path: ".obsidian/app.json" });
		const { service, user } = await renderThread(s);
		await user.click(screen.getByRole("button", { name: "Ask for reading notes" }));
		await waitFor(() =>
			expect(pressed(screen.getByRole("group", { name: "Preference for reading notes in this chat" }))).toEqual([
				"Ask",
			]),
		);
		await user.click(screen.getByRole("button", { name: "Ask for reading notes" }));
		expect(service.callsOf("setToolPreference")).toEqual([
			{ threadId: "thread_1", tool: "readNote", preference: "prompt" },
		]);
		expect(screen.getByRole("button", { name: /^Run: / })).toBeTruthy();
		expect(service.callsOf("decideToolCalls")).toEqual([]);
	});

	it("arrow keys move nothing: only a press commits, and the focus stays on the control", async () => {
		const { service, user } = await renderThread(waitingEdit());
		screen.getByRole("button", { name: "Ask for planning edits" }).focus();
		await user.keyboard("{ArrowDown}{ArrowDown}{ArrowUp}");
		expect(service.callsOf("setToolPreference")).toEqual([]);
		await user.keyboard("{Tab}{Tab}");
		expect(document.activeElement?.getAttribute("aria-label")).toBe("Never for planning edits");
		expect(service.callsOf("setToolPreference")).toEqual([]);
	});

	it("a failed save is shown in place and answers no card", async () => {
		const { service, user } = await renderThread(waitingEdit());
		service.failNext.set("setToolPreference", {
			ok: false,
			error: { code: "unknown_thread", message: "This chat no longer exists." },
		});
		const always = screen.getByRole("button", { name: "Always for planning edits" });
		await user.click(always);
		expect(await screen.findByText("This chat no longer exists.")).toBeTruthy();
		expect(service.callsOf("decideToolCalls")).toEqual([]);
		expect(always.getAttribute("aria-pressed")).toBe("false");
		expect(document.activeElement).toBe(always);
	});
});
