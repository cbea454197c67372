/**
 * The composition root shared by both hosts (the Obsidian plugin and the sandbox): one place
 * that wires the vault and store ports to history, models, tools, the agent runner and the
 * thread service, so the two hosts cannot drift apart.
 */
import { AgentRunner } from "./agent/runner";
import { createNoteHistory } from "./history/note-history";
import { createModelProvider } from "./llm/model-provider";
import type { ModelCredentials, RedlineSettings } from "./settings";
import type { Store } from "./store/store";
import { LocalThreadService } from "./thread/service";
import { createDefaultTools } from "./tools/default-tools";
import { ToolRegistry } from "./tools/registry";
import type { NoteHistory } from "./history/types";
import type { Vault } from "./vault/vault";

export interface RedlineDeps {
	vault: Vault;
	store: Store;
	settings: () => RedlineSettings;
	credentials: () => ModelCredentials;
	/** The HTTP fetch the model clients use (Obsidian desktop: Node http; mobile: requestUrl). */
	fetch?: typeof fetch;
	/** Folders under the access floor, whatever the preference (the config folder, the plugin's data). */
	protectedFolders: string[];
}

export interface Redline {
	service: LocalThreadService;
	history: NoteHistory;
	/** Aborts work in flight, flushes the logs and stops listening to the vault. */
	dispose(): Promise<void>;
}

export async function createRedline(deps: RedlineDeps): Promise<Redline> {
	const { vault, store, settings } = deps;
	const history = createNoteHistory({ vault, store, maxEntries: () => settings().historySize, maxNoteBytes: () => settings().maxNoteBytes });
	const models = createModelProvider(settings, deps.credentials, deps.fetch ? { fetch: deps.fetch } : {});
	const tools = new ToolRegistry(createDefaultTools({ history, models }));
	const runner = new AgentRunner({ vault, models, tools, settings, protectedFolders: deps.protectedFolders });
	const service = new LocalThreadService({ store, driver: runner, history });
	await service.load();
	return {
		service,
		history,
		async dispose() {
			await service.close();
			history.dispose();
		},
	};
}
