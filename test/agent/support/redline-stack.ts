/**
 * The real stack (createRedline: history, tools, agent, service, chips) with the real ChatOpenAI
 * against the scripted server, over either host's vault: the sandbox's MemoryVault with the text
 * catalog, or the Obsidian fake's vault with the metadataCache catalog.
 */
import { afterEach, expect } from "vitest";
import { createObsidianNoteCatalog } from "../../../src/obsidian/note-catalog";
import { ObsidianVault } from "../../../src/obsidian/obsidian-vault";
import { createRedline, type Redline } from "../../../src/redline";
import { scripted, startModelServer, type ModelServer, type ScriptStep } from "../../../src/sandbox/model-server";
import { yamlLibraryCodec } from "../../../src/sandbox/yaml-library-codec";
import type { NoteCatalog } from "../../../src/search/note-catalog";
import { TextNoteCatalog } from "../../../src/search/text-catalog";
import { DEFAULT_SETTINGS, type RedlineSettings } from "../../../src/settings";
import { MemoryStore } from "../../../src/store/memory-store";
import type { Store } from "../../../src/store/store";
import { MemoryVault } from "../../../src/vault/memory-vault";
import type { Vault } from "../../../src/vault/vault";
import { App } from "../../fakes/obsidian";
import { readEvents } from "./harness";

export interface Host {
	name: string;
	make(notes: Record<string, string>): { vault: Vault; catalog: NoteCatalog };
}

export const HOSTS: Host[] = [
	{
		name: "the sandbox's vault",
		make(notes) {
			const vault = new MemoryVault("Test vault", notes);
			return { vault, catalog: new TextNoteCatalog({ vault, protectedFolders: [] }) };
		},
	},
	{
		name: "the Obsidian fake",
		make(notes) {
			const app = new App();
			app.vault.seed(notes);
			return { vault: new ObsidianVault(app as never), catalog: createObsidianNoteCatalog(app as never) };
		},
	},
];

const running: Array<{ redline: Redline; server: ModelServer }> = [];
afterEach(async () => {
	for (const r of running.splice(0)) {
		await r.redline.dispose();
		await r.server.close();
	}
});

export type Stack = Awaited<ReturnType<typeof stack>>;

export async function stack(host: Host, notes: Record<string, string>, steps: ScriptStep[]) {
	const server = await startModelServer({ script: scripted(...steps) });
	const { vault, catalog } = host.make(notes);
	const settings: RedlineSettings = {
		...DEFAULT_SETTINGS,
		mainModel: { baseUrl: server.baseURL, model: "scripted", temperature: 0 },
		applyModel: {},
	};
	const store: Store = new MemoryStore();
	const start = async () => {
		const redline = await createRedline({
			vault,
			store,
			settings: () => settings,
			credentials: () => ({}),
			protectedFolders: [],
			titles: "first-words",
			yaml: yamlLibraryCodec,
			noteCatalog: catalog,
		});
		running.push({ redline, server });
		return redline;
	};
	let redline = await start();
	const created = await redline.service.createThread({});
	if (!created.ok) throw new Error(created.error.message);
	const threadId = created.threadId;
	const s = {
		server,
		vault,
		settings,
		threadId,
		get service() {
			return redline.service;
		},
		async idle() {
			await Promise.resolve();
			await Promise.resolve();
			await redline.service.idle(threadId);
		},
		async send(content: string) {
			expect((await redline.service.sendMessage({ threadId, content })).ok).toBe(true);
			await s.idle();
		},
		events: () => readEvents(redline.service, threadId),
		/** A new service over the same store: what a reload sees. */
		async restart() {
			await redline.dispose();
			redline = await start();
		},
	};
	return s;
}
