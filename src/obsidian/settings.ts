/**
 * The settings tab. Each control edits one saved field; a field that does not validate shows its
 * problem under the control and stays saved as typed (never replaced by a default). API keys go
 * through SecretComponent: data.json keeps only the secret's name, app.secretStorage the key.
 */
import { PluginSettingTab, SecretComponent, Setting, type App, type Plugin } from "obsidian";
import { DEFAULT_TOOL_PREFERENCES } from "../settings";
import type { SecretNames, SettingsProblem } from "./settings-data";

export interface SettingsHost {
	/** The saved value of a dotted field (or its default when unset). */
	savedField(field: string): unknown;
	updateField(field: string, value: unknown): Promise<void>;
	secretName(which: keyof SecretNames): string;
	updateSecretName(which: keyof SecretNames, id: string): Promise<void>;
	problems(): SettingsProblem[];
}

const TOOL_NAMES: Record<string, string> = {
	readNote: "Read a note",
	searchNotes: "Search notes",
	listNotes: "List notes",
	declareEditIntent: "Plan an edit",
	executeEdit: "Apply an edit",
	askUser: "Ask you a question",
};

export class RedlineSettingTab extends PluginSettingTab {
	/** Settings by field, to show a field's problem without re-rendering (keeps focus). */
	private fields = new Map<string, Setting>();
	private summaryEl: HTMLElement | null = null;

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
		this.fields.clear();
		this.summaryEl = containerEl.createDiv({ cls: "redline-settings-problems" });

		new Setting(containerEl).setName("Main model").setHeading();
		this.text("mainModel.baseUrl", "Base URL", "An OpenAI-compatible endpoint, such as https://api.openai.com/v1.");
		this.text("mainModel.model", "Model", "The model that plans and talks with you.");
		this.secret("mainApiKey", "API key", "Stored in Obsidian's secret storage, never in the plugin's data file.");

		new Setting(containerEl).setName("Apply model").setHeading();
		this.text("applyModel.baseUrl", "Base URL", "Leave empty to use the main model's.");
		this.text("applyModel.model", "Model", "A fast, cheap model that writes the edited note. Leave empty to use the main model.");
		this.secret("applyApiKey", "API key", "Leave empty to use the main model's key.");
		this.toggle("applyModel.supportsPredictedOutputs", "Provider supports predicted outputs", "Sends the current note as a prediction, which makes edits much faster where supported.");

		new Setting(containerEl).setName("Tools").setHeading();
		for (const tool of Object.keys(DEFAULT_TOOL_PREFERENCES)) {
			this.dropdown(`toolDefaults.${tool}`, TOOL_NAMES[tool] ?? tool, "Default for new chats; a card can change it per chat.", { prompt: "Ask", always: "Always run", never: "Never run" });
		}

		new Setting(containerEl).setName("Limits").setHeading();
		this.number("historySize", "History size", "Versions kept per note for revert.");
		this.number("stepCap", "Step cap", "Model steps per message before Redline stops and tells you.");
		this.dropdown("transport", "Transport", "How model requests travel. Automatic streams on desktop and uses Obsidian's request on mobile.", {
			auto: "Automatic",
			node: "Desktop (streaming)",
			"request-url": "Obsidian request (whole reply)",
		});
		this.showProblems();
	}

	/** Re-reads problems into the summary and each field (after a change or an external reload). */
	showProblems(): void {
		const problems = this.host.problems();
		for (const [field, setting] of this.fields) {
			const problem = problems.find((p) => p.field === field || p.field.startsWith(`${field}.`));
			// Our own element: Setting.setErrorMessage needs Obsidian 1.13, the plugin supports 1.11.4.
			setting.infoEl.querySelector(".redline-setting-error")?.remove();
			if (problem) setting.infoEl.createDiv({ cls: "redline-setting-error mod-warning", text: problem.message });
		}
		if (!this.summaryEl) return;
		this.summaryEl.empty();
		if (problems.length === 0) return;
		this.summaryEl.createEl("p", { text: "Some saved settings are not valid. They are kept as saved; Redline uses the default for each until you fix it:" });
		const list = this.summaryEl.createEl("ul");
		for (const problem of problems) list.createEl("li", { text: problem.message });
	}

	private track(field: string, setting: Setting): void {
		this.fields.set(field, setting);
		setting.settingEl.setAttr("data-field", field);
	}

	private async change(field: string, value: unknown): Promise<void> {
		await this.host.updateField(field, value);
		this.showProblems();
	}

	private text(field: string, name: string, desc: string): void {
		const saved = this.host.savedField(field);
		const setting = new Setting(this.containerEl).setName(name).setDesc(desc);
		setting.addText((text) => text.setValue(typeof saved === "string" ? saved : saved === undefined ? "" : JSON.stringify(saved)).onChange((value) => this.change(field, value.trim())));
		this.track(field, setting);
	}

	private number(field: string, name: string, desc: string): void {
		const saved = this.host.savedField(field);
		const setting = new Setting(this.containerEl).setName(name).setDesc(desc);
		setting.addText((text) =>
			text.setValue(String(saved)).onChange((value) => {
				// Kept as typed when not a number, so the problem is shown rather than the input lost.
				const n = Number(value.trim());
				return this.change(field, value.trim() !== "" && Number.isFinite(n) ? n : value);
			}),
		);
		this.track(field, setting);
	}

	private toggle(field: string, name: string, desc: string): void {
		const setting = new Setting(this.containerEl).setName(name).setDesc(desc);
		setting.addToggle((toggle) => toggle.setValue(this.host.savedField(field) === true).onChange((value) => this.change(field, value)));
		this.track(field, setting);
	}

	private dropdown(field: string, name: string, desc: string, options: Record<string, string>): void {
		const saved = this.host.savedField(field);
		const setting = new Setting(this.containerEl).setName(name).setDesc(desc);
		setting.addDropdown((dropdown) => {
			// A saved value that is not an option stays visible (and reported) instead of being replaced.
			const all = typeof saved === "string" && !(saved in options) ? { [saved]: `${saved} (not valid)`, ...options } : options;
			dropdown
				.addOptions(all)
				.setValue(String(saved))
				.onChange((value) => this.change(field, value));
		});
		this.track(field, setting);
	}

	private secret(which: keyof SecretNames, name: string, desc: string): void {
		const setting = new Setting(this.containerEl).setName(name).setDesc(desc);
		setting.addComponent((el) =>
			new SecretComponent(this.app, el).setValue(this.host.secretName(which)).onChange(async (id) => {
				await this.host.updateSecretName(which, id);
			}),
		);
		setting.settingEl.setAttr("data-secret", which);
	}
}
