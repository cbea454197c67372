/**
 * Wiring for askUser integration tests: createRedline (LocalThreadService + AgentRunner +
 * ToolRegistry with askUserTool) over a MemoryVault and a MemoryStore, with the real ChatOpenAI
 * talking HTTP to the scripted model server. `restart()` disposes it and builds a new one over
 * the same store, as quitting Obsidian would.
 */
import { afterEach, expect } from "vitest";
import { createRedline } from "../../../src/redline";
import type { Redline } from "../../../src/redline";
import { reply, scripted, startModelServer, toolResults } from "../../../src/sandbox/model-server";
import type { ModelServer, RecordedRequest, ScriptStep } from "../../../src/sandbox/model-server";
import { DEFAULT_SETTINGS } from "../../../src/settings";
import type { RedlineSettings } from "../../../src/settings";
import { MemoryStore } from "../../../src/store/memory-store";
import type { AskAnswers, ThreadEvent } from "../../../src/log/events";
import { project } from "../../../src/log/projection";
import type { ThreadState } from "../../../src/log/state";
import { MemoryVault } from "../../../src/vault/memory-vault";
import { ofType, readEvents } from "../../agent/support/harness";
import { yamlLibraryCodec } from "../../../src/sandbox/yaml-library-codec";
import { TextNoteCatalog } from "../../../src/search/text-catalog";

export interface Stack {
	server: ModelServer;
	store: MemoryStore;
	redline: Redline;
	/** Builds a new Redline over the same vault, store and model server. */
	build(): Promise<Redline>;
	/** Disposes the running Redline and builds a new one over the same store (a restart). */
	restart(): Promise<void>;
}

const running: Stack[] = [];
afterEach(async () => {
	for (const stack of running.splice(0)) {
		await stack.redline.dispose();
		await stack.server.close();
	}
});

export async function stack(...steps: ScriptStep[]): Promise<Stack> {
	const server = await startModelServer({ script: scripted(...steps) });
	const vault = new MemoryVault("Test vault", { "Daily.md": "# Daily\n" });
	const store = new MemoryStore();
	const settings: RedlineSettings = {
		...DEFAULT_SETTINGS,
		mainModel: { baseUrl: server.baseURL, model: "scripted", temperature: 0 },
		applyModel: {},
	};
	const build = () =>
		createRedline({
			yaml: yamlLibraryCodec,
			vault,
			noteCatalog: new TextNoteCatalog({ vault, protectedFolders: [] }),
			store,
			settings: () => settings,
			credentials: () => ({}),
			protectedFolders: [],
			titles: "first-words",
		});
	const s: Stack = {
		server,
		store,
		redline: await build(),
		build,
		async restart() {
			await s.redline.dispose();
			s.redline = await build();
		},
	};
	running.push(s);
	return s;
}

/** The drive starts a microtask after the call returns: wait for it to start, then to end. */
export async function settled(s: Stack, threadId: string): Promise<void> {
	await Promise.resolve();
	await Promise.resolve();
	await s.redline.service.idle(threadId);
}

export async function newThread(s: Stack): Promise<string> {
	const created = await s.redline.service.createThread({});
	if (!created.ok) throw new Error(created.error.message);
	return created.threadId;
}

export async function send(s: Stack, threadId: string, content: string): Promise<void> {
	const sent = await s.redline.service.sendMessage({ threadId, content });
	if (!sent.ok) throw new Error(sent.error.message);
	await settled(s, threadId);
}

export async function answer(s: Stack, threadId: string, askId: string, answers: AskAnswers): Promise<void> {
	const answered = await s.redline.service.answerQuestion({ threadId, askId, answers });
	if (!answered.ok) throw new Error(answered.error.message);
	await settled(s, threadId);
}

export const events = (s: Stack, threadId: string): Promise<ThreadEvent[]> => readEvents(s.redline.service, threadId);
export const state = async (s: Stack, threadId: string): Promise<ThreadState> =>
	project(threadId, await events(s, threadId));

export function onlyAsk(list: ThreadEvent[]) {
	const asked = ofType(list, "question_asked");
	expect(asked).toHaveLength(1);
	return asked[0];
}

/** The single tool message of the request's last turn (the askUser result). */
export function toolMessage(request: RecordedRequest | undefined): string {
	if (!request) throw new Error("the model was not called again");
	const results = toolResults(request);
	expect(results).toHaveLength(1);
	expect(results[0].name).toBe("askUser");
	return results[0].content;
}

export const ask = (args: Record<string, unknown>) => reply.toolCalls([{ name: "askUser", args }]);

export const threeQuestions = {
	questions: [
		{
			question: "Which mode?",
			header: "Mode",
			options: ["Master", { label: "Slave", description: "Follows the clock" }, "8-bit"],
			multiSelect: true,
		},
		{ question: "Which notes?", options: [{ label: "Daily.md", description: "Today" }, "Weekly.md"] },
		{ question: "Which tone?", header: "Tone", options: ["Formal", "Casual"], multiSelect: false },
	],
};
