// @vitest-environment happy-dom
/**
 * The pane speaks to the person, never in the words written for the model: a call that did not
 * run says why ("Skipped — your comment: …", "Cancelled: you sent a new message", "Blocked: edits
 * are not allowed in this chat"), an applied edit says what it did in the past tense,
 * and a create that found the note already there says so plainly. The results come from the real
 * tools' functions, so the model-facing text checked for absence is the one the model gets.
 */
import { cleanup, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { deniedResult } from "../../src/agent/run-calls";
import { disabledComment } from "../../src/agent/approvals";
import { STOPPED_MESSAGE } from "../../src/log/driver";
import { NEW_MESSAGE_INSTEAD } from "../../src/log/newest-message";
import type { ToolCallView } from "../../src/log/state";
import type { ToolResult } from "../../src/log/tool-result";
import { EventScript } from "./support/events";
import { renderThread } from "./support/render";

afterEach(cleanup);

/** The result the runner answers the model with for a denied call (its own function). */
function denied(call: Pick<ToolCallView, "comment" | "decidedBy">): ToolResult {
	return deniedResult({
		callId: "x",
		tool: "readNote",
		args: {},
		messageId: "a1",
		proposedSeq: 1,
		proposedAt: "",
		phase: "denied",
		...call,
	});
}

function modelText(call: Pick<ToolCallView, "comment" | "decidedBy">): string {
	return denied(call).message;
}

function statusOf(card: HTMLElement): string {
	return card.querySelector(".redline-call-status")?.textContent ?? "";
}

function searchWaiting(): EventScript {
	return new EventScript()
		.user("m1", "Find the trip")
		.assistant("a1", "")
		.propose("a1", "c1", "searchNotes", { query: "trip" });
}

describe("a call that did not run", () => {
	it("skipped with a comment says 'Skipped — your comment: …', not the model's 'The user denied this call'", async () => {
		const s = searchWaiting().decide("c1", "denied", "not now");
		s.add({ type: "tool_call_completed", callId: "c1", result: denied({ comment: "not now", decidedBy: "user" }) });
		await renderThread(s.status("idle"));
		const card = screen.getByRole("group", { name: "Search notes for 'trip'" });
		expect(statusOf(card)).toBe("Skipped — your comment: not now");
		expect(card.textContent).not.toContain(modelText({ comment: "not now", decidedBy: "user" }));
		expect(card.textContent).not.toMatch(/Rejected|denied/);
	});

	it("skipped without a comment says 'Skipped'", async () => {
		const s = searchWaiting().decide("c1", "denied");
		s.add({
			type: "tool_call_completed",
			callId: "c1",
			result: { status: "rejected", message: modelText({ decidedBy: "user" }) },
		});
		await renderThread(s);
		expect(statusOf(screen.getByRole("group", { name: "Search notes for 'trip'" }))).toBe("Skipped");
	});

	it("cancelled by a new message says 'Cancelled: you sent a new message', for a waiting call and an approved one that never started", async () => {
		const s = new EventScript().user("m1", "Read both").assistant("a1", "");
		s.propose("a1", "c1", "readNote", { path: "A.md" })
			.propose("a1", "c2", "readNote", { path: "B.md" })
			.decide("c2", "approved");
		// As the service writes them (src/thread/service.ts sendMessage).
		s.add({
			type: "tool_call_decided",
			callId: "c1",
			decision: "denied",
			by: "user",
			comment: `${NEW_MESSAGE_INSTEAD}stop`,
			reason: "new_message",
		});
		s.add({
			type: "tool_call_completed",
			callId: "c2",
			result: { status: "rejected", message: `Not run: ${NEW_MESSAGE_INSTEAD}stop` },
			reason: "new_message",
		});
		s.user("m2", "stop");
		await renderThread(s);
		for (const name of ["Read A.md", "Read B.md"]) {
			const card = screen.getByRole("group", { name });
			expect(statusOf(card)).toBe("Cancelled: you sent a new message");
			expect(card.textContent).not.toContain("The user sent a new message instead");
		}
	});

	it("cancelled in a log written before the reason existed reads the same", async () => {
		const s = new EventScript()
			.user("m1", "Read A")
			.assistant("a1", "")
			.propose("a1", "c1", "readNote", { path: "A.md" });
		s.add({
			type: "tool_call_decided",
			callId: "c1",
			decision: "denied",
			by: "user",
			comment: `${NEW_MESSAGE_INSTEAD}stop`,
		});
		s.add({
			type: "tool_call_completed",
			callId: "c1",
			result: { status: "rejected", message: modelText({ comment: `${NEW_MESSAGE_INSTEAD}stop`, decidedBy: "user" }) },
		});
		await renderThread(s.user("m2", "stop"));
		expect(statusOf(screen.getByRole("group", { name: "Read A.md" }))).toBe("Cancelled: you sent a new message");
	});

	it("blocked by Don't allow says 'Blocked: edits are not allowed in this chat', on an edit card, with the way to change it", async () => {
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
			comment: disabledComment("declareEditIntent"),
		});
		s.add({
			type: "tool_call_completed",
			callId: "c_edit",
			result: {
				status: "rejected",
				message: modelText({ comment: disabledComment("declareEditIntent"), decidedBy: "policy" }),
			},
		});
		await renderThread(s.status("idle"));
		const card = screen.getByRole("group", { name: "Edit Daily.md" });
		expect(statusOf(card)).toBe("Blocked: edits are not allowed in this chat");
		expect(card.textContent).not.toMatch(/disabled|denied|Rejected/);
		expect(card.querySelector(".redline-card-title")?.textContent).toBe("Remove all headings · Daily");
		expect(within(card).getByRole("button", { name: "Change the preference for Plan and draft edits" })).toBeTruthy();
	});

	it("a blocked read says reading notes is not allowed", async () => {
		const s = new EventScript()
			.user("m1", "Read A")
			.assistant("a1", "")
			.propose("a1", "c1", "readNote", { path: "A.md" });
		s.add({
			type: "tool_call_decided",
			callId: "c1",
			decision: "denied",
			by: "policy",
			comment: disabledComment("readNote"),
		});
		await renderThread(s);
		expect(statusOf(screen.getByRole("group", { name: "Read A.md" }))).toBe(
			"Blocked: reading notes is not allowed in this chat",
		);
	});
});

