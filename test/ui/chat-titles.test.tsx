// @vitest-environment happy-dom
/**
 * The chat picker shows a chat's automatic title, over the real thread service (ScriptedDriver
 * replies, a title maker that words the title): for the chat shown as soon as it is made, and
 * still when the user starts a new chat or goes back to another one. (Before, the list was read
 * only after create, rename and delete: a new chat's title showed while it was on screen, and
 * the chat was "Chat of 12/1/2026, …" again in the list as soon as the user left it.)
 */
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import type { TitleMaker } from "../../src/thread/auto-title";
import { RedlinePane } from "../../src/ui/components/RedlinePane";
import { makeService, mustCreate } from "../thread/support/service";
import { testHost } from "./support/host";

afterEach(cleanup);

const titles: TitleMaker = {
	title: (message) => Promise.resolve(message.includes("garden") ? "Spring garden plan" : "Something else"),
};

const options = () =>
	[...screen.getByRole<HTMLSelectElement>("combobox", { name: "Chat" }).options].map((option) => option.textContent);
const shown = () => {
	const select = screen.getByRole<HTMLSelectElement>("combobox", { name: "Chat" });
	return select.options[select.selectedIndex]?.textContent;
};

describe("the chat picker", () => {
	it("shows the automatic title of the chat on screen, and keeps it once the user starts a new chat", async () => {
		const { service } = makeService({ titles });
		const user = userEvent.setup();
		render(<RedlinePane host={testHost(service)} />);
		await user.type(screen.getByRole("textbox", { name: "Message Redline" }), "Help me plan the garden{Enter}");
		await waitFor(() => expect(shown()).toBe("Spring garden plan"), { timeout: 5000 });

		await user.click(screen.getByRole("button", { name: "New chat" }));
		expect(shown()).toBe("New chat");
		await waitFor(() => expect(options()).toContain("Spring garden plan"), { timeout: 5000 });
		await service.close();
	});

	it("lists the chat the user left by its automatic title when they switch to another chat", async () => {
		const { service } = makeService({ titles });
		const older = await mustCreate(service, "Older chat");
		const user = userEvent.setup();
		render(<RedlinePane host={testHost(service)} />);
		await waitFor(() => expect(shown()).toBe("Older chat"));
		await user.click(screen.getByRole("button", { name: "New chat" }));
		await user.type(screen.getByRole("textbox", { name: "Message Redline" }), "Help me plan the garden{Enter}");
		await waitFor(() => expect(shown()).toBe("Spring garden plan"), { timeout: 5000 });

		await user.selectOptions(screen.getByRole("combobox", { name: "Chat" }), older);
		await waitFor(() => expect(shown()).toBe("Older chat"));
		await waitFor(() => expect(options()).toEqual(["Spring garden plan", "Older chat"]), { timeout: 5000 });
		await service.close();
	});
});
