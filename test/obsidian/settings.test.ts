import { afterEach, describe, expect, it } from "vitest";
import { startModelServer, scripted, type ModelServer } from "../../src/sandbox/model-server";
import { App, notices } from "../fakes/obsidian";
import { DATA_PATH, field, savedData, startPlugin, stopPlugin, type } from "./support/plugin";

const KEY = "sk-live-0123456789abcdefSECRET";
let server: ModelServer | undefined;
afterEach(async () => {
	await server?.close();
	server = undefined;
});

async function settle(): Promise<void> {
	for (let i = 0; i < 10; i++) await new Promise((resolve) => setImmediate(resolve));
}

describe("settings", () => {
	it("round-trips every kind of control through data.json", async () => {
		const { app, plugin } = await startPlugin();
		const tab = app.settingTabs[0];
		tab.display();
		type(field(tab, "mainModel.baseUrl").querySelector("input")!, "http://127.0.0.1:1234/v1");
		type(field(tab, "mainModel.model").querySelector("input")!, "local-model");
		type(field(tab, "historySize").querySelector("input")!, "25");
		type(field(tab, "toolDefaults.executeEdit").querySelector("select")!, "always");
		type(field(tab, "transport").querySelector("select")!, "request-url");
		(field(tab, "applyModel.supportsPredictedOutputs").querySelector(".checkbox-container") as HTMLElement).click();
		await settle();
		await stopPlugin(plugin);

		const again = await startPlugin(app);
		const s = again.plugin.effectiveSettings();
		expect(s.mainModel).toMatchObject({ baseUrl: "http://127.0.0.1:1234/v1", model: "local-model" });
		expect(s.historySize).toBe(25);
		expect(s.toolDefaults.executeEdit).toBe("always");
		expect(s.transport).toBe("request-url");
		expect(s.applyModel.supportsPredictedOutputs).toBe(false); // default true, clicked once
		const tab2 = app.settingTabs[0];
		tab2.display();
		expect((field(tab2, "mainModel.model").querySelector("input")!).value).toBe("local-model");
		expect(again.plugin.problems()).toEqual([]);
		await stopPlugin(again.plugin);
	});

	it("keeps API keys in secret storage: data.json, logs and history hold only the secret's name", async () => {
		server = await startModelServer({ script: scripted({ text: "Hello" }) });
		const app = new App();
		app.secretStorage.setSecret("openai-main", KEY);
		const { plugin } = await startPlugin(app, { settings: { mainModel: { baseUrl: server.baseURL, model: "scripted" }, transport: "request-url" }, secrets: {} });
		const tab = app.settingTabs[0];
		tab.display();
		type(tab.containerEl.querySelector('[data-secret="mainApiKey"] input.secret-component')!, "openai-main");
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
		const saved = { settings: { historySize: -3, transport: "carrier-pigeon", mainModel: { model: "gpt-x" } }, secrets: {} };
		const { app, plugin } = await startPlugin(undefined, saved);
		expect(notices.slice(before).join(" ")).toMatch(/History size must be a whole number.*-3/);
		expect(plugin.problems().map((p) => p.field).sort()).toEqual(["historySize", "transport"]);
		expect(plugin.effectiveSettings().historySize).toBe(10);
		expect(plugin.effectiveSettings().mainModel.model).toBe("gpt-x");

		const tab = app.settingTabs[0];
		tab.display();
		expect(field(tab, "historySize").querySelector(".redline-setting-error")?.textContent).toMatch(/History size/);
		expect((field(tab, "historySize").querySelector("input")!).value).toBe("-3");
		expect((field(tab, "transport").querySelector("select")!).value).toBe("carrier-pigeon");

		// Changing another field saves; the invalid ones stay exactly as they were.
		type(field(tab, "stepCap").querySelector("input")!, "30");
		await settle();
		const data = JSON.parse(savedData(app)) as { settings: Record<string, unknown> };
		expect(data.settings).toMatchObject({ historySize: -3, transport: "carrier-pigeon", stepCap: 30 });

		// Fixing the field clears its problem.
		type(field(tab, "historySize").querySelector("input")!, "5");
		await settle();
		expect(field(tab, "historySize").querySelector(".redline-setting-error")).toBeNull();
		expect(plugin.problems().map((p) => p.field)).toEqual(["transport"]);
		await stopPlugin(plugin);
	});

	it("reloads settings changed outside Obsidian (sync) through onExternalSettingsChange", async () => {
		const { app, plugin } = await startPlugin(undefined, { settings: { stepCap: 10 }, secrets: {} });
		await app.vault.adapter.write(DATA_PATH, JSON.stringify({ settings: { stepCap: 40, historySize: "many" }, secrets: {} }));
		await plugin.onExternalSettingsChange();
		expect(plugin.effectiveSettings().stepCap).toBe(40);
		expect(plugin.problems().map((p) => p.field)).toEqual(["historySize"]);
		await stopPlugin(plugin);
	});
});
