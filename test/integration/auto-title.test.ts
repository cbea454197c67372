/**
 * The automatic title as the apply model words it: the real stack (createRedline) and the real
 * ChatOpenAI against the scripted model server, which answers the main model's turn and the one
 * title request (it carries TITLE_PROMPT and no tools).
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanTitle, TITLE_PROMPT } from "../../src/agent/title-maker";
import { createRedline, type Redline } from "../../src/redline";
import {
	messageText,
	reply,
	startModelServer,
	type ModelServer,
	type RecordedRequest,
	type ScriptedReply,
} from "../../src/sandbox/model-server";
import { DEFAULT_SETTINGS, type RedlineSettings } from "../../src/settings";
import { MemoryStore } from "../../src/store/memory-store";
import { MemoryVault } from "../../src/vault/memory-vault";
import { ofType, readEvents } from "../agent/support/harness";
import { yamlLibraryCodec } from "../../src/sandbox/yaml-library-codec";
import { TextNoteCatalog } from "../../src/search/text-catalog";

const isTitleRequest = (request: RecordedRequest) =>
	messageText(request.body.messages[0] ?? { role: "system" }) === TITLE_PROMPT;

let server: ModelServer | undefined;
let redline: Redline | undefined;
afterEach(async () => {
	await redline?.dispose();
	await server?.close();
	redline = server = undefined;
});

async function start(title: (request: RecordedRequest) => ScriptedReply, titles: "model" | "first-words" = "model") {
	server = await startModelServer({
		script: (request) => (isTitleRequest(request) ? title(request) : reply.text("Happy to help with the garden.")),
	});
	const settings: RedlineSettings = {
		...DEFAULT_SETTINGS,
		mainModel: { baseUrl: server.baseURL, model: "main-model", temperature: 0 },
		applyModel: { model: "cheap-apply-model" },
	};
	const vault = new MemoryVault("v", {});
	redline = await createRedline({
		yaml: yamlLibraryCodec,
		vault,
		noteCatalog: new TextNoteCatalog({ vault, protectedFolders: [] }),
		store: new MemoryStore(),
		settings: () => settings,
		credentials: () => ({}),
		protectedFolders: [],
		titles,
	});
	const created = await redline.service.createThread({});
	if (!created.ok) throw new Error(created.error.message);
	const { threadId } = created;
	expect(
		(await redline.service.sendMessage({ threadId, content: "Help me plan the vegetable garden for spring" })).ok,
	).toBe(true);
	await Promise.resolve();
	await Promise.resolve();
	await redline.service.settled(threadId);
	return { server, threadId, renamed: ofType(await readEvents(redline.service, threadId), "thread_renamed") };
}

describe("the automatic title from the apply model", () => {
	it("is one call to the apply model with the first message, after the turn's own calls", async () => {
		const { server, renamed } = await start(() => reply.text("Spring vegetable garden"));
		expect(renamed).toMatchObject([{ title: "Spring vegetable garden", by: "auto" }]);
		const titleRequests = server.requests.filter(isTitleRequest);
		expect(titleRequests).toHaveLength(1);
		expect(titleRequests[0]?.body.model).toBe("cheap-apply-model");
		expect(titleRequests[0]?.body.tools).toBeUndefined();
		expect(messageText(titleRequests[0]?.body.messages[1] ?? { role: "user" })).toBe(
			"Help me plan the vegetable garden for spring",
		);
		expect(server.requests.at(-1)).toBe(titleRequests[0]);
	});

	it("is cleaned of a thinking model's reasoning, quotes and a Title: prefix", async () => {
		const { renamed } = await start(() =>
			reply.thinking("A short title about the garden.", 'Title: "Spring garden plan."'),
		);
		expect(renamed.map((e) => e.title)).toEqual(["Spring garden plan"]);
	});

	it("is the answer of a thinking model that reasons at length, not the first words (only the answer counts toward the cut-off)", async () => {
		const reasoning = "The user wants help with a vegetable garden for spring. ".repeat(20);
		const { renamed } = await start(() => reply.thinking(reasoning, "Spring garden plan"));
		expect(renamed.map((e) => [e.title, e.by])).toEqual([["Spring garden plan", "auto"]]);
	});

	// Issue 26, the audit: a </think> mid-line took the words before it for reasoning ("ends R1's reasoning").
	it("keeps a title that mentions </think> mid-line whole", async () => {
		const { renamed } = await start(() => reply.text("Why </think> ends R1's reasoning"));
		expect(renamed.map((e) => e.title)).toEqual(["Why </think> ends R1's reasoning"]);
	});

	it("falls back to the whole message when the call fails or the answer is no title", async () => {
		const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
		try {
			for (const answer of [
				reply.httpError(500),
				reply.text(
					"Sure! Here is a title for your chat, which is about planning a vegetable garden for the spring season in detail.",
				),
			]) {
				const { renamed } = await start(() => answer);
				expect(renamed.map((e) => [e.title, e.by])).toEqual([["Help me plan the vegetable garden for spring", "auto"]]);
				await redline?.dispose();
				await server?.close();
				redline = server = undefined;
			}
		} finally {
			warn.mockRestore();
		}
	});

	it("is the message itself, without any model call, for the offline demo", async () => {
		const { server, renamed } = await start(() => reply.text("never asked"), "first-words");
		expect(renamed.map((e) => e.title)).toEqual(["Help me plan the vegetable garden for spring"]);
		expect(server.requests.filter(isTitleRequest)).toHaveLength(0);
	});
});

describe("cleanTitle", () => {
	it("keeps one short line and refuses what is not a title", () => {
		expect(cleanTitle("**Garden plan**")).toBe("Garden plan");
		expect(cleanTitle("# Garden plan\n\nMore text")).toBe("Garden plan");
		expect(cleanTitle("“Jardin de printemps”")).toBe("Jardin de printemps");
		expect(cleanTitle("   ")).toBeNull();
		expect(cleanTitle("x".repeat(61))).toBeNull();
	});
});
