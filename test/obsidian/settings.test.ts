import { afterEach, describe, expect, it, vi } from "vitest";
import { startModelServer, scripted, type ModelServer } from "../../src/sandbox/model-server";
import { readSettings } from "../../src/obsidian/settings-data";
import { App, notices, type PluginSettingTab } from "../fakes/obsidian";
import { DATA_PATH, field, savedData, startPlugin, stopPlugin, type } from "./support/plugin";
import { setTimeout, setImmediate } from "../../src/node/timers";

const KEY = "sk-live-0123456789abcdefSECRET";
let server: ModelServer | undefined;
afterEach(async () => {
	await server?.close();
	server = undefined;
});

async function settle(): Promise<void> {
	for (let i = 0; i < 10; i++) await new Promise((resolve) => setImmediate(resolve));
}

/** Opens Redline's tab in the settings modal, as the user does. */
function openTab(app: App): PluginSettingTab {
	app.setting.openTabById("redline");
	if (!app.setting.shown) throw new Error("Redline's settings tab did not open");
	return app.setting.shown;
}

function input(tab: PluginSettingTab, name: string): HTMLInputElement {
	const el = field(tab, name).querySelector("input");
	if (!el) throw new Error(`No input for ${name}`);
	return el;
}

describe("settings", () => {
	it("round-trips every kind of control through data.json", async () => {
		const { app, plugin } = await startPlugin();
		const tab = openTab(app);
		type(field(tab, "mainModel.baseUrl").querySelector("input")!, "http://127.0.0.1:1234/v1");
		type(field(tab, "mainModel.model").querySelector("input")!, "local-model");
		type(field(tab, "historySize").querySelector("input")!, "25");
		type(field(tab, "toolDefaults.executeEdit").querySelector("select")!, "always");
		type(field(tab, "transport").querySelector("select")!, "request-url");
		expect(field(tab, "applyFormat").querySelector("select")!.value).toBe("edits");
		type(field(tab, "applyFormat").querySelector("select")!, "whole");
		(field(tab, "applyModel.supportsPredictedOutputs").querySelector(".checkbox-container") as HTMLElement).click();
		await settle();
		await stopPlugin(plugin);

		const again = await startPlugin(app);
		const s = again.plugin.effectiveSettings();
		expect(s.mainModel).toMatchObject({ baseUrl: "http://127.0.0.1:1234/v1", model: "local-model" });
		expect(s.historySize).toBe(25);
		expect(s.toolDefaults.executeEdit).toBe("always");
		expect(s.transport).toBe("request-url");
		expect(s.applyFormat).toBe("whole");
		expect(s.applyModel.supportsPredictedOutputs).toBe(false); // default true, clicked once
		const tab2 = openTab(again.app);
		expect(field(tab2, "mainModel.model").querySelector("input")!.value).toBe("local-model");
		expect(again.plugin.problems()).toEqual([]);
		await stopPlugin(again.plugin);
	});

	it("keeps API keys in secret storage: data.json, logs and history hold only the secret's name", async () => {
		server = await startModelServer({ script: scripted({ text: "Hello" }) });
		const app = new App();
		app.secretStorage.setSecret("openai-main", KEY);
		const { plugin } = await startPlugin(app, {
			settings: { mainModel: { baseUrl: server.baseURL, model: "scripted" }, transport: "request-url" },
			secrets: {},
		});
		const tab = openTab(app);
		type(tab.containerEl.querySelector('[data-secret="mainApiKey"] input.secret-component')!, "openai-main");
		app.setting.close();
		await settle();
		expect(savedData(app)).toContain('"mainApiKey": "openai-main"');

		// The key really reaches the provider, read from secret storage at request time.
		const service = await plugin.service();
		const created = await service.createThread({ title: "Key check" });
		if (!created.ok) throw new Error(created.error.message);
		await service.sendMessage({ threadId: created.threadId, content: "Hi" });
		for (let i = 0; i < 200 && server.requests.length === 0; i++) await new Promise((r) => setTimeout(r, 10));
		expect(server.requests[0].headers.authorization).toBe(`Bearer ${KEY}`);
		await stopPlugin(plugin);

		for (const [path, text] of app.vault.disk.files) expect(text.includes(KEY), `${path} holds the key`).toBe(false);
		expect(notices.some((n) => n.includes(KEY))).toBe(false);
	});

	it("reports invalid saved settings and keeps them as saved, using defaults only to run", async () => {
		const before = notices.length;
		const saved = {
			settings: { historySize: -3, transport: "carrier-pigeon", applyFormat: "diff", mainModel: { model: "gpt-x" } },
			secrets: {},
		};
		const { app, plugin } = await startPlugin(undefined, saved);
		expect(notices.slice(before).join(" ")).toMatch(/History size must be a whole number.*-3/);
		expect(
			plugin
				.problems()
				.map((p) => p.field)
				.sort(),
		).toEqual(["applyFormat", "historySize", "transport"]);
		expect(plugin.effectiveSettings().historySize).toBe(10);
		expect(plugin.effectiveSettings().applyFormat).toBe("edits");
		expect(plugin.effectiveSettings().mainModel.model).toBe("gpt-x");

		let tab = openTab(app);
		expect(field(tab, "historySize").querySelector(".redline-setting-error")?.textContent).toMatch(/History size/);
		expect(field(tab, "historySize").querySelector("input")!.value).toBe("-3");
		expect(field(tab, "transport").querySelector("select")!.value).toBe("carrier-pigeon");

		// Changing another field saves; the invalid ones stay exactly as they were.
		type(field(tab, "stepCap").querySelector("input")!, "30");
		app.setting.close();
		await settle();
		const data = JSON.parse(savedData(app)) as { settings: Record<string, unknown> };
		expect(data.settings).toMatchObject({ historySize: -3, transport: "carrier-pigeon", stepCap: 30 });

		// Fixing the field clears its problem.
		tab = openTab(app);
		type(field(tab, "historySize").querySelector("input")!, "5");
		await settle();
		expect(field(tab, "historySize").querySelector(".redline-setting-error")).toBeNull();
		expect(
			plugin
				.problems()
				.map((p) => p.field)
				.sort(),
		).toEqual(["applyFormat", "transport"]);
		await stopPlugin(plugin);
	});

	it("reloads settings changed outside Obsidian (sync) through onExternalSettingsChange", async () => {
		const { app, plugin } = await startPlugin(undefined, { settings: { stepCap: 10 }, secrets: {} });
		await app.vault.adapter.write(
			DATA_PATH,
			JSON.stringify({ settings: { stepCap: 40, historySize: "many" }, secrets: {} }),
		);
		await plugin.onExternalSettingsChange();
		expect(plugin.effectiveSettings().stepCap).toBe(40);
		expect(plugin.problems().map((p) => p.field)).toEqual(["historySize"]);
		await stopPlugin(plugin);
	});

	it("has a control for every setting it validates", async () => {
		// Every field invalid at once: readSettings names each field it checks.
		const all = {
			mainModel: {
				baseUrl: 1,
				model: 1,
				temperature: "x",
				supportsPredictedOutputs: "x",
				contextTokens: "x",
				maxOutputTokens: "x",
			},
			applyModel: { baseUrl: 1, model: 1, supportsPredictedOutputs: "x", contextTokens: "x", maxOutputTokens: "x" },
			toolDefaults: { readNote: 1, searchNotes: 1, listNotes: 1, declareEditIntent: 1, executeEdit: 1, askUser: 1 },
			historySize: "x",
			maxNoteBytes: "x",
			stepCap: "x",
			transport: 1,
		};
		const validated = readSettings(all).problems.map((p) => p.field);
		expect(validated).toContain("mainModel.temperature");
		expect(validated).toContain("maxNoteBytes");
		const { app, plugin } = await startPlugin();
		const tab = openTab(app);
		for (const name of validated) expect(tab.containerEl.querySelector(`[data-field="${name}"]`), name).not.toBeNull();
		await stopPlugin(plugin);
	});

	it("sets each model's reply limit, refuses one out of range, and goes back to the family's when emptied", async () => {
		expect(readSettings({ mainModel: { maxOutputTokens: 4096 } }).effective.mainModel.maxOutputTokens).toBe(4096);
		expect(readSettings({ applyModel: { maxOutputTokens: 3 } }).problems.map((p) => p.message)).toEqual([
			expect.stringContaining("Apply model reply limit"),
		]);
		const { app, plugin } = await startPlugin();
		const tab = openTab(app);
		const limit = input(tab, "mainModel.maxOutputTokens");
		expect(limit.type).toBe("number");
		expect(limit.placeholder).toBe("From the model name");
		type(limit, "2048");
		expect(plugin.effectiveSettings().mainModel.maxOutputTokens).toBe(2048);
		type(limit, "");
		expect(plugin.effectiveSettings().mainModel.maxOutputTokens).toBeUndefined();
		expect(plugin.problems()).toEqual([]);
		await stopPlugin(plugin);
	});

	it("edits numbers with number inputs, in the unit shown (temperature, note size in MB)", async () => {
		const { app, plugin } = await startPlugin();
		const tab = openTab(app);
		for (const name of ["mainModel.temperature", "historySize", "stepCap", "maxNoteBytes"])
			expect(input(tab, name).type, name).toBe("number");
		expect(input(tab, "mainModel.temperature")).toMatchObject({ min: "0", max: "2", value: "0.2" });
		expect(input(tab, "maxNoteBytes").value).toBe("5");
		type(input(tab, "mainModel.temperature"), "0.7");
		type(input(tab, "maxNoteBytes"), "2");
		expect(plugin.effectiveSettings().mainModel.temperature).toBe(0.7);
		expect(plugin.effectiveSettings().maxNoteBytes).toBe(2 * 1024 * 1024);
		type(input(tab, "mainModel.temperature"), "3");
		expect(field(tab, "mainModel.temperature").querySelector(".redline-setting-error")?.textContent).toMatch(
			/temperature must be a number from 0 to 2/,
		);
		expect(plugin.effectiveSettings().mainModel.temperature).toBe(0.2);
		await stopPlugin(plugin);
	});

	it("prefills the context window from the model name, follows the name until the user sets one, and saves what they type", async () => {
		const { app, plugin } = await startPlugin();
		const tab = openTab(app);
		const main = (): HTMLInputElement => input(tab, "mainModel.contextTokens");
		const apply = (): HTMLInputElement => input(tab, "applyModel.contextTokens");
		expect(main()).toMatchObject({ type: "number", value: "1047576" }); // gpt-4.1
		expect(apply().value).toBe("1047576"); // gpt-4.1-mini
		type(input(tab, "mainModel.model"), "openai/gpt-4o");
		expect(main().value).toBe("128000");
		type(input(tab, "mainModel.model"), "my-finetune");
		expect(main().value).toBe("");
		expect(main().placeholder).toBe("Unknown model: enter its window");
		expect(plugin.effectiveSettings().mainModel.contextTokens).toBeUndefined();

		type(main(), "32768");
		expect(plugin.effectiveSettings().mainModel.contextTokens).toBe(32768);
		type(input(tab, "mainModel.model"), "gpt-4o");
		expect(main().value).toBe("32768"); // set by the user: the name no longer changes it
		type(input(tab, "applyModel.model"), "");
		expect(apply().value).toBe("32768"); // the apply model is now the main model: its window too
		type(input(tab, "applyModel.model"), "llama3.1:8b");
		expect(apply().value).toBe("131072"); // its own family's window, not the main model's
		type(apply(), "8192");
		expect(plugin.effectiveSettings().applyModel.contextTokens).toBe(8192);
		type(apply(), "");

		type(main(), "100");
		expect(field(tab, "mainModel.contextTokens").querySelector(".redline-setting-error")?.textContent).toMatch(
			/Main model context window must be a whole number from 1024/,
		);
		expect(plugin.effectiveSettings().mainModel.contextTokens).toBeUndefined();
		type(main(), "");
		expect(plugin.problems()).toEqual([]);
		await stopPlugin(plugin);
		expect(savedData(app)).not.toContain("contextTokens");
	});

	it("shows the transport under its own heading", async () => {
		const { app, plugin } = await startPlugin();
		const tab = openTab(app);
		const items = Array.from(tab.containerEl.querySelectorAll(".setting-item"));
		const transport = items.indexOf(field(tab, "transport"));
		const heading = items
			.slice(0, transport)
			.reverse()
			.find((el) => el.classList.contains("setting-item-heading"));
		expect(heading?.textContent).toBe("Connection");
		expect(
			items.slice(items.indexOf(heading!) + 1).filter((el) => !el.classList.contains("setting-item-heading")).length,
		).toBeGreaterThan(0);
		expect(items.indexOf(field(tab, "stepCap"))).toBeLessThan(items.indexOf(heading!));
		await stopPlugin(plugin);
	});

	it("writes a burst of typing once, after a pause", async () => {
		const { app, plugin } = await startPlugin();
		const save = vi.spyOn(plugin, "saveData");
		const tab = openTab(app);
		const url = "http://127.0.0.1:4321/v1";
		for (let i = 1; i <= url.length; i++) type(input(tab, "mainModel.baseUrl"), url.slice(0, i));
		await settle();
		expect(save).not.toHaveBeenCalled();
		expect(plugin.effectiveSettings().mainModel.baseUrl).toBe(url); // applies at once, written later
		await vi.waitFor(() => expect(save).toHaveBeenCalledTimes(1), { timeout: 10_000 });
		expect(JSON.parse(savedData(app))).toMatchObject({ settings: { mainModel: { baseUrl: url } } });
		await stopPlugin(plugin);
		expect(save).toHaveBeenCalledTimes(1);
	});

	it("writes pending edits at once when the tab closes or the plugin unloads", async () => {
		const { app, plugin } = await startPlugin();
		let tab = openTab(app);
		type(input(tab, "stepCap"), "33");
		app.setting.close();
		await settle();
		expect(JSON.parse(savedData(app))).toMatchObject({ settings: { stepCap: 33 } });

		tab = openTab(app);
		type(input(tab, "historySize"), "12");
		await stopPlugin(plugin);
		expect(JSON.parse(savedData(app))).toMatchObject({ settings: { stepCap: 33, historySize: 12 } });
	});

	it("shows values changed outside Obsidian in the open tab, and keeps an edit not yet written", async () => {
		const { app, plugin } = await startPlugin(undefined, { settings: { stepCap: 10 }, secrets: {} });
		const tab = openTab(app);
		type(input(tab, "historySize"), "7"); // not written yet (debounced)
		await app.vault.adapter.write(
			DATA_PATH,
			JSON.stringify({ settings: { stepCap: 40, transport: "request-url" }, secrets: { mainApiKey: "synced-key" } }),
		);
		await plugin.onExternalSettingsChange();
		expect(input(tab, "stepCap").value).toBe("40");
		expect(field(tab, "transport").querySelector("select")!.value).toBe("request-url");
		expect(tab.containerEl.querySelector<HTMLInputElement>('[data-secret="mainApiKey"] input')!.value).toBe(
			"synced-key",
		);
		expect(input(tab, "historySize").value).toBe("7");
		expect(plugin.effectiveSettings()).toMatchObject({ stepCap: 40, historySize: 7, transport: "request-url" });
		app.setting.close();
		await settle();
		expect(JSON.parse(savedData(app))).toMatchObject({
			settings: { stepCap: 40, historySize: 7, transport: "request-url" },
			secrets: { mainApiKey: "synced-key" },
		});
		await stopPlugin(plugin);
	});
});
