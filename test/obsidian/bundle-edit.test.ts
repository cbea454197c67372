// A whole edit through main.js as Obsidian loads it: the bundled agent asks the user a question
// (an askUser card), declares an edit, waits for the approval, has the apply model (the bundled
// ChatOpenAICompletions again) write the new note, and writes it to the vault with a history
// entry. Every part of main.js the stand-ins touch (zod, LangChain's callbacks and tracers, the
// OpenAI client) runs here for real against the scripted model server.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
	lastUserText,
	reply,
	scripted,
	startModelServer,
	toolResults,
	type ModelServer,
} from "../../src/sandbox/model-server";
import type { StoredEvent } from "../../src/log/events";
import type { ThreadService } from "../../src/thread/service-api";
import { App, Platform, type Plugin } from "../fakes/obsidian";
import { MANIFEST, buildBundle, loadBundle } from "./support/bundle";
import { DATA_PATH } from "./support/plugin";
import { sleep } from "../../src/node/timers";

interface BundledService extends ThreadService {
	idle(threadId: string): Promise<void>;
}

interface BundledPlugin extends Plugin {
	service(): Promise<BundledService>;
	whenUnloaded(): Promise<void>;
}

const BEFORE = "# Today\n## Tasks\nBuy milk\n";
const AFTER = "Buy milk\n";

let file: string;
let server: ModelServer | undefined;
const platform = { desktop: Platform.isDesktopApp, mobile: Platform.isMobileApp };

beforeAll(async () => {
	Platform.isDesktopApp = false;
	Platform.isMobileApp = true;
	({ file } = await buildBundle());
}, 120_000);

afterEach(async () => {
	await server?.close();
	server = undefined;
});

afterAll(() => {
	Platform.isDesktopApp = platform.desktop;
	Platform.isMobileApp = platform.mobile;
});

function ofType<K extends StoredEvent["type"]>(events: StoredEvent[], type: K): Extract<StoredEvent, { type: K }>[] {
	return events.filter((e): e is Extract<StoredEvent, { type: K }> => e.type === type);
}

describe("main.js runs a whole edit", () => {
	it("asks with a card, declares the edit, drafts it for review, writes the note once accepted and records it", async () => {
		server = await startModelServer({
			script: scripted(
				reply.toolCalls([
					{
						name: "askUser",
						id: "ask",
						args: { questions: [{ question: "Remove which headings?", options: ["All", "Only level 2"] }] },
					},
				]),
				(request) => {
					const answer = toolResults(request)
						.map((r) => r.content)
						.join("\n");
					if (!answer.includes("All")) throw new Error(`the answer did not reach the model: ${answer}`);
					return reply.toolCalls([
						{
							name: "declareEditIntent",
							id: "intent",
							args: { path: "Daily.md", operation: "rewrite", description: "Remove all headings" },
						},
					]);
				},
				// The apply model's request: it must see the note as it is now.
				(request) => {
					if (!(lastUserText(request) ?? "").includes("## Tasks"))
						throw new Error("the apply model did not get the note");
					return reply.text(AFTER);
				},
				reply.text("I removed the headings."),
			),
		});
		const app = new App();
		app.vault.seed({ "Daily.md": BEFORE });
		await app.vault.adapter.mkdir(`${app.vault.configDir}/plugins/redline`);
		await app.vault.adapter.write(
			DATA_PATH,
			JSON.stringify({
				settings: { mainModel: { baseUrl: server.baseURL, model: "scripted" }, applyModel: {}, transport: "auto" },
				secrets: {},
			}),
		);
		const { PluginClass } = await loadBundle(file, app);
		const plugin = new PluginClass(app, MANIFEST) as BundledPlugin;
		await plugin.loadAsync();
		const service = await plugin.service();
		const created = await service.createThread({ title: "Tidy" });
		if (!created.ok) throw new Error(created.error.message);
		const { threadId } = created;
		const events: StoredEvent[] = [];
		const subscription = service.subscribe({ threadId }, (message) => {
			if (message.kind === "event") events.push(message.event);
		});
		const settled = async (): Promise<void> => {
			await sleep(10);
			await service.idle(threadId);
		};

		expect((await service.sendMessage({ threadId, content: "Clean up Daily.md" })).ok).toBe(true);
		await settled();
		const [asked] = ofType(events, "question_asked");
		expect(asked.questions).toEqual([
			{
				question: "Remove which headings?",
				options: [{ label: "All" }, { label: "Only level 2" }],
				multiSelect: false,
			},
		]);
		expect(ofType(events, "status").at(-1)?.status).toBe("waiting_for_answer");

		expect((await service.answerQuestion({ threadId, askId: asked.askId, answers: { "0": ["All"] } })).ok).toBe(true);
		await settled();
		expect(ofType(events, "edit_intent_declared")).toMatchObject([
			{ callId: "intent", path: "Daily.md", operation: "rewrite", description: "Remove all headings" },
		]);
		// Review before write (the default): drafted at once, offered as changes, nothing written yet.
		expect(ofType(events, "status").at(-1)?.status).toBe("waiting_for_review");
		expect(ofType(events, "edit_proposed")).toMatchObject([{ callId: "intent", path: "Daily.md" }]);
		expect(app.vault.text("Daily.md")).toBe(BEFORE);

		expect((await service.decideToolCalls({ threadId, approved: ["intent"], denied: [] })).ok).toBe(true);
		await settled();
		subscription.close();
		expect(ofType(events, "error")).toEqual([]);
		expect(app.vault.text("Daily.md")).toBe(AFTER);
		const [applied] = ofType(events, "edit_applied");
		expect(applied).toMatchObject({ path: "Daily.md", added: 0, removed: 2 });
		const history = await service.listHistory({ path: "Daily.md" });
		expect(history.ok && history.entries.map((e) => e.versionId)).toEqual([applied.versionId]);
		const answerId = ofType(events, "assistant_message_completed").at(-1)!.messageId;
		expect(
			ofType(events, "assistant_token")
				.filter((e) => e.messageId === answerId)
				.map((e) => e.text)
				.join(""),
		).toBe("I removed the headings.");
		expect(server.requests).toHaveLength(4);

		plugin.unload();
		await plugin.whenUnloaded();
	});
});
