// The bundled core talks to a model: main.js (with its LangSmith and OpenAI stand-ins) loaded as
// Obsidian loads it, a message sent through the plugin's service, and the real ChatOpenAI inside
// the bundle streaming a tool call and then a text reply from the scripted model server.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
	reply,
	scripted,
	startModelServer,
	toolResults,
	type ModelScript,
	type ModelServer,
} from "../../src/sandbox/model-server";
import type { StoredEvent } from "../../src/log/events";
import type { ThreadService } from "../../src/thread/service-api";
import { App, Platform, type Plugin } from "../fakes/obsidian";
import { MANIFEST, buildBundle, loadBundle } from "./support/bundle";
import { DATA_PATH } from "./support/plugin";
import { setTimeout } from "../../src/node/timers";
import { DEFAULT_CONFIG_DIR } from "../../src/vault/paths";
import { readFile } from "../../src/node/fs";
import * as path from "../../src/node/path";
import type { ToolContract } from "../tools/support/tool-contract";

interface BundledPlugin extends Plugin {
	service(): Promise<ThreadService>;
	whenUnloaded(): Promise<void>;
}

const NOTE = "# Groceries\n\nBuy milk\n";
const ANSWER = "Your grocery note asks you to buy milk.";

let file: string;
let server: ModelServer | undefined;
const platform = { desktop: Platform.isDesktopApp, mobile: Platform.isMobileApp };

beforeAll(async () => {
	({ file } = await buildBundle());
}, 120_000);

afterEach(async () => {
	await server?.close();
	server = undefined;
	Platform.isDesktopApp = platform.desktop;
	Platform.isMobileApp = platform.mobile;
});

afterAll(() => {
	Platform.isDesktopApp = platform.desktop;
	Platform.isMobileApp = platform.mobile;
});

/** A fresh script each time (a script counts its calls). */
const readsTheNote = (): ModelScript =>
	scripted(reply.toolCalls([{ name: "readNote", args: { path: "Groceries.md" } }]), (request) => {
		const results = toolResults(request)
			.map((r) => r.content)
			.join("\n");
		if (!results.includes("Buy milk")) throw new Error(`the tool result did not reach the model: ${results}`);
		return reply.text(ANSWER);
	});

/** A vault with the grocery note and Redline's plugin folder. */
async function groceryVault(): Promise<App> {
	const app = new App();
	app.vault.seed({ "Groceries.md": NOTE });
	await app.vault.adapter.mkdir(`${DEFAULT_CONFIG_DIR}/plugins/redline`);
	return app;
}

