// @vitest-environment happy-dom
/**
 * The header and the chat list show a chat's automatic title, over the real thread service (ScriptedDriver
 * replies, a title maker that words the title): for the chat shown as soon as it is made, and
 * still when the user starts a new chat or goes back to another one. (Before, the list was read
 * only after create, rename and delete: a new chat's title showed while it was on screen, and
 * the chat was "Chat of 12/1/2026, …" again in the list as soon as the user left it.)
 */
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent, { type UserEvent } from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import type { TitleMaker } from "../../src/thread/auto-title";
import { RedlinePane } from "../../src/ui/components/RedlinePane";
import { makeService, mustCreate } from "../thread/support/service";
import { testHost } from "./support/host";

afterEach(cleanup);

const titles: TitleMaker = {
	title: (message) => Promise.resolve(message.includes("garden") ? "Spring garden plan" : "Something else"),
};

/** The titles in the chat list, opened and closed again (Escape). */
async function listed(user: UserEvent): Promise<string[]> {
	await user.click(screen.getByRole("button", { name: "Chat history" }));
	const titles = screen
		.getAllByRole("option")
		.map((option) => option.querySelector(".redline-chat-list-title")?.textContent ?? "");
	await user.keyboard("{Escape}");
	return titles;
}
/** The chat on screen, as the header names it. */
const shown = () => document.querySelector(".redline-header-title")?.textContent;

describe("the chat list", () => {
	it("shows the automatic title of the chat on screen, and keeps it once the user starts a new chat", async () => {
		const { service } = makeService({ titles });
		const user = userEvent.setup();
		render(<RedlinePane host={testHost(service)} />);
		await user.type(screen.getByRole("textbox", { name: "Message Redline" }), "Help me plan the garden{Enter}");
		await waitFor(() => expect(shown()).toBe("Spring garden plan"), { timeout: 5000 });

		await user.click(screen.getByRole("button", { name: "New chat" }));
		expect(shown()).toBe("New chat");
		await waitFor(async () => expect(await listed(user)).toContain("Spring garden plan"), { timeout: 5000 });
		await service.close();
	});

	it("lists the chat the user left by its automatic title when they switch to another chat", async () => {
		const { service } = makeService({ titles });
		await mustCreate(service, "Older chat");
		const user = userEvent.setup();
		render(<RedlinePane host={testHost(service)} />);
		await waitFor(() => expect(shown()).toBe("Older chat"));
		await user.click(screen.getByRole("button", { name: "New chat" }));
		await user.type(screen.getByRole("textbox", { name: "Message Redline" }), "Help me plan the garden{Enter}");
		await waitFor(() => expect(shown()).toBe("Spring garden plan"), { timeout: 5000 });

		await user.click(screen.getByRole("button", { name: "Chat history" }));
		await user.keyboard("Older{Enter}");
		await waitFor(() => expect(shown()).toBe("Older chat"));
		// Newest first: opening a chat is no activity in it, so the garden chat stays on top.
		await waitFor(async () => expect(await listed(user)).toEqual(["Spring garden plan", "Older chat"]), {
			timeout: 5000,
		});
		await service.close();
	});
});
