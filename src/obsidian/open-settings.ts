/** Opens Obsidian's settings on Redline's tab (error cards, notices). */
import type { App } from "obsidian";

/** Obsidian's settings modal is not in the public API; this is the part we call. */
interface SettingsModal {
	open(): void;
	openTabById(id: string): unknown;
}

export function openPluginSettings(app: App, pluginId: string): void {
	const setting = (app as unknown as { setting?: SettingsModal }).setting;
	if (!setting) return;
	setting.open();
	setting.openTabById(pluginId);
}
