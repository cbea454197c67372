/**
 * The composition root shared by both hosts (the Obsidian plugin and the sandbox): one place
 * that wires the vault and store ports to history, models, tools, the agent runner and the
 * thread service, so the two hosts cannot drift apart.
 */
import { AgentRunner } from "./agent/runner";
import { modelTitles } from "./agent/title-maker";
import { messageTitle, type TitleMaker } from "./thread/auto-title";
import { createNoteHistory } from "./history/note-history";
import { createModelProvider } from "./llm/model-provider";
import type { ModelCredentials, RedlineSettings } from "./settings";
import type { Store } from "./store/store";
import { LocalThreadService } from "./thread/service";
import { createDefaultTools } from "./tools/default-tools";
import { instructionsNotePath } from "./settings";
import { ToolRegistry } from "./tools/registry";
import { toolCatalog, type ToolCatalog } from "./tools/catalog";
import { NoteIndex } from "./search/note-index";
import type { NoteMetadataSource } from "./search/note-fields";
import type { NoteCatalog } from "./search/note-catalog";
import type { RenameJournal } from "./history/rename-journal";
import type { NoteHistory } from "./history/types";
import type { Vault } from "./vault/vault";
import { AccessFloor } from "./vault/access-floor";
import type { YamlCodec } from "./composer/properties/yaml-codec";

// For the Obsidian host, which loads this module lazily: "Check connection" runs the model client,
// and the settings tab lists the tools before the core is built.
export { checkConnection } from "./check/run-check";
export { defaultToolCatalog } from "./tools/default-tools";

export interface RedlineDeps {
	vault: Vault;
	store: Store;
	settings: () => RedlineSettings;
	credentials: () => ModelCredentials;
	/** The HTTP fetch the model clients use (Obsidian desktop: Node http; mobile: requestUrl). */
	fetch?: typeof fetch;
	/** Folders under the access floor, whatever the preference (the config folder, the plugin's data). */
	protectedFolders: string[];
	/** Renames the host journaled before the core was built (default: the journal in the store). */
	renames?: RenameJournal;
	/** The host's parsed note metadata for search (Obsidian's metadataCache); parsed from the text without it. */
	noteMetadata?: NoteMetadataSource;
	/**
	 * The note metadata findNotes queries: Obsidian's metadataCache in the plugin, a TextNoteCatalog
	 * over the vault elsewhere (given by the host, so main.js does not carry the sandbox's parser).
	 */
	noteCatalog: NoteCatalog;
	/**
	 * How new chats get their title after the first reply: from the apply model (the default; the
	 * first words of the message when that fails), or the first words alone (the offline demo, and
	 * tests whose scripted model answers only the requests they list).
	 */
	titles?: "model" | "first-words";
	/** A phone or tablet: the search index keeps under settings().searchMemoryMB. */
	mobile?: boolean;
	/** The host's YAML for note properties (setProperties): the yaml library in the sandbox, Obsidian's own in the plugin. */
	yaml: YamlCodec;
	/**
	 * When the snapshot backfill starts after the service (ms; default SNAPSHOT_BACKFILL_AFTER_MS),
	 * or null for none (benches that time an open before it).
	 */
	backfillAfterMs?: number | null;
}

/**
 * How long after start the snapshot backfill waits (src/thread/snapshot-backfill.ts): the pane's
 * first open and the search index's warm start go first.
 */
export const SNAPSHOT_BACKFILL_AFTER_MS = 5_000;

const firstWordsTitles: TitleMaker = { title: (message) => Promise.resolve(messageTitle(message)) };

export interface Redline {
	service: LocalThreadService;
	history: NoteHistory;
	/** The note index behind searchNotes; built on the first search or when a pane watches its status. */
	search: NoteIndex;
	/** The registered tools as the Permissions panel and settings list them (the sandbox serves it to its page). */
	tools: ToolCatalog;
	/** Aborts work in flight, flushes the logs and stops listening to the vault. */
	dispose(): Promise<void>;
}

export async function createRedline(deps: RedlineDeps): Promise<Redline> {
	const { vault, store, settings } = deps;
	const history = createNoteHistory({
		vault,
		store,
		maxEntries: () => settings().historySize,
		maxNoteBytes: () => settings().maxNoteBytes,
		...(deps.renames ? { renames: deps.renames } : {}),
	});
	const models = createModelProvider(settings, deps.credentials, deps.fetch ? { fetch: deps.fetch } : {});
	// Constructing the index does no work: it starts on the first search or status watch.
	const search = new NoteIndex({
		vault,
		store,
		protectedFolders: deps.protectedFolders,
		...(deps.noteMetadata ? { metadata: deps.noteMetadata } : {}),
		...(deps.mobile ? { memoryCapBytes: () => settings().searchMemoryMB * 1e6 } : {}),
	});
	const catalog = deps.noteCatalog;
	const tools = new ToolRegistry(
		createDefaultTools({
			history,
			models,
			search,
			drafts: store,
			yaml: deps.yaml,
			catalog,
			applyFormat: () => settings().applyFormat,
			instructionsNote: () => instructionsNotePath(settings()),
		}),
	);
	const runner = new AgentRunner({ vault, models, tools, settings, protectedFolders: deps.protectedFolders });
	const titles = deps.titles === "first-words" ? firstWordsTitles : modelTitles(models);
	const chips = { vault, catalog, floor: new AccessFloor(deps.protectedFolders) };
	const service = new LocalThreadService({
		store,
		driver: runner,
		history,
		titles,
		tools,
		chips,
		...(deps.backfillAfterMs !== null
			? { backfill: { afterMs: deps.backfillAfterMs ?? SNAPSHOT_BACKFILL_AFTER_MS } }
			: {}),
	});
	await service.load();
	return {
		service,
		history,
		search,
		tools: toolCatalog(tools.list()),
		async dispose() {
			await service.close();
			runner.dispose();
			history.dispose();
			await search.dispose();
			catalog.dispose?.();
		},
	};
}
