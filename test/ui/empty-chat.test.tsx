// @vitest-environment happy-dom
/**
 * The empty chat helps a new user start (issue 30): a few requests made from the note they look at
 * and the vault's folders, which fill the message box (never send), one line on safety, and
 * "Pin active note" as a quiet secondary control.
 */
import { act, cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { RedlinePane } from "../../src/ui/components/RedlinePane";
import { suggestedRequests } from "../../src/ui/suggested-requests";
import { EventScript } from "./support/events";
import { FakeThreadService } from "./support/fake-service";
import { testHost } from "./support/host";
import { renderThread } from "./support/render";

afterEach(cleanup);

/** A service whose chat list arrives when the test says, as one read from disk does. */
class ListLater extends FakeThreadService {
	private pending: Array<() => void> = [];
	override listThreads() {
		const answer = super.listThreads();
		return new Promise<Awaited<typeof answer>>((resolve) => this.pending.push(() => void answer.then(resolve)));
	}
	answerList(): void {
		for (const answer of this.pending.splice(0)) answer();
	}
}

const VAULT = [
	"Daily/2026-11-27.md",
	"Daily/2026-11-28.md",
	"Daily/2026-11-29.md",
	"Articles/On slow reading.md",
	"Articles/Attention.md",
	"Projects/Garden shed.md",
	"Inbox.md",
];

function newChat(active: string | null = "Projects/Garden shed.md", notes = VAULT) {
	const service = new FakeThreadService();
	const host = testHost(service, notes, active);
	const user = userEvent.setup();
	render(<RedlinePane host={host} />);
	return { service, host, user };
}

describe("the empty chat", () => {
	it("offers requests about the active note and the vault's folders, in a group named for them", async () => {
		newChat();
		const group = await screen.findByRole("group", { name: "Suggested requests" });
		const names = within(group)
			.getAllByRole("button")
			.map((button) => button.textContent);
		expect(names).toEqual([
			"Summarize Garden shed",
			"Add tags to Garden shed",
			"Find notes about Daily",
			"Make a reading list from Articles/",
		]);
		expect(screen.getByText("Redline asks before each edit; every change can be reverted.")).toBeTruthy();
	});

	it("a suggestion fills the message box and focuses it, without sending", async () => {
		const { service, user } = newChat();
		const group = await screen.findByRole("group", { name: "Suggested requests" });
		await user.click(within(group).getByRole("button", { name: "Summarize Garden shed" }));
		const input = screen.getByRole<HTMLTextAreaElement>("textbox", { name: "Message Redline" });
		expect(input.value).toBe("Summarize [[Projects/Garden shed]]");
		await waitFor(() => expect(input.ownerDocument.activeElement).toBe(input));
		expect(service.callsOf("sendMessage")).toEqual([]);
		expect(service.callsOf("createThread")).toEqual([]);
		// Enter then sends what the suggestion wrote.
		await user.keyboard("{Enter}");
		await waitFor(() =>
			expect(service.callsOf("sendMessage")).toEqual([
				{ threadId: "thread_new_1", content: "Summarize [[Projects/Garden shed]]" },
			]),
		);
	});

	it("follows the active note, and without one still offers the vault's requests", async () => {
		const { host } = newChat(null);
		const group = await screen.findByRole("group", { name: "Suggested requests" });
		expect(within(group).queryByRole("button", { name: /^Summarize/ })).toBeNull();
		expect(within(group).getAllByRole("button").length).toBeGreaterThanOrEqual(3);
		host.setActiveNote("Inbox.md");
		await waitFor(() => expect(within(group).getByRole("button", { name: "Summarize Inbox" })).toBeTruthy());
	});

	it("shows in a chat that has no message yet, and leaves once one is sent", async () => {
		const s = new EventScript();
		s.add({ type: "item_pinned", item: { path: "Inbox.md", scope: "message" } });
		const { service } = await renderThread(s, { active: "Inbox.md", notes: VAULT });
		expect(screen.getByRole("group", { name: "Suggested requests" })).toBeTruthy();
		service.push("thread_1", { type: "user_message", messageId: "m1", content: "Hello", pinned: [] });
		await waitFor(() => expect(screen.queryByRole("group", { name: "Suggested requests" })).toBeNull());
	});

	it("waits for the chat list: a reopened pane goes to its chat without showing the empty chat first", async () => {
		const s = new EventScript().user("m1", "Hello").assistant("a1", "Hi", false);
		const service = new ListLater();
		service.addThread(s.threadId, s.events);
		render(<RedlinePane host={testHost(service, VAULT, "Inbox.md")} />);
		await waitFor(() => expect(service.callsOf("listThreads")).toHaveLength(1));
		expect(screen.queryByText("Ask about your notes, or ask Redline to change one.")).toBeNull();
		expect(screen.queryByRole("group", { name: "Suggested requests" })).toBeNull();
		await act(async () => service.answerList());
		expect(await screen.findByText("Hi")).toBeTruthy();
		expect(screen.queryByRole("group", { name: "Suggested requests" })).toBeNull();
	});

	it("once the list says there is no chat yet, offers the empty chat", async () => {
		const service = new ListLater();
		render(<RedlinePane host={testHost(service, VAULT, "Inbox.md")} />);
		await waitFor(() => expect(service.callsOf("listThreads")).toHaveLength(1));
		expect(screen.queryByRole("group", { name: "Suggested requests" })).toBeNull();
		await act(async () => service.answerList());
		expect(await screen.findByRole("group", { name: "Suggested requests" })).toBeTruthy();
	});

	it("keeps Pin active note as a quiet control after the suggestions", async () => {
		newChat();
		const group = await screen.findByRole("group", { name: "Suggested requests" });
		const pin = screen.getByRole("button", { name: "Pin active note Projects/Garden shed.md" });
		expect(pin.classList.contains("redline-button-quiet")).toBe(true);
		expect(pin.classList.contains("mod-cta")).toBe(false);
		// Reading order: the suggestions come first.
		expect(group.compareDocumentPosition(pin) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
	});
});

describe("suggestedRequests", () => {
	it("names notes by their name and folders by their path, and never offers more than four", () => {
		const list = suggestedRequests("Daily/2026-11-28.md", VAULT);
		expect(list.length).toBeLessThanOrEqual(4);
		expect(list[0]).toEqual({ label: "Summarize 2026-11-28", text: "Summarize [[Daily/2026-11-28]]" });
	});

	it("offers nothing about a file that is not a note, and something in an empty vault", () => {
		const list = suggestedRequests("Scans/receipt.pdf", []);
		expect(list.some((s) => s.label.includes("receipt"))).toBe(false);
		expect(list.length).toBeGreaterThanOrEqual(3);
	});
});
