// @vitest-environment happy-dom
import { describe, expect, it } from "vitest";
import { App, migrationListenerCount } from "../fakes/obsidian";
import { startPlugin, stopPlugin } from "./support/plugin";
import { setTimeout } from "../../src/node/timers";

async function settle(): Promise<void> {
	for (let i = 0; i < 20; i++) await new Promise((resolve) => setTimeout(resolve, 0));
}

function paneOf(app: App): HTMLElement {
	const leaf = app.workspace.getLeavesOfType("redline-chat")[0];
	if (!leaf) throw new Error("no Redline view");
	return (leaf.view as unknown as { contentEl: HTMLElement }).contentEl;
}

describe("ChatView", () => {
	it("mounts the pane in the right sidebar when opened and unmounts it when closed", async () => {
		const { app, plugin } = await startPlugin(new App({ win: window as never }));
		app.runCommand("redline:open-chat");
		await settle();
		const leaves = app.workspace.getLeavesOfType("redline-chat");
		expect(leaves).toHaveLength(1);
		expect(leaves[0].side).toBe("right");
		const content = paneOf(app);
		expect(content.childElementCount).toBeGreaterThan(0);

		// Opening again reveals the same view instead of adding one.
		app.runCommand("redline:open-chat");
		await settle();
		expect(app.workspace.getLeavesOfType("redline-chat")).toHaveLength(1);

		leaves[0].detach();
		await settle();
		expect(content.childElementCount).toBe(0);
		await stopPlugin(plugin);
	});

	it("re-creates the pane in a pop-out window, showing the same state from the service", async () => {
		const { app, plugin } = await startPlugin(new App({ win: window as never }));
		const service = await plugin.service();
		const created = await service.createThread({ title: "Groceries" });
		expect(created.ok).toBe(true);
		app.runCommand("redline:open-chat");
		await settle();
		const content = paneOf(app);
		const before = content.innerHTML;
		expect(before).not.toBe("");

		const leaf = app.workspace.getLeavesOfType("redline-chat")[0];
		const { win } = app.workspace.moveLeafToPopout(leaf);
		await settle();
		expect(content.ownerDocument).toBe(win.document);
		// One pane, rebuilt in the new window (not a second root next to a dead one).
		expect(content.innerHTML).toBe(before);
		expect(content.childElementCount).toBe(1);
		// The state lives in the plugin's service, which the view did not recreate.
		expect(await plugin.service()).toBe(service);
		const threads = await service.listThreads();
		expect(threads.ok && threads.threads.map((t) => t.title)).toEqual(["Groceries"]);
		expect(migrationListenerCount(leaf.view.containerEl)).toBe(1);

		leaf.detach();
		await settle();
		expect(migrationListenerCount(leaf.view.containerEl)).toBe(0);
		await stopPlugin(plugin);
		await win.happyDOM.close();
	});
});
