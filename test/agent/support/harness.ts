/**
 * Wiring for agent tests: the real ChatOpenAI over real HTTP against the scripted model server,
 * a MemoryVault (or the vault a test passes, e.g. a FolderVault on disk), a MemoryStore and the LocalThreadService driving an AgentRunner. `restart()`
 * closes the service and opens a new one on the same store, as quitting Obsidian would.
 */
import { z } from "zod";
import { afterEach } from "vitest";
import { AgentRunner } from "../../../src/agent/runner";
import { createNoteHistory } from "../../../src/history/note-history";
import type { NoteHistory } from "../../../src/history/types";
import { createModelProvider } from "../../../src/llm/model-provider";
import { modelTitles } from "../../../src/agent/title-maker";
import type { ModelProvider } from "../../../src/llm/model-provider";
import { startModelServer } from "../../../src/sandbox/model-server";
import type { ModelScript, ModelServer, ModelServerOptions, ScriptStep } from "../../../src/sandbox/model-server";
import { DEFAULT_SETTINGS } from "../../../src/settings";
import type { ModelCredentials, RedlineSettings } from "../../../src/settings";
import { MemoryStore } from "../../../src/store/memory-store";
import type { Store } from "../../../src/store/store";
import type { StoredEvent, ThreadEvent } from "../../../src/log/events";
import { isKnownEvent } from "../../../src/log/events";
import { project } from "../../../src/log/projection";
import { LocalThreadService } from "../../../src/thread/service";
import type { ThreadState } from "../../../src/log/state";
import { listNotesTool } from "../../../src/tools/list-notes";
import { readNoteTool } from "../../../src/tools/read-note";
import { ToolRegistry } from "../../../src/tools/registry";
import type { AnyTool } from "../../../src/tools/registry";
import { toolResult } from "../../../src/log/tool-result";
import { createSearchNotesTool } from "../../../src/tools/search-notes";
import { NO_ACCESS } from "../../../src/tools/tool";
import { NoteIndex } from "../../../src/search/note-index";
import type { Tool } from "../../../src/tools/tool";
import { MemoryVault } from "../../../src/vault/memory-vault";
import type { Vault } from "../../../src/vault/vault";

/** A small writing tool for tests: appends a line to a note (prompt by default). */
export const appendLineTool: Tool<{ path: string; line: string }> = {
	name: "appendLine",
	description: "Append a line to a note.",
	schema: z.object({ path: z.string(), line: z.string() }),
	defaultPreference: "prompt",
	label: "appending lines",
	words: () => ({ title: "Append a line", active: "Appending a line" }),
	access: (args) => ({ reads: [args.path], writes: [args.path], scans: false }),
	async run(args, ctx) {
		await ctx.vault.process(args.path, (text) => `${text}\n${args.line}`);
		return toolResult.success(`Appended to ${args.path}.`, { path: args.path });
	},
};

/** A tool that runs until stopped (it honours ctx.signal), reporting progress first. */
export const slowTool: Tool<{ seconds: number }> = {
	name: "slowTask",
	description: "A long task.",
	schema: z.object({ seconds: z.number() }),
	defaultPreference: "always",
	label: "long tasks",
	words: () => ({ title: "Run a long task", active: "Running a long task" }),
	access: () => NO_ACCESS,
	run(_args, ctx) {
		ctx.progress("working", 0.1);
		return new Promise((_resolve, reject) => {
			ctx.signal.addEventListener("abort", () => reject(new Error("aborted")), { once: true });
		});
	},
};

export interface Harness {
	server: ModelServer;
	vault: Vault;
	store: Store;
	service: LocalThreadService;
	settings: RedlineSettings;
	/** Every sleep the runner asked for, in ms (none really waits). */
	sleeps: number[];
	newThread(): Promise<string>;
	/** Sends a message and waits until the drive it started has returned. */
	send(threadId: string, content: string): Promise<void>;
	decide(threadId: string, approved: string[], denied: string[], comment?: string): Promise<void>;
	events(threadId: string): Promise<ThreadEvent[]>;
	state(threadId: string): Promise<ThreadState>;
	restart(): Promise<void>;
	/**
	 * The process dies: a new service over a copy of what reached the store by now (same vault,
	 * same runner). The old service is abandoned as it is, and closed after the test.
	 */
	crash(): Promise<void>;
}

const open: Harness[] = [];
const abandoned: LocalThreadService[] = [];
afterEach(async () => {
	for (const h of open.splice(0)) {
		await h.service.close();
		await h.server.close();
	}
	await Promise.all(abandoned.splice(0).map((service) => service.close()));
});

export interface HarnessOptions {
	script: ModelScript;
	notes?: Record<string, string>;
	tools?: AnyTool[] | ((env: { vault: Vault; store: Store; models: ModelProvider; history: NoteHistory }) => AnyTool[]);
	settings?: Partial<RedlineSettings>;
	realSleep?: boolean;
	/** The plugin data store (default: a MemoryStore); e.g. a FaultyStore. */
	store?: Store;
	/** The vault (default: a MemoryVault with notes). */
	vault?: Vault;
	/**
	 * A model without native tool calling, with "Text tool calls" on: the server refuses `tools`
	 * (as Ollama does) and writes the script's tool calls as tagged text.
	 */
	textTools?: boolean;
	/** How the scripted model counts tokens (default: four characters a token). */
	charsPerToken?: ModelServerOptions["charsPerToken"];
	/** "deepseek": the server requires reasoning_content back on tool-calling messages. */
	thinkingMode?: ModelServerOptions["thinkingMode"];
	/** The keys the host hands over (default: none, the scripted server takes any). */
	credentials?: ModelCredentials;
	/** Server options beyond the script (a required key, a refusal that quotes it). */
	server?: Omit<ModelServerOptions, "script">;
	/** The model client's fetch (a test in a DOM environment passes Node's). */
	fetch?: typeof fetch;
	/** The service gets a note history over the vault and store (v1.history.* and v1.thread.undoTurn work). */
	history?: boolean;
	/** Chats title themselves with the apply model, as in the app (src/agent/title-maker.ts). */
	titles?: boolean;
}