describe("a call the user stopped", () => {
	function slowSearch(): EventScript {
		return searchWaiting().decide("c1", "approved");
	}

	it("stopped while it ran says 'Stopped', never 'Failed'", async () => {
		const s = slowSearch();
		s.add({ type: "tool_call_started", callId: "c1" });
		// As the runner writes it (src/agent/run-calls.ts).
		s.add({
			type: "tool_call_completed",
			callId: "c1",
			result: { status: "error", message: STOPPED_MESSAGE },
			reason: "stopped",
		});
		const { user } = await renderThread(s.status("idle"));
		await user.click(screen.getByRole("button", { name: /Show steps/ }));
		const status = statusOf(screen.getByRole("group", { name: "Search notes for 'trip'" }));
		expect(status).toBe("Stopped: you pressed Stop while it ran");
		expect(status).not.toContain("Failed");
		// Its step in the turn's reasoning steps is not marked failed either.
		expect(document.querySelector(".redline-step-failed")).toBeNull();
		expect(document.querySelector(".redline-step-skipped")?.textContent).toContain("Searching notes for 'trip'");
	});

	it("stopped before it started says so", async () => {
		const s = slowSearch();
		s.add({
			type: "tool_call_completed",
			callId: "c1",
			result: { status: "error", message: `${STOPPED_MESSAGE} before this call ran.` },
			reason: "stopped",
		});
		await renderThread(s.status("idle"));
		expect(statusOf(screen.getByRole("group", { name: "Search notes for 'trip'" }))).toBe(
			"Stopped: you pressed Stop before it ran",
		);
	});

	it("in a log written before the reason existed reads the same", async () => {
		const s = slowSearch();
		s.add({ type: "tool_call_started", callId: "c1" });
		s.add({ type: "tool_call_completed", callId: "c1", result: { status: "error", message: STOPPED_MESSAGE } });
		await renderThread(s.status("idle"));
		expect(statusOf(screen.getByRole("group", { name: "Search notes for 'trip'" }))).toBe(
			"Stopped: you pressed Stop while it ran",
		);
	});

	it("a tool that failed on its own still says 'Failed'", async () => {
		const s = slowSearch();
		s.add({ type: "tool_call_started", callId: "c1" });
		s.add({
			type: "tool_call_completed",
			callId: "c1",
			result: { status: "error", message: "searchNotes failed: disk on fire" },
		});
		await renderThread(s.status("idle"));
		expect(statusOf(screen.getByRole("group", { name: "Search notes for 'trip'" }))).toMatch(/^Failed/);
	});
});

// A note that was read is one line that opens its text: call-lines.test.tsx.

describe("a create that finds the note already there", () => {
	it("says so for a person, not the model's 'Declare a modify to change it'", async () => {
		const s = new EventScript().user("m1", "Make a Daily note").assistant("a1", "");
		s.add({
			type: "edit_intent_declared",
			editId: "e1",
			callId: "c_edit",
			path: "Daily.md",
			operation: "create",
			description: "create the daily note",
		});
		s.propose("a1", "c_edit", "declareEditIntent", {
			path: "Daily.md",
			operation: "create",
			description: "create the daily note",
		}).decide("c_edit", "approved");
		s.run("c_edit", {
			status: "rejected",
			message: "Daily.md already exists; nothing was written. Declare a modify to change it.",
			path: "Daily.md",
			data: { reason: "exists" },
		});
		await renderThread(s);
		const card = screen.getByRole("group", { name: "Edit Daily.md" });
		expect(card.querySelector(".redline-call-result")?.textContent).toBe(
			"Daily.md already exists, so nothing was written. Ask for a change to it instead.",
		);
		expect(card.textContent).not.toContain("Declare a modify");
		expect(within(card).getByText("Refused")).toBeTruthy();
	});
});

describe("an applied edit", () => {
	it("says what it did in the past tense, the note linked by its name", async () => {
		const s = new EventScript().user("m1", "Tidy").assistant("a1", "");
		s.add({
			type: "edit_intent_declared",
			editId: "e1",
			callId: "c_edit",
			path: "Daily.md",
			operation: "modify",
			description: "Remove all headings",
		});
		s.propose("a1", "c_edit", "declareEditIntent", {
			path: "Daily.md",
			operation: "modify",
			description: "Remove all headings",
		})
			.decide("c_edit", "approved")
			.run("c_edit");
		s.add({ type: "edit_applied", editId: "e1", path: "Daily.md", versionId: "v1", added: 0, removed: 3 });
		s.add({
			type: "tool_call_completed",
			callId: "c_edit",
			result: {
				status: "success",
				message: "Edited Daily.md",
				path: "Daily.md",
				data: { versionId: "v1", added: 0, removed: 3, diff: "" },
			},
		});
		await renderThread(s);
		const card = screen.getByRole("group", { name: "Edit Daily.md" });
		expect(card.querySelector(".redline-card-title")?.textContent).toBe("Removed all headings · Daily");
		expect(within(card).getByRole("link", { name: "Open Daily.md" })).toBeTruthy();
	});
});
