// @vitest-environment happy-dom
// Behind a corporate proxy the desktop transport cannot connect: the chat's error says why, and a
// notice offers the switch to "Obsidian request" (one click changes the setting), shown once
// however many requests fail. (Failed before: the error said only that the connection was lost.)
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { StoredEvent } from "../../src/log/events";
import type { ThreadService } from "../../src/thread/service-api";
import { App, shownNotices } from "../fakes/obsidian";
import { savedData, startPlugin, stopPlugin } from "./support/plugin";
import * as path from "../../src/node/path";
import { fileURLToPath } from "../../src/node/path";
import { readFileSync } from "../../src/node/fs";
import { https, type Server } from "../../src/node/http";
import { createRequire, type NodeRequire } from "../../src/node/module";

let baseUrl: string;
let server: Server;
const desktopRequire = (window as unknown as { require?: unknown }).require;

beforeAll(async () => {
	// Obsidian desktop gives plugins Node's require (the desktop transport asks it for http/https).
	(window as unknown as { require: NodeRequire }).require = createRequire(import.meta.url);
	// From the module's own file URL (a happy-dom URL object is not one Node's fileURLToPath accepts).
	const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), "transport", "fixtures");
	server = https.createServer(
		{
			key: readFileSync(path.join(fixtures, "untrusted-proxy.key"), "utf8"),
			cert: readFileSync(path.join(fixtures, "untrusted-proxy.crt"), "utf8"),
		},
		(_req, res) => res.end("{}"),
	);
	await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
	baseUrl = `https://127.0.0.1:${(server.address() as { port: number }).port}/v1`;
});

afterAll(async () => {
	(window as unknown as { require?: unknown }).require = desktopRequire;
	await new Promise((resolve) => server.close(resolve));
});

/** Sends a message and waits for the turn's error event. */
async function errorOfTurn(service: ThreadService): Promise<Extract<StoredEvent, { type: "error" }>> {
	const created = await service.createThread({});
	if (!created.ok) throw new Error(created.error.message);
	const { threadId } = created;
	const error = new Promise<Extract<StoredEvent, { type: "error" }>>((resolve) => {
		const sub = service.subscribe({ threadId }, (message) => {
			if (message.kind === "event" && message.event.type === "error") {
				sub.close();
				resolve(message.event as Extract<StoredEvent, { type: "error" }>);
			}
		});
	});
	await service.sendMessage({ threadId, content: "Hi" });
	return error;
}

describe("the desktop transport behind a proxy", () => {
	it("says why in the chat and offers Obsidian request once, which one click switches to", async () => {
		const { app, plugin } = await startPlugin(new App({ win: window as never }), {
			settings: { mainModel: { baseUrl, model: "m" }, transport: "node" },
			secrets: {},
		});
		const service = await plugin.service();
		const before = shownNotices.length;
		const error = await errorOfTurn(service);
		expect(error.message).toMatch(/could not reach 127\.0\.0\.1:\d+: the secure connection failed.*"Obsidian request"/);

		// One notice, though requests failed again since (the turn's retry, another turn).
		await errorOfTurn(service);
		const offers = shownNotices.slice(before).filter((n) => n.messageEl.textContent?.includes("Use Obsidian request"));
		expect(offers).toHaveLength(1);
		const use = [...offers[0].messageEl.querySelectorAll("a")].find((a) => a.textContent === "Use Obsidian request")!;
		use.click();
		expect(plugin.effectiveSettings().transport).toBe("request-url");
		expect(shownNotices).not.toContain(offers[0]);
		expect(shownNotices.at(-1)?.message).toBe("Redline now sends model requests through Obsidian request.");
		await stopPlugin(plugin);
		expect(JSON.parse(savedData(app))).toMatchObject({ settings: { transport: "request-url" } });
	});

	it("opens Redline's settings from the notice", async () => {
		const { app, plugin } = await startPlugin(new App({ win: window as never }), {
			settings: { mainModel: { baseUrl, model: "m" }, transport: "node" },
			secrets: {},
		});
		const before = shownNotices.length;
		await errorOfTurn(await plugin.service());
		const offer = shownNotices.slice(before).find((n) => n.messageEl.textContent?.includes("Open settings"))!;
		[...offer.messageEl.querySelectorAll("a")].find((a) => a.textContent === "Open settings")!.click();
		expect(app.setting.opened).toEqual(["(settings)", "redline"]);
		expect(app.setting.shown?.containerEl.querySelector('[data-field="transport"]')).not.toBeNull();
		app.setting.close();
		await stopPlugin(plugin);
	});
});
