/**
 * The core as the sandbox builds it, for benches that run the app's path: a vault, a store, the
 * settings (a scripted model's address in them), the sandbox's YAML and a TextNoteCatalog over
 * the vault, no protected folders, no credentials. One place, so a bench cannot drift from what
 * the sandbox wires (the rows measure the app, not a bench's own assembly).
 */
import { createRedline, type Redline, type RedlineDeps } from "../../src/redline";
import { yamlLibraryCodec } from "../../src/sandbox/yaml-library-codec";
import { TextNoteCatalog } from "../../src/search/text-catalog";
import type { RedlineSettings } from "../../src/settings";

export interface BenchRedlineOptions {
	vault: RedlineDeps["vault"];
	store: RedlineDeps["store"];
	/** The settings, or a function giving them (a bench that changes them between runs). */
	settings: RedlineSettings | (() => RedlineSettings);
	/** "first-words" when the scripted model answers only the requests the bench lists. */
	titles?: RedlineDeps["titles"];
}

export function benchRedline({ vault, store, settings, titles }: BenchRedlineOptions): Promise<Redline> {
	return createRedline({
		yaml: yamlLibraryCodec,
		vault,
		noteCatalog: new TextNoteCatalog({ vault, protectedFolders: [] }),
		store,
		settings: typeof settings === "function" ? settings : () => settings,
		credentials: () => ({}),
		protectedFolders: [],
		...(titles ? { titles } : {}),
	});
}
