// @vitest-environment happy-dom
/**
 * Pins say what they do (issue 30): a pin made with the message box is for the next message (the
 * service clears it once that is sent), and its chip says so; the chip's Keep switches it to
 * "kept for every message in this chat" and back. A pin from a log written before pins had a
 * scope is kept, as it always was.
 */
import { act, cleanup, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { EventScript } from "./support/events";
import { renderThread } from "./support/render";

afterEach(cleanup);

function chip(name: string): HTMLElement {
	const list = screen.getByRole("list", { name: "Pinned notes" });
	const item = within(list)
		.getAllByRole("listitem")
		.find((li) => li.textContent?.includes(name));
	if (!item) throw new Error(`no chip for ${name}`);
	return item;
}

describe("pinned notes", () => {
	it("a pin made from the message box is for the next message, and its chip says so", async () => {
		const { service, user } = await renderThread(new EventScript(), {
			active: "Daily.md",
			notes: ["Travel/Japan trip.md", "Daily.md"],
		});
		await user.click(screen.getByRole("button", { name: "Pin active note Daily.md" }));
		await user.type(screen.getByRole("textbox", { name: "Message Redline" }), "see [[[[japan");
		await screen.findByRole("option", { name: "Travel/Japan trip.md" });
		await user.keyboard("{Enter}");
		expect(service.callsOf("pinItem")).toEqual([
			{ threadId: "thread_1", operation: "pin", pinnedItem: { path: "Daily.md", scope: "message" } },
			{ threadId: "thread_1", operation: "pin", pinnedItem: { path: "Travel/Japan trip.md", scope: "message" } },
		]);

		act(() => service.push("thread_1", { type: "item_pinned", item: { path: "Daily.md", scope: "message" } }));
		const daily = await waitFor(() => chip("Daily.md"));
		expect(daily.textContent).toContain("for this message");
		const keep = within(daily).getByRole("button", { name: "Keep Daily.md for every message in this chat" });
		expect(keep.getAttribute("aria-pressed")).toBe("false");
	});

	it("Keep on the chip keeps the pin for every message in this chat, and pressing it again makes it one message's", async () => {
		const s = new EventScript();
		s.add({ type: "item_pinned", item: { path: "Daily.md", scope: "message" } });
		const { service, user } = await renderThread(s);
		await user.click(within(chip("Daily.md")).getByRole("button", { name: /^Keep Daily\.md/ }));
		expect(service.callsOf("pinItem")).toEqual([
			{ threadId: "thread_1", operation: "pin", pinnedItem: { path: "Daily.md", scope: "chat" } },
		]);
		act(() => service.push("thread_1", { type: "item_pinned", item: { path: "Daily.md", scope: "chat" } }));
		await waitFor(() => expect(chip("Daily.md").textContent).toContain("kept for every message in this chat"));
		const keep = within(chip("Daily.md")).getByRole("button", { name: /^Keep Daily\.md/ });
		expect(keep.getAttribute("aria-pressed")).toBe("true");
		expect(chip("Daily.md").textContent).not.toContain("for this message");

		await user.click(keep);
		expect(service.callsOf("pinItem").at(-1)).toEqual({
			threadId: "thread_1",
			operation: "pin",
			pinnedItem: { path: "Daily.md", scope: "message" },
		});
	});

	it("a pin from an older log (no scope) is kept for every message, and can be unpinned", async () => {
		const s = new EventScript();
		s.add({ type: "item_pinned", item: { path: "Old.md" } });
		const { service, user } = await renderThread(s);
		const old = chip("Old.md");
		expect(old.textContent).toContain("kept for every message in this chat");
		expect(
			within(old)
				.getByRole("button", { name: /^Keep Old\.md/ })
				.getAttribute("aria-pressed"),
		).toBe("true");
		await user.click(within(old).getByRole("button", { name: "Unpin Old.md" }));
		expect(service.callsOf("pinItem")).toEqual([
			{ threadId: "thread_1", operation: "unpin", pinnedItem: { path: "Old.md" } },
		]);
	});
});
