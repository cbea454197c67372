/**
 * The plugin's settings while it runs: data.json's content in memory, what the core runs with,
 * and the write back. An edit applies at once (the next request uses it; the tab shows its
 * problem) but reaches the disk debounced, so typing a URL is one write, not one per key. Edits
 * not yet written are never lost: closing the tab or unloading the plugin writes them now, and a
 * reload from disk (a sync changed data.json) keeps them on top of what it read.
 */
import { debounce } from "obsidian";
import {
	getField,
	readSettings,
	setField,
	toPluginData,
	type PluginData,
	type ReadSettings,
	type SecretNames,
	type SettingsProblem,
} from "./settings-data";
import type { RedlineSettings } from "../settings";
import type { CheckTarget } from "../check/report";
import type { StoredCheck } from "../check/settings-key";

/** Long enough to cover a burst of typing, short enough that a crash loses little. */
export const SAVE_DELAY_MS = 800;

export interface SettingsIo {
	load(): Promise<unknown>;
	save(data: PluginData): Promise<void>;
	/** A failed write (the edit stays in memory and is written with the next one). */
	onSaveError(error: unknown): void;
}

export class PluginSettings {
	private data: PluginData = toPluginData(null);
	private read: ReadSettings = readSettings({});
	/** Edits since the last write, by dotted field (secret names under "secrets."). */
	private readonly unsaved = new Map<string, unknown>();
	private writing: Promise<void> = Promise.resolve();
	private readonly saveSoon = debounce(() => void this.flush(), SAVE_DELAY_MS, true);

	constructor(private readonly io: SettingsIo) {}

	get effective(): RedlineSettings {
		return this.read.effective;
	}

	get problems(): SettingsProblem[] {
		return this.read.problems;
	}

	/** The saved value of a dotted field (or its default when unset). */
	savedField(field: string): unknown {
		return getField(this.data.settings, field);
	}

	/** The last connection check of a model, as stored (the caller compares its key). */
	storedCheck(target: CheckTarget): StoredCheck | undefined {
		return this.data.checks?.[target];
	}

	/** Keeps a model's connection check with the settings (written like an edit). */
	saveCheck(target: CheckTarget, stored: StoredCheck): void {
		this.edit(`checks.${target}`, stored);
	}

	secretName(which: keyof SecretNames): string {
		return this.data.secrets[which];
	}

	/** Reads data.json; edits not yet written stay applied on top (an external change meanwhile). */
	async load(): Promise<void> {
		this.data = toPluginData(await this.io.load());
		for (const [field, value] of this.unsaved) this.apply(field, value);
		this.read = readSettings(this.data.settings);
	}

	updateField(field: string, value: unknown): void {
		this.edit(field, value);
	}

	updateSecretName(which: keyof SecretNames, id: string): void {
		this.edit(`secrets.${which}`, id.trim());
	}

	/** Writes pending edits now; resolves when every write so far is done. */
	flush(): Promise<void> {
		this.saveSoon.cancel();
		if (this.unsaved.size === 0) return this.writing;
		const written = [...this.unsaved];
		this.unsaved.clear();
		// Only the settings and the secret names: keys never reach data.json.
		const data: PluginData = {
			settings: structuredClone(this.data.settings),
			secrets: { ...this.data.secrets },
			...(this.data.checks ? { checks: structuredClone(this.data.checks) } : {}),
		};
		this.writing = this.writing
			.then(() => this.io.save(data))
			.catch((error: unknown) => {
				// Written with the next edit (or flush), unless a newer edit of the field replaced it.
				for (const [field, value] of written) if (!this.unsaved.has(field)) this.unsaved.set(field, value);
				this.io.onSaveError(error);
			});
		return this.writing;
	}

	private edit(field: string, value: unknown): void {
		this.apply(field, value);
		this.unsaved.set(field, value);
		this.read = readSettings(this.data.settings);
		this.saveSoon();
	}

	private apply(field: string, value: unknown): void {
		if (field.startsWith("checks.")) {
			const target = field.slice("checks.".length) as CheckTarget;
			this.data.checks = { ...this.data.checks, [target]: value as StoredCheck };
		} else if (field.startsWith("secrets.")) {
			const which = field.slice("secrets.".length) as keyof SecretNames;
			this.data.secrets[which] = typeof value === "string" ? value : "";
		} else {
			setField(this.data.settings, field, value);
		}
	}
}