/** Loads main.js, points the main model at the scripted server, and sends one message. */
async function converse(options: {
	desktop: boolean;
	script?: ModelScript;
	app?: App;
}): Promise<{ events: StoredEvent[]; plugin: BundledPlugin }> {
	Platform.isDesktopApp = options.desktop;
	Platform.isMobileApp = !options.desktop;
	await server?.close();
	server = await startModelServer({ script: options.script ?? readsTheNote() });
	const app = options.app ?? (await groceryVault());
	await app.vault.adapter.write(
		DATA_PATH,
		JSON.stringify({
			settings: { mainModel: { baseUrl: server.baseURL, model: "scripted" }, transport: "auto" },
			secrets: {},
		}),
	);
	const { PluginClass } = await loadBundle(file, app, { desktopNode: options.desktop });
	const plugin = new PluginClass(app, MANIFEST) as BundledPlugin;
	await plugin.loadAsync();

	const service = await plugin.service();
	const created = await service.createThread({ title: "Groceries" });
	if (!created.ok) throw new Error(created.error.message);
	const events: StoredEvent[] = [];
	const subscription = service.subscribe({ threadId: created.threadId }, (message) => {
		if (message.kind === "event") events.push(message.event);
	});
	const sent = await service.sendMessage({ threadId: created.threadId, content: "What is on my grocery list?" });
	if (!sent.ok) throw new Error(sent.error.message);
	const finished = (): boolean =>
		events.some((e) => e.type === "error") ||
		events.filter((e) => e.type === "assistant_message_completed").length >= 2;
	for (let i = 0; i < 500 && !finished(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
	subscription.close();
	return { events, plugin };
}

function ofType<K extends StoredEvent["type"]>(events: StoredEvent[], type: K): Extract<StoredEvent, { type: K }>[] {
	return events.filter((e): e is Extract<StoredEvent, { type: K }> => e.type === type);
}

describe("main.js streams a model's reply through its bundled LangChain", () => {
	for (const desktop of [false, true]) {
		const where = desktop ? "on desktop (Node http transport)" : "on mobile (requestUrl transport)";
		it(`runs a tool call and streams the answer ${where}`, async () => {
			const { events, plugin } = await converse({ desktop });
			expect(ofType(events, "error")).toEqual([]);

			const [proposed] = ofType(events, "tool_call_proposed");
			expect(proposed).toMatchObject({ tool: "readNote", args: { path: "Groceries.md" } });
			const [completed] = ofType(events, "tool_call_completed");
			expect(completed.callId).toBe(proposed.callId);
			expect(completed.result.status).toBe("success");
			expect(completed.result.message).toContain("Buy milk");

			const answerId = ofType(events, "assistant_message_completed").at(-1)!.messageId;
			const tokens = ofType(events, "assistant_token").filter((e) => e.messageId === answerId);
			expect(tokens.map((e) => e.text).join("")).toBe(ANSWER);
			expect(server!.requests).toHaveLength(2);
			expect(server!.requests[0].body.stream).toBe(true);

			plugin.unload();
			await plugin.whenUnloaded();
		});
	}

	// main.js holds zod's mini API only (build/cuts/rewrites.mjs), which, unlike its classic API, sets no
	// error messages on import: without English set by Redline, every mistake read "Invalid input".
	it("sends the tools' definitions and words a call's bad arguments as the source does", async () => {
		const contract = JSON.parse(
			await readFile(path.fileURLToPath(new URL("../tools/fixtures/tool-contract.json", import.meta.url)), "utf8"),
		) as ToolContract;
		const badCalls = contract.outcomes.filter(
			(outcome) =>
				outcome.tool === "readNote" &&
				!outcome.ok &&
				typeof outcome.args === "object" &&
				outcome.args !== null &&
				!Array.isArray(outcome.args),
		);
		const script = scripted(
			reply.toolCalls(badCalls.map((call) => ({ name: call.tool, args: call.args as Record<string, unknown> }))),
			() => reply.text("I will fix the arguments."),
		);
		const { events, plugin } = await converse({ desktop: false, script });
		expect(server!.requests[0].body.tools).toEqual(contract.definitions);
		const messages = ofType(events, "tool_call_completed").map((completed) => completed.result.message);
		expect(messages).toEqual(
			badCalls.map((call) => `${String(call.result)}\nFix the arguments and call readNote again.`),
		);
		plugin.unload();
		await plugin.whenUnloaded();
	});

	// minisearch's batch adds, suggestions and own saved form are stood in (build/cuts/method-stand-ins.mjs): the
	// index Redline builds, saves on unload and loads at the next start is its own.
	it("finds a note with searchNotes, from the index it builds and from the one it saved", async () => {
		const findsMilk = (): ModelScript =>
			scripted(reply.toolCalls([{ name: "searchNotes", args: { query: "milk" } }]), () => reply.text(ANSWER));
		const found = (events: StoredEvent[]): string | undefined =>
			ofType(events, "tool_call_completed")[0]?.result.message;
		const app = await groceryVault();
		const built = await converse({ desktop: false, script: findsMilk(), app });
		expect(ofType(built.events, "error")).toEqual([]);
		expect(found(built.events)).toContain("Groceries.md");
		built.plugin.unload();
		await built.plugin.whenUnloaded();
		// Saved in chunks (a manifest naming them): the second start loads them, not the notes.
		const data = `${DEFAULT_CONFIG_DIR}/plugins/redline/data/`;
		const manifest = JSON.parse(await app.vault.adapter.read(`${data}search/index/manifest.json`)) as {
			chunks: string[];
		};
		expect(manifest.chunks.length).toBeGreaterThan(0);
		const chunks = await Promise.all(manifest.chunks.map((key) => app.vault.adapter.read(`${data}${key}`)));
		expect(chunks.some((chunk) => chunk.includes("Groceries.md"))).toBe(true);

		const loaded = await converse({ desktop: false, script: findsMilk(), app });
		expect(ofType(loaded.events, "error")).toEqual([]);
		expect(found(loaded.events)).toContain("Groceries.md");
		loaded.plugin.unload();
		await loaded.plugin.whenUnloaded();
	});

	it("on desktop, hands the answer over token by token as the server streams it", async () => {
		const { events, plugin } = await converse({ desktop: true });
		const answerId = ofType(events, "assistant_message_completed").at(-1)!.messageId;
		expect(ofType(events, "assistant_token").filter((e) => e.messageId === answerId).length).toBeGreaterThan(1);
		plugin.unload();
		await plugin.whenUnloaded();
	});
});
