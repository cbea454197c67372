// @vitest-environment happy-dom
import { cleanup, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { EventScript } from "./support/events";
import { renderThread } from "./support/render";

afterEach(cleanup);

function proposedRead(): EventScript {
	return new EventScript()
		.user("m1", "What is in my trip note?")
		.assistant("a1", "Let me look.")
		.propose("a1", "call_read", "readNote", { path: "Travel/Japan trip.md" })
		.status("waiting_for_approval");
}

describe("tool call cards", () => {
	it("Run approves exactly this call", async () => {
		const { service, user } = await renderThread(proposedRead());
		await user.click(screen.getByRole("button", { name: "Run: Read Travel/Japan trip.md" }));
		expect(service.callsOf("decideToolCalls")).toEqual([{ threadId: "thread_1", approved: ["call_read"], denied: [] }]);
	});

	it("Skip denies the call and carries the optional comment for the model", async () => {
		const { service, user } = await renderThread(proposedRead());
		await user.click(screen.getByRole("button", { name: "Add comment for the model" }));
		await user.type(screen.getByRole("textbox", { name: "Comment for the model" }), "not that one");
		await user.click(screen.getByRole("button", { name: "Skip: Read Travel/Japan trip.md" }));
		expect(service.callsOf("decideToolCalls")).toEqual([
			{ threadId: "thread_1", approved: [], denied: ["call_read"], comment: "not that one" },
		]);
	});

	it("Run carries a typed comment for the model too (before, Run dropped it)", async () => {
		const { service, user } = await renderThread(proposedRead());
		await user.click(screen.getByRole("button", { name: "Add comment for the model" }));
		await user.type(screen.getByRole("textbox", { name: "Comment for the model" }), "Run, and keep the dates");
		await user.click(screen.getByRole("button", { name: "Run: Read Travel/Japan trip.md" }));
		expect(service.callsOf("decideToolCalls")).toEqual([
			{ threadId: "thread_1", approved: ["call_read"], denied: [], comment: "Run, and keep the dates" },
		]);
	});

	it("paths in the arguments are links that open the note", async () => {
		const { host, user } = await renderThread(proposedRead());
		await user.click(screen.getByRole("link", { name: "Open Travel/Japan trip.md" }));
		expect(host.opened).toEqual(["Travel/Japan trip.md"]);
	});

	it("shows a failed decision in place", async () => {
		const { service, user } = await renderThread(proposedRead());
		service.failNext.set("decideToolCalls", {
			ok: false,
			error: { code: "not_pending", message: "That call is no longer waiting." },
		});
		await user.click(screen.getByRole("button", { name: "Run: Read Travel/Japan trip.md" }));
		expect(await screen.findByText("That call is no longer waiting.")).toBeTruthy();
	});

	it("a completed call of a tool that gives no summary shows Done with its result", async () => {
		const script = new EventScript()
			.user("m1", "Frobnicate")
			.assistant("a1", "")
			.propose("a1", "c1", "frobnicate", {})
			.decide("c1", "approved")
			.run("c1", { status: "success", message: "result said success" });
		await renderThread(script);
		const card = screen.getByRole("group", { name: "Run frobnicate" });
		expect(within(card).getByText("Done")).toBeTruthy();
		expect(within(card).getByText("result said success")).toBeTruthy();
		expect(within(card).queryByRole("button")).toBeNull();
	});

	// (A search that succeeded is one line that opens the notes found: call-lines.test.tsx.)
	it.each([
		["rejected", "Refused"],
		["no-op", "No change"],
		["error", "Failed"],
	] as const)(
		"a completed call with status %s is non-interactive and shows %s with its result",
		async (status, label) => {
			const script = new EventScript()
				.user("m1", "Find my trip")
				.assistant("a1", "")
				.propose("a1", "c_search", "searchNotes", { query: "trip" })
				.decide("c_search", "approved")
				.run("c_search", { status, message: `result said ${status}` });
			await renderThread(script);
			const card = screen.getByRole("group", { name: "Search notes for 'trip'" });
			expect(within(card).getByText(label)).toBeTruthy();
			expect(within(card).getByText(`result said ${status}`)).toBeTruthy();
			expect(within(card).queryByRole("button")).toBeNull();
			expect(card.className).toContain("redline-card-executed");
		},
	);

	it("a running call shows its progress, a denied one says it was skipped with the comment", async () => {
		const script = new EventScript()
			.user("m1", "Look around")
			.assistant("a1", "")
			.propose("a1", "c_list", "listNotes", { folder: "Projects" })
			.propose("a1", "c_search", "searchNotes", { query: "trip" })
			.decide("c_list", "approved")
			.run("c_list")
			.decide("c_search", "denied", "no searching");
		script.add({ type: "tool_call_progress", callId: "c_list", phase: "listing", fraction: 0.45 });
		await renderThread(script);
		const running = screen.getByRole("group", { name: "List notes in Projects" });
		expect(within(running).getByText("Running 45%")).toBeTruthy();
		expect(within(running).getByRole<HTMLProgressElement>("progressbar").value).toBe(45);
		const denied = screen.getByRole("group", { name: "Search notes for 'trip'" });
		expect(denied.querySelector(".redline-call-status")?.textContent).toBe("Skipped — your comment: no searching");
	});

	it("a proposed call looks different from an executed one", async () => {
		await renderThread(proposedRead());
		const card = screen.getByRole("group", { name: "Read Travel/Japan trip.md" });
		expect(card.className).toContain("redline-card-proposed");
		expect(card.querySelector(".redline-card-title")?.textContent).toBe("Read Japan trip");
	});
});
