/**
 * "Check connection" in the settings tab: beside each model, a report whose fix can be applied
 * with one click (then the check runs again), kept in data.json without the key and shown until
 * the settings it checked change.
 */
import { afterEach, describe, expect, it } from "vitest";
import {
	applyModelReply,
	asksForEditBlocks,
	checkScript,
	reply,
	sampleChange,
	startModelServer,
	type ModelServer,
} from "../../src/sandbox/model-server";
import { App, type PluginSettingTab } from "../fakes/obsidian";
import { field, savedData, startPlugin, stopPlugin, type } from "./support/plugin";

const KEY = "sk-live-0123456789abcdefSECRET";
let server: ModelServer | undefined;
afterEach(async () => {
	await server?.close();
	server = undefined;
});

function openTab(app: App): PluginSettingTab {
	app.setting.openTabById("redline");
	if (!app.setting.shown) throw new Error("Redline's settings tab did not open");
	return app.setting.shown;
}

function checkButton(tab: PluginSettingTab, target: "main" | "apply"): HTMLButtonElement {
	const button = tab.containerEl.querySelector<HTMLButtonElement>(`[data-check="${target}"] button`);
	if (!button) throw new Error(`no Check connection button for ${target}`);
	return button;
}

function reportSteps(tab: PluginSettingTab, target: "main" | "apply"): string[] {
	return Array.from(tab.containerEl.querySelectorAll(`[data-check-report="${target}"] li`)).map(
		(li) => li.textContent ?? "",
	);
}

async function until(condition: () => boolean, what: string): Promise<void> {
	for (let i = 0; i < 600 && !condition(); i++) await new Promise((r) => setTimeout(r, 25));
	if (!condition()) throw new Error(`timed out waiting for ${what}`);
}

