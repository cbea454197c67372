/**
 * "Cost" in Redline's settings tab (issue 33), through the Obsidian fake: a budget per chat, off by
 * default, in tokens or US dollars; and each model's price per million tokens, saved under the
 * model's name, with the price table's figure as the placeholder and "Unknown: tokens only" for a
 * model the table does not know.
 */
import { describe, expect, it } from "vitest";
import type { App, PluginSettingTab } from "../fakes/obsidian";
import { field, startPlugin, stopPlugin, type } from "./support/plugin";
import { setImmediate } from "../../src/node/timers";

async function settle(): Promise<void> {
	for (let i = 0; i < 10; i++) await new Promise((resolve) => setImmediate(resolve));
}

function openTab(app: App): PluginSettingTab {
	app.setting.openTabById("redline");
	if (!app.setting.shown) throw new Error("Redline's settings tab did not open");
	return app.setting.shown;
}

describe("settings: cost", () => {
	it("has no budget by default, and saves one in dollars that the core reads", async () => {
		const { app, plugin } = await startPlugin();
		expect(plugin.effectiveSettings().budget).toBeUndefined();
		const tab = openTab(app);
		type(field(tab, "budget.amount").querySelector("input")!, "0.5");
		type(field(tab, "budget.unit").querySelector("select")!, "usd");
		await settle();
		expect(plugin.effectiveSettings().budget).toEqual({ unit: "usd", amount: 0.5 });
		await stopPlugin(plugin);
		const again = await startPlugin(app);
		expect(again.plugin.effectiveSettings().budget).toEqual({ unit: "usd", amount: 0.5 });
		await stopPlugin(again.plugin);
	});

	it("edits the main model's price under its name, shows the table's as the placeholder, and never invents one", async () => {
		const { app, plugin } = await startPlugin();
		let tab = openTab(app);
		const price = (which: string) => field(tab, `prices:${which}`).querySelector("input")!;
		// The default main model (gpt-4.1) is in the table.
		expect(price("main").placeholder).toMatch(/^2 \/ 0\.5 \/ 8 \(table of \d{4}-\d{2}-\d{2}\)$/);
		type(price("main"), "3 / 1 / 12");
		await settle();
		expect(plugin.effectiveSettings().prices).toEqual({ "gpt-4.1": { input: 3, cachedInput: 1, output: 12 } });
		type(field(tab, "mainModel.model").querySelector("input")!, "my-local-model");
		await settle();
		tab = openTab(app);
		expect(price("main").value).toBe("");
		expect(price("main").placeholder).toBe("Unknown: tokens only");
		type(price("main"), "lots");
		await settle();
		expect(plugin.problems().map((p) => p.field)).toContain("prices.my-local-model");
		await stopPlugin(plugin);
	});
});
