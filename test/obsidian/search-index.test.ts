// @vitest-environment happy-dom
import { describe, expect, it } from "vitest";
import { App } from "../fakes/obsidian";
import { startPlugin, stopPlugin } from "./support/plugin";
import { sleep } from "../../src/node/timers";

async function settle(): Promise<void> {
	for (let i = 0; i < 20; i++) await sleep(0);
}

describe("the search index in the plugin", () => {
	it("is not built while Obsidian starts, even when the pane is restored with the workspace", async () => {
		const app = new App({ win: window as never });
		app.vault.seed({ "Garden.md": "# Garden\n\ntulips #flowers" });
		app.workspace.layoutReady = false;
		const { plugin } = await startPlugin(app);
		app.runCommand("redline:open-chat"); // as a restored pane opens during start-up
		await settle();
		const core = await plugin.core();
		expect(core.search.status().phase).toBe("idle");

		app.workspace.finishLayout();
		// The pane's progress line is what starts it, once the layout is ready.
		await expect.poll(() => core.search.status().phase).toBe("ready");
		expect(core.search.status()).toMatchObject({ phase: "ready", indexed: 1 });
		const page = await core.search.search({ query: "tulips", limit: 5, tag: "flowers" });
		expect(page.hits.map((hit) => hit.path)).toEqual(["Garden.md"]);
		await stopPlugin(plugin);
	});

	it("saves the index in the plugin's data folder when it unloads", async () => {
		const app = new App({ win: window as never });
		app.vault.seed({ "Garden.md": "tulips" });
		const { plugin } = await startPlugin(app);
		const core = await plugin.core();
		await core.search.search({ query: "tulips", limit: 5 });
		await stopPlugin(plugin);
		// Saved in chunks: the manifest names them, and the note is in one of them.
		const data = `${app.vault.configDir}/plugins/redline/data/`;
		const manifest = app.vault.text(`${data}search/index/manifest.json`);
		const keys = (JSON.parse(manifest ?? "{}") as { chunks?: string[] }).chunks ?? [];
		expect(keys.length).toBeGreaterThan(0);
		expect(keys.some((key) => app.vault.text(`${data}${key}`)?.includes("Garden.md"))).toBe(true);
	});
});