describe("Check connection in the settings tab", () => {
	it("checks the main model, offers Text tool calls, turns them on with one click and checks that mode", async () => {
		server = await startModelServer({ script: checkScript(), toolSupport: "ignores", apiKey: KEY });
		const app = new App();
		app.secretStorage.setSecret("main-key", KEY);
		const { plugin } = await startPlugin(app, {
			settings: { mainModel: { baseUrl: server.baseURL, model: "llama3.1:8b" }, transport: "request-url" },
			secrets: { mainApiKey: "main-key" },
		});
		const tab = openTab(app);
		checkButton(tab, "main").click();
		await until(() => reportSteps(tab, "main").length > 0, "the report");
		const tools = tab.containerEl.querySelector<HTMLElement>('[data-check-report="main"] [data-step="tools"]');
		expect(tools?.textContent).toContain("Tool calling: no structured call");
		expect(tools?.textContent).toContain("The model ignores the tools it is offered");
		const fix = tools?.querySelector("button");
		expect(fix?.textContent).toBe("Turn on text tool calls");

		fix?.click();
		await until(
			() => reportSteps(tab, "main").some((line) => line.includes("Tool calling (text tool calls): 2 tagged calls")),
			"the check in text mode",
		);
		expect(plugin.effectiveSettings().mainModel.textToolCalls).toBe(true);
		expect(tab.containerEl.querySelector('[data-check-report="main"] .redline-check-summary')?.textContent).toBe(
			"Redline can work with this model.",
		);
		await stopPlugin(plugin);
		// Kept with the settings, never with the key.
		const data = savedData(app);
		expect(JSON.parse(data)).toMatchObject({ checks: { main: { report: { usable: true, model: "llama3.1:8b" } } } });
		expect(data).not.toContain(KEY);

		const again = await startPlugin(app);
		const tab2 = openTab(again.app);
		expect(reportSteps(tab2, "main").join("\n")).toContain("Tool calling (text tool calls)");
		// A change of the settings it checked hides it.
		type(field(tab2, "mainModel.model").querySelector("input")!, "another-model");
		expect(reportSteps(tab2, "main")).toEqual([]);
		expect(again.plugin.checks.current("main")).toBeNull();
		await stopPlugin(again.plugin);
	}, 60_000);

	it("checks the apply model on its own row, with the pane's one-line hint when it fails", async () => {
		server = await startModelServer({ script: checkScript(), contextLimit: { tokens: 2048 } });
		const { app, plugin } = await startPlugin(undefined, {
			settings: {
				mainModel: { baseUrl: server.baseURL, model: "scripted", contextTokens: 2048 },
				applyModel: { model: "llama3.1:8b" },
				transport: "request-url",
			},
			secrets: {},
		});
		const tab = openTab(app);
		checkButton(tab, "apply").click();
		await until(() => reportSteps(tab, "apply").length > 0, "the apply report");
		expect(reportSteps(tab, "apply").map((line) => line.split(":")[0])).toEqual([
			"✓ Endpoint and key",
			"✓ Streaming",
			"✗ Context window",
			"✓ Apply (edit blocks)",
			"✓ Transport",
		]);
		expect(plugin.checks.lastFailure()).toMatch(
			/^Apply model, context window: The provider's window \(2,048 tokens\) is smaller than the configured 131,072/,
		);
		await stopPlugin(plugin);
	}, 60_000);

	it("offers Whole note for an apply model whose edit blocks are malformed, sets it with one click and checks again", async () => {
		const malformedBlocks = (request: Parameters<typeof asksForEditBlocks>[0]) =>
			asksForEditBlocks(request)
				? reply.text("<<<<<<< SEARCH\n- Buy apples and bread\n>>>>>>> REPLACE\n")
				: applyModelReply(request, sampleChange);
		server = await startModelServer({ script: checkScript({ "apply-edit": malformedBlocks }) });
		const { app, plugin } = await startPlugin(undefined, {
			settings: { mainModel: { baseUrl: server.baseURL, model: "gpt-4.1-mini" }, transport: "request-url" },
			secrets: {},
		});
		const tab = openTab(app);
		checkButton(tab, "apply").click();
		await until(() => reportSteps(tab, "apply").length > 0, "the apply report");
		const apply = tab.containerEl.querySelector<HTMLElement>('[data-check-report="apply"] [data-step="apply-edit"]');
		expect(apply?.textContent).toContain(
			"Apply (edit blocks): malformed edit blocks; the whole-note retry made the change",
		);
		expect(apply?.textContent).toContain("This model does not write edit blocks reliably");
		expect(plugin.checks.lastFailure()).toMatch(
			/^Apply model, apply \(edit blocks\): This model does not write edit blocks reliably: .* Set Apply format to Whole note/,
		);
		const fix = apply?.querySelector("button");
		expect(fix?.textContent).toBe("Set apply format to whole note");

		fix?.click();
		await until(
			() => reportSteps(tab, "apply").some((line) => line.startsWith("✓ Apply (whole note)")),
			"the check with the whole note",
		);
		expect(plugin.effectiveSettings().applyFormat).toBe("whole");
		expect(plugin.checks.lastFailure()).toBeNull();
		await stopPlugin(plugin);
	}, 60_000);

	it("gives the pane's error banner a check of both models, and its hint the first failure until the settings change", async () => {
		server = await startModelServer({ script: checkScript({ "apply-edit": reply.text("No.") }) });
		const { app, plugin } = await startPlugin(undefined, {
			settings: { mainModel: { baseUrl: server.baseURL, model: "gpt-4.1-mini" }, transport: "request-url" },
			secrets: {},
		});
		const pane = plugin.checks.forPane();
		let changes = 0;
		const unsubscribe = pane.onChange(() => changes++);
		const running = pane.checkAll();
		expect(pane.running()).toBe(true);
		await running;
		unsubscribe();
		expect(pane.running()).toBe(false);
		expect(changes).toBeGreaterThan(0);
		expect(plugin.checks.current("main")?.usable).toBe(true);
		expect(pane.lastFailure()).toMatch(
			/^Apply model, apply \(edit blocks\): This model does not write edit blocks reliably: it answered without edit blocks/,
		);
		// Another apply format is other settings: the report (and the hint) no longer stand for them.
		const format = field(openTab(app), "applyFormat").querySelector("select");
		if (!format) throw new Error("no Apply format dropdown");
		type(format, "whole");
		expect(plugin.effectiveSettings().applyFormat).toBe("whole");
		expect(pane.lastFailure()).toBeNull();
		await stopPlugin(plugin);
	}, 60_000);

	// A key without an sk- prefix matches no pattern: only the configured key itself cuts it.
	it.each([
		["an sk- key", KEY],
		["a configured key without an sk- prefix", "Zx81-plain-key-0123456789abcdef"],
	])(
		"keeps a 401 that quoted the key out of the report, the tab, the pane's hint and data.json (%s)",
		async (_name, key) => {
			server = await startModelServer({
				script: checkScript(),
				apiKey: "the-key-the-server-wants-0000",
				refusalQuotesKey: true,
			});
			const app = new App();
			app.secretStorage.setSecret("main-key", key);
			const { plugin } = await startPlugin(app, {
				settings: { mainModel: { baseUrl: server.baseURL, model: "scripted" }, transport: "request-url" },
				secrets: { mainApiKey: "main-key" },
			});
			const tab = openTab(app);
			checkButton(tab, "main").click();
			await until(() => reportSteps(tab, "main").length > 0, "the report");
			const shown = reportSteps(tab, "main").join("\n");
			expect(shown).toContain("401: key refused");
			expect(shown).toContain("Incorrect API key provided: [redacted].");
			expect(plugin.checks.lastFailure()).toContain("[redacted]");
			await stopPlugin(plugin);
			const data = savedData(app);
			for (const piece of [key, key.slice(0, 10), key.slice(-8)]) {
				expect(shown).not.toContain(piece);
				expect(plugin.checks.lastFailure()).not.toContain(piece);
				expect(data).not.toContain(piece);
			}
		},
		60_000,
	);
});
