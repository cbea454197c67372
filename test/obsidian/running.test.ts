// @vitest-environment happy-dom
// While a turn runs: a status-bar item says so (a click opens the pane) and "Stop the agent" is
// offered; otherwise neither. Note commands are offered for Markdown notes only.
import { afterEach, describe, expect, it } from "vitest";
import { scripted, startModelServer, type ModelServer } from "../../src/sandbox/model-server";
import { App } from "../fakes/obsidian";
import { asDesktop } from "./support/desktop-require";
import { startPlugin, stopPlugin } from "./support/plugin";
import { setTimeout } from "../../src/node/timers";

let server: ModelServer | undefined;
asDesktop();
afterEach(async () => {
	await server?.close();
	server = undefined;
});

async function until(check: () => boolean): Promise<void> {
	for (let i = 0; i < 1000 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
	if (!check()) throw new Error("timed out waiting");
}

function statusItem(app: App): HTMLElement {
	const el = app.statusBar.querySelector<HTMLElement>(".plugin-redline");
	if (!el) throw new Error("no status-bar item");
	return el;
}

describe("while a turn runs", () => {
	it("shows a status-bar item that opens the pane, and offers Stop, until the turn ends", async () => {
		// A slow reply: the turn runs for seconds.
		server = await startModelServer({
			script: scripted({ text: "word ".repeat(60), pace: { firstTokenMs: 0, tokensPerSecond: 10 } }),
		});
		const { app, plugin } = await startPlugin(new App({ win: window as never }), {
			settings: { mainModel: { baseUrl: server.baseURL, model: "scripted" }, transport: "node" },
			secrets: {},
		});
		expect(statusItem(app).hidden).toBe(true);
		expect(app.isCommandAvailable("redline:stop-agent")).toBe(false);

		const service = await plugin.service();
		const created = await service.createThread({});
		if (!created.ok) throw new Error(created.error.message);
		await service.sendMessage({ threadId: created.threadId, content: "Talk slowly" });
		await until(() => !statusItem(app).hidden);
		expect(statusItem(app).textContent).toBe("Redline is working…");
		expect(app.isCommandAvailable("redline:stop-agent")).toBe(true);

		statusItem(app).click();
		await until(() => app.workspace.getLeavesOfType("redline-chat").length === 1);

		app.runCommand("redline:stop-agent");
		await until(() => statusItem(app).hidden);
		expect(app.isCommandAvailable("redline:stop-agent")).toBe(false);
		await stopPlugin(plugin);
		expect(app.statusBar.querySelector(".plugin-redline")).toBeNull();
	});

	it("offers note commands for Markdown notes only", async () => {
		const app = new App();
		app.vault.seed({ "Daily.md": "# Daily\n", "Board.canvas": "{}", "Scan.pdf": "%PDF" });
		const { plugin } = await startPlugin(app);
		for (const path of ["Board.canvas", "Scan.pdf"]) {
			await app.workspace.openFile(path);
			expect(app.isCommandAvailable("redline:pin-active-note"), path).toBe(false);
			expect(app.isCommandAvailable("redline:show-history"), path).toBe(false);
			expect(app.isCommandAvailable("redline:revert-last-change"), path).toBe(false);
		}
		await app.workspace.openFile("Daily.md");
		expect(app.isCommandAvailable("redline:pin-active-note")).toBe(true);
		expect(app.isCommandAvailable("redline:show-history")).toBe(true);
		await stopPlugin(plugin);
	});
});
