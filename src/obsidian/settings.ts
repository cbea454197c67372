/**
 * The settings tab: renders settings-fields.ts. Each control edits one saved field; a field that
 * does not validate shows its problem under the control and stays saved as typed (never replaced
 * by a default). API keys go through SecretComponent: data.json keeps only the secret's name,
 * app.secretStorage the key.
 */
import { PluginSettingTab, SecretComponent, Setting, type App, type Plugin } from "obsidian";
import { knownContextWindow } from "../llm/context-windows";
import { priceModel, showPrice, withPrice } from "./price-field";
import { settingsSections, type FieldSpec } from "./settings-fields";
import type { SecretNames, SettingsProblem } from "./settings-data";
import { renderCheckRow, type CheckHost } from "./check-view";
import type { ToolCatalog } from "../tools/catalog";

export interface SettingsHost {
	/** The saved value of a dotted field (or its default when unset). */
	savedField(field: string): unknown;
	updateField(field: string, value: unknown): void;
	secretName(which: keyof SecretNames): string;
	updateSecretName(which: keyof SecretNames, id: string): void;
	problems(): SettingsProblem[];
	/** The tab was closed: write what is pending. */
	flush(): void;
	/** "Check connection" for each model. */
	checks?: CheckHost;
	/** The tools the agent has, for the Tools section. */
	tools(): ToolCatalog;
}

interface Shown {
	setting: Setting;
	/** Shows the saved value again (after a reload from disk). */
	refresh: () => void;
}

/** A saved value as an input shows it: kept as typed when it is not what the field expects. */
function asText(saved: unknown, scale = 1): string {
	if (saved === undefined || saved === null) return "";
	if (typeof saved === "number") return String(scale === 1 ? saved : Number((saved / scale).toFixed(6)));
	return typeof saved === "string" ? saved : JSON.stringify(saved);
}

/**
 * Rendered by display() only, deliberately (the lint's prefer-setting-definitions): the plugin
 * supports Obsidian 1.11.4, where display() is the API, and 1.13 still calls it for a tab without
 * getSettingDefinitions(). Declaring the same table a second way for 1.13's settings search would
 * be a second renderer that no test here could check; once minAppVersion reaches 1.13,
 * settings-fields.ts maps onto SettingDefinitionItem[] row for row and display() goes.
 */
export class RedlineSettingTab extends PluginSettingTab {
	/** Controls by field, to show a problem or a reloaded value without re-rendering (keeps focus). */
	private shown = new Map<string, Shown>();
	/** Context window fields: refilled from the model name while the user has not set one. */
	private contextFields = new Set<string>();
	private summaryEl: HTMLElement | null = null;
	/** The check rows shown: refreshed after a change (a report is shown only for the settings it checked). */
	private checkRows: Array<{ refresh: () => void; dispose: () => void }> = [];

	constructor(
		app: App,
		plugin: Plugin,
		private readonly host: SettingsHost,
	) {
		super(app, plugin);
	}

	override display(): void {
		const { containerEl } = this;
		containerEl.empty();
		this.shown.clear();
		this.contextFields.clear();
		this.summaryEl = containerEl.createDiv({ cls: "redline-settings-problems" });
		this.disposeChecks();
		for (const section of settingsSections(this.host.tools())) {
			new Setting(containerEl).setName(section.heading).setHeading();
			for (const spec of section.fields) this.control(spec);
			if (section.check && this.host.checks)
				this.checkRows.push(renderCheckRow(containerEl, section.check, this.host.checks));
		}
		this.showProblems();
	}

	override hide(): void {
		this.disposeChecks();
		this.host.flush();
		this.shown.clear();
		this.summaryEl = null;
		super.hide();
	}

	private disposeChecks(): void {
		for (const row of this.checkRows) row.dispose();
		this.checkRows = [];
	}

	/** Shows the values and problems read from disk again; a control being edited keeps its text. */
	refresh(): void {
		const focused = this.containerEl.doc.activeElement;
		for (const { setting, refresh } of this.shown.values())
			if (!focused || !setting.controlEl.contains(focused)) refresh();
		this.showProblems();
		for (const row of this.checkRows) row.refresh();
	}

	/** Re-reads problems into the summary and each field (after a change or an external reload). */
	showProblems(): void {
		const problems = this.host.problems();
		for (const [field, { setting }] of this.shown) {
			const problem = problems.find((p) => p.field === field || p.field.startsWith(`${field}.`));
			// Our own element: Setting.setErrorMessage needs Obsidian 1.13, the plugin supports 1.11.4.
			setting.infoEl.querySelector(".redline-setting-error")?.remove();
			if (problem) setting.infoEl.createDiv({ cls: "redline-setting-error mod-warning", text: problem.message });
		}
		if (!this.summaryEl) return;
		this.summaryEl.empty();
		if (problems.length === 0) return;
		this.summaryEl.createEl("p", {
			text: "Some saved settings are not valid. They are kept as saved; Redline uses the default for each until you fix it:",
		});
		const list = this.summaryEl.createEl("ul");
		for (const problem of problems) list.createEl("li", { text: problem.message });
	}

