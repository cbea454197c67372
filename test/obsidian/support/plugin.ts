/** Runs the plugin from source against the fake App (vitest aliases `obsidian` to the fake). */
import { App, MarkdownView, type PluginSettingTab } from "../../fakes/obsidian";
import { RedlinePlugin } from "../../../src/obsidian/plugin";
import { installLoaders } from "../../../src/obsidian/lazy";
import * as redline from "../../../src/redline";
import * as mount from "../../../src/ui/mount";

// From source, require() cannot load TypeScript: hand the plugin the modules main.js loads lazily.
// Counted, so a test can tell whether something needed the core (main.js would evaluate
// LangChain, zod and the OpenAI client at that point).
const loads = { redline: 0, mount: 0 };
let coreOverride: Partial<typeof redline> | null = null;
installLoaders({
	redline: () => {
		loads.redline++;
		return coreOverride ? { ...redline, ...coreOverride } : redline;
	},
	mount: () => {
		loads.mount++;
		return mount;
	},
});

/** Replaces parts of the core module the plugin loads (to make it fail, say); returns the undo. */
export function overrideCore(parts: Partial<typeof redline>): () => void {
	coreOverride = parts;
	return () => {
		coreOverride = null;
	};
}

/** How many times the plugin asked for the lazily loaded modules so far (in this test file). */
export function lazyLoads(): Readonly<typeof loads> {
	return { ...loads };
}
import { MANIFEST } from "./bundle";
import { DEFAULT_CONFIG_DIR } from "../../../src/vault/paths";

export const DATA_PATH = `${DEFAULT_CONFIG_DIR}/plugins/redline/data.json`;

export async function startPlugin(app = new App(), data?: unknown): Promise<{ app: App; plugin: RedlinePlugin }> {
	if (data !== undefined) {
		await app.vault.adapter.mkdir(`${DEFAULT_CONFIG_DIR}/plugins/redline`);
		await app.vault.adapter.write(DATA_PATH, JSON.stringify(data));
	}
	const plugin = new RedlinePlugin(app as never, MANIFEST);
	await (plugin as unknown as App["settingTabs"][number]["plugin"] & { loadAsync(): Promise<void> }).loadAsync();
	return { app, plugin };
}

export async function stopPlugin(plugin: RedlinePlugin): Promise<void> {
	plugin.unload();
	await plugin.whenUnloaded();
}

export function savedData(app: App): string {
	return app.vault.text(DATA_PATH) ?? "";
}

/** The displayed tab's control for a field (data-field attribute). */
export function field(tab: PluginSettingTab, name: string): HTMLElement {
	const el = tab.containerEl.querySelector(`[data-field="${name}"]`);
	if (!el) throw new Error(`No setting for ${name}`);
	return el as HTMLElement;
}

export function type(input: HTMLInputElement | HTMLSelectElement, value: string): void {
	input.value = value;
	const win = input.ownerDocument.defaultView as unknown as { Event: typeof Event };
	input.dispatchEvent(new win.Event(input.tagName === "SELECT" ? "change" : "input"));
}

export { MarkdownView };
