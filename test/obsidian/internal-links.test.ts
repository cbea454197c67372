// @vitest-environment happy-dom
// [[links]] in the agent's replies act as they do in a note: a click opens the note (Mod-click or
// a middle click in a new tab), hovering shows Page preview's popover. (Failed before the view's
// delegated handler: an ItemView gets none of Obsidian's link handling.)
import { afterEach, describe, expect, it } from "vitest";
import { App, delegatedListenerCount, MarkdownView, Platform } from "../fakes/obsidian";
import { startPlugin, stopPlugin } from "./support/plugin";
import { until } from "./support/until";
import type { HoverLinkEvent } from "../../src/obsidian/internal-links";
import { DEFAULT_CONFIG_DIR } from "../../src/vault/paths";

const THREAD = "t_links";

/** A chat whose reply mentions two notes, as its log on disk records it (before the plugin starts). */
async function appWithReply(): Promise<App> {
	const app = new App({ win: window as never });
	app.vault.seed({ "Daily.md": "# Daily\n", "Projects/Plan.md": "# Plan\n" });
	const at = "2026-01-10T09:00:00.000Z";
	const events = [
		{ type: "thread_created", v: 1, title: "Links" },
		{ type: "user_message", messageId: "m1", content: "Where are my notes?", pinned: [] },
		{ type: "assistant_message_started", messageId: "m2" },
		{ type: "assistant_token", messageId: "m2", text: "See [[Daily]] and [[Projects/Plan|the plan]]." },
		{ type: "assistant_message_completed", messageId: "m2", finishReason: "stop" },
	].map((event, i) => JSON.stringify({ seq: i + 1, threadId: THREAD, at, ...event }));
	await app.vault.adapter.mkdir(`${DEFAULT_CONFIG_DIR}/plugins/redline/data/threads`);
	await app.vault.adapter.write(
		`${DEFAULT_CONFIG_DIR}/plugins/redline/data/threads/${THREAD}.jsonl`,
		events.join("\n") + "\n",
	);
	return app;
}

function link(app: App, text: string): HTMLAnchorElement {
	const found = [...app.doc.querySelectorAll<HTMLAnchorElement>(".redline-view a.internal-link")].find(
		(a) => a.textContent === text,
	);
	if (!found) throw new Error(`no link ${text}`);
	return found;
}

async function openPaneOnReply(app: App): Promise<void> {
	app.runCommand("redline:open-chat");
	await until(() => app.doc.querySelector(".redline-view a.internal-link"));
}

const mac = Platform.isMacOS;
afterEach(() => {
	Platform.isMacOS = mac;
});

describe("[[links]] in the pane", () => {
	it("open the note on click", async () => {
		const app = await appWithReply();
		const { plugin } = await startPlugin(app);
		await openPaneOnReply(app);
		const daily = link(app, "Daily");
		expect(daily.getAttribute("data-href")).toBe("Daily");
		const click = new MouseEvent("click", { bubbles: true, cancelable: true, button: 0 });
		daily.dispatchEvent(click);
		expect(click.defaultPrevented).toBe(true);
		expect(app.workspace.linksOpened).toEqual([{ linktext: "Daily", sourcePath: "", newLeaf: false }]);
		await until(() => app.workspace.getActiveViewOfType(MarkdownView)?.file?.path === "Daily.md");
		await stopPlugin(plugin);
	});

	it("open in a new tab with Mod-click (Ctrl, or Cmd on macOS) or a middle click, in a split with Mod+Alt", async () => {
		const app = await appWithReply();
		const { plugin } = await startPlugin(app);
		await openPaneOnReply(app);
		const plan = link(app, "the plan");
		plan.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true, ctrlKey: true }));
		plan.dispatchEvent(new MouseEvent("auxclick", { bubbles: true, cancelable: true, button: 1 }));
		plan.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true, ctrlKey: true, altKey: true }));
		Platform.isMacOS = true;
		plan.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true, metaKey: true }));
		expect(app.workspace.linksOpened.map((l) => [l.linktext, l.newLeaf])).toEqual([
			["Projects/Plan", "tab"],
			["Projects/Plan", "tab"],
			["Projects/Plan", "split"],
			["Projects/Plan", "tab"],
		]);
		await stopPlugin(plugin);
	});

	it("ask Page preview for the hover popover, with the pane as its parent", async () => {
		const app = await appWithReply();
		const { plugin } = await startPlugin(app);
		expect(app.hoverLinkSources.get("redline-chat")).toEqual({ display: "Redline", defaultMod: true });
		const hovers: HoverLinkEvent[] = [];
		const ref = app.workspace.on("hover-link", (payload: unknown) => hovers.push(payload as HoverLinkEvent));
		await openPaneOnReply(app);
		const daily = link(app, "Daily");
		daily.dispatchEvent(new MouseEvent("mouseover", { bubbles: true }));
		const view = app.workspace.getLeavesOfType("redline-chat")[0].view;
		expect(hovers).toHaveLength(1);
		const { source, linktext, sourcePath, targetEl, hoverParent, event } = hovers[0];
		expect({ source, linktext, sourcePath }).toEqual({ source: "redline-chat", linktext: "Daily", sourcePath: "" });
		// (Compared by identity: a deep comparison would walk the whole DOM.)
		expect(targetEl === daily && hoverParent === (view as unknown) && event.type === "mouseover").toBe(true);
		app.workspace.offref(ref);
		await stopPlugin(plugin);
	});

	it("stop listening when the pane closes", async () => {
		const app = await appWithReply();
		const { plugin } = await startPlugin(app);
		await openPaneOnReply(app);
		const leaf = app.workspace.getLeavesOfType("redline-chat")[0];
		const content = (leaf.view as unknown as { contentEl: HTMLElement }).contentEl;
		expect(delegatedListenerCount(content)).toBe(3);
		leaf.detach();
		await until(() => delegatedListenerCount(content) === 0 || null);
		await stopPlugin(plugin);
	});
});