	private control(spec: FieldSpec): void {
		const setting = new Setting(this.containerEl).setName(spec.name).setDesc(spec.desc);
		if (spec.kind === "secret") {
			let picker: SecretComponent | null = null;
			setting.addComponent(
				(el) =>
					(picker = new SecretComponent(this.app, el)
						.setValue(this.host.secretName(spec.which))
						.onChange((id) => this.host.updateSecretName(spec.which, id))),
			);
			setting.settingEl.setAttr("data-secret", spec.which);
			this.shown.set(`secrets.${spec.which}`, {
				setting,
				refresh: () => void picker?.setValue(this.host.secretName(spec.which)),
			});
			return;
		}
		if (spec.kind === "price") {
			const which = spec.which;
			const saved = (field: string): unknown => this.host.savedField(field);
			setting.addText((text) => {
				showPrice(text, saved, which);
				text.onChange((value) => this.change("prices", withPrice(saved("prices"), priceModel(saved, which), value)));
				this.shown.set(`prices:${which}`, { setting, refresh: () => showPrice(text, saved, which) });
			});
			setting.settingEl.setAttr("data-field", `prices:${which}`);
			return;
		}
		const { field } = spec;
		const saved = (): unknown => this.host.savedField(field) ?? spec.fallback;
		let refresh: () => void;
		switch (spec.kind) {
			case "text":
				setting.addText((text) => {
					text.setValue(asText(saved())).onChange((value) => this.change(field, value.trim()));
					if (spec.placeholder) text.setPlaceholder(spec.placeholder);
					refresh = () => void text.setValue(asText(saved()));
				});
				break;
			case "number":
				setting.addText((text) => {
					const scale = spec.scale ?? 1;
					text.inputEl.type = "number";
					text.inputEl.min = String(spec.min);
					text.inputEl.max = String(spec.max);
					text.inputEl.step = String(spec.step);
					if (spec.placeholder) text.setPlaceholder(spec.placeholder);
					text.setValue(asText(saved(), scale)).onChange((value) => {
						// Kept as typed when not a number, so the problem is shown rather than the input lost.
						const n = Number(value.trim());
						// An optional field left empty goes back to its default.
						if (value.trim() === "" && spec.optional) return this.change(field, undefined);
						this.change(
							field,
							value.trim() !== "" && Number.isFinite(n) ? (scale === 1 ? n : Math.round(n * scale)) : value,
						);
					});
					refresh = () => void text.setValue(asText(saved(), scale));
				});
				break;
			case "contextWindow":
				setting.addText((text) => {
					text.inputEl.type = "number";
					text.inputEl.min = String(spec.min);
					text.inputEl.max = String(spec.max);
					text.inputEl.step = "1";
					refresh = () => {
						const value = saved();
						const detected = value === undefined || value === "" ? this.detectedContextWindow(field) : undefined;
						text.setValue(value === undefined || value === "" ? asText(detected) : asText(value));
						text.setPlaceholder(value === undefined && detected === undefined ? "Unknown model: enter its window" : "");
					};
					refresh();
					text.onChange((value) => {
						// Empty goes back to following the model name; anything else is kept as typed.
						const n = Number(value.trim());
						this.change(field, value.trim() === "" ? undefined : Number.isFinite(n) ? n : value);
					});
				});
				this.contextFields.add(field);
				break;
			case "toggle":
				setting.addToggle((toggle) => {
					toggle.setValue(saved() === true).onChange((value) => this.change(field, value));
					refresh = () => void toggle.setValue(saved() === true);
				});
				break;
			case "dropdown":
				setting.addDropdown((dropdown) => {
					const value = saved();
					// A saved value that is not an option stays visible (and reported) instead of being replaced.
					const options =
						typeof value === "string" && !(value in spec.options)
							? { [value]: `${value} (not valid)`, ...spec.options }
							: spec.options;
					dropdown
						.addOptions(options)
						.setValue(String(value))
						.onChange((next) => this.change(field, next));
					refresh = () => {
						const next = String(saved());
						if (!Array.from(dropdown.selectEl.options).some((o) => o.value === next))
							dropdown.addOption(next, `${next} (not valid)`);
						dropdown.setValue(next);
					};
				});
				break;
		}
		setting.settingEl.setAttr("data-field", field);
		this.shown.set(field, { setting, refresh: () => refresh() });
	}

	private change(field: string, value: unknown): void {
		this.host.updateField(field, value);
		// A new model name brings its own window, unless the user set one.
		if (field.endsWith(".model") || this.contextFields.has(field)) {
			for (const context of this.contextFields) if (context !== field) this.shown.get(context)?.refresh();
		}
		// A new model name shows that model's price.
		if (field.endsWith(".model")) for (const which of ["main", "apply"]) this.shown.get(`prices:${which}`)?.refresh();
		this.showProblems();
		// A report stands for the settings it checked: a change hides it.
		for (const row of this.checkRows) row.refresh();
	}

	/** The window the model names imply; the apply model follows the main one when it is the same. */
	private detectedContextWindow(field: string): number | undefined {
		const name = (dotted: string): string => {
			const value = this.host.savedField(dotted);
			return typeof value === "string" ? value.trim() : "";
		};
		if (field === "mainModel.contextTokens") return knownContextWindow(name("mainModel.model"));
		const apply = name("applyModel.model");
		if (apply !== "" && apply !== name("mainModel.model")) return knownContextWindow(apply);
		const main = this.host.savedField("mainModel.contextTokens");
		return typeof main === "number" ? main : knownContextWindow(name("mainModel.model"));
	}
}