export async function harness(options: HarnessOptions): Promise<Harness> {
	const server = await startModelServer({
		script: options.script,
		...(options.textTools ? { toolSupport: "refuses" as const } : {}),
		...(options.charsPerToken !== undefined ? { charsPerToken: options.charsPerToken } : {}),
		...(options.thinkingMode ? { thinkingMode: options.thinkingMode } : {}),
		...options.server,
	});
	const vault: Vault = options.vault ?? new MemoryVault("Test vault", options.notes ?? {});
	let store: Store = options.store ?? new MemoryStore();
	const settings: RedlineSettings = {
		...DEFAULT_SETTINGS,
		mainModel: {
			baseUrl: server.baseURL,
			model: "scripted",
			temperature: 0,
			...(options.textTools ? { textToolCalls: true } : {}),
		},
		applyModel: {},
		...options.settings,
	};
	const sleeps: number[] = [];
	const credentials = options.credentials ?? {};
	const models = createModelProvider(
		() => settings,
		() => credentials,
		options.fetch ? { fetch: options.fetch } : {},
	);
	// One history for the tools and the service, as a host has: two would each keep their own queue.
	// Made on first use only: a history reads its rename journal from the store when it starts.
	let noteHistory: NoteHistory | undefined;
	const sharedHistory = (): NoteHistory => (noteHistory ??= createNoteHistory({ vault, store }));
	const history = options.history ? sharedHistory() : undefined;
	const chosen =
		typeof options.tools === "function"
			? options.tools({
					vault,
					store,
					models,
					get history() {
						return sharedHistory();
					},
				})
			: options.tools;
	const tools = new ToolRegistry(
		chosen ?? [
			readNoteTool,
			createSearchNotesTool({ index: new NoteIndex({ vault, store, protectedFolders: [] }) }),
			listNotesTool,
			appendLineTool,
		],
	);
	const runner = new AgentRunner({
		vault,
		models,
		tools,
		settings: () => settings,
		...(options.realSleep
			? {}
			: {
					sleep: (ms: number) => {
						sleeps.push(ms);
						return Promise.resolve();
					},
				}),
	});
	const makeService = (): LocalThreadService =>
		new LocalThreadService({
			store,
			driver: runner,
			...(history ? { history } : {}),
			...(options.titles ? { titles: modelTitles(models) } : {}),
		});
	const snapshot = async (from: Store): Promise<MemoryStore> => {
		const copy: Record<string, string> = {};
		for (const key of await from.list("")) copy[key] = (await from.read(key)) ?? "";
		return new MemoryStore(copy);
	};
	const h: Harness = {
		server,
		vault,
		store,
		service: makeService(),
		settings,
		sleeps,
		async newThread() {
			const created = await h.service.createThread({});
			if (!created.ok) throw new Error(created.error.message);
			return created.threadId;
		},
		async send(threadId, content) {
			const sent = await h.service.sendMessage({ threadId, content });
			if (!sent.ok) throw new Error(sent.error.message);
			await settle(h.service, threadId);
		},
		async decide(threadId, approved, denied, comment) {
			const decided = await h.service.decideToolCalls({
				threadId,
				approved,
				denied,
				...(comment !== undefined ? { comment } : {}),
			});
			if (!decided.ok) throw new Error(decided.error.message);
			await settle(h.service, threadId);
		},
		events: (threadId) => readEvents(h.service, threadId),
		async state(threadId) {
			return project(threadId, await readEvents(h.service, threadId));
		},
		async restart() {
			await h.service.close();
			h.service = makeService();
		},
		async crash() {
			abandoned.push(h.service);
			store = await snapshot(store);
			h.store = store;
			h.service = makeService();
		},
	};
	open.push(h);
	return h;
}

/** The drive starts a microtask after the call returns; wait for it to start, then to end. */
async function settle(service: LocalThreadService, threadId: string): Promise<void> {
	await Promise.resolve();
	await Promise.resolve();
	await service.idle(threadId);
}

export function readEvents(service: LocalThreadService, threadId: string): Promise<ThreadEvent[]> {
	return new Promise((resolve, reject) => {
		const events: StoredEvent[] = [];
		const sub = service.subscribe({ threadId }, (message) => {
			if (message.kind === "event") events.push(message.event);
			if (message.kind === "error") reject(new Error(message.error.message));
			if (message.kind === "caught_up") {
				queueMicrotask(() => sub.close());
				resolve(events.filter(isKnownEvent));
			}
		});
	});
}

export function ofType<K extends ThreadEvent["type"]>(
	events: readonly ThreadEvent[],
	type: K,
): Array<Extract<ThreadEvent, { type: K }>> {
	return events.filter((e): e is Extract<ThreadEvent, { type: K }> => e.type === type);
}

/** A script step held until the test lets it go. */
export function held(step: ScriptStep): { step: ScriptStep; release: () => void; reached: Promise<void> } {
	let release!: () => void;
	let reach!: () => void;
	const gate = new Promise<void>((resolve) => (release = resolve));
	const reached = new Promise<void>((resolve) => (reach = resolve));
	return {
		release,
		reached,
		step: async (request) => {
			reach();
			await gate;
			return typeof step === "function" ? step(request) : step;
		},
	};
}
