/**
 * "Show history for this note" (shown as "Redline: Show history for this note"): the note's versions, newest first, each with its time,
 * description, lines added and removed, the diff, and "Revert to here", which names how many
 * later changes it undoes; that count goes with the request, so one landing meanwhile makes it refuse.
 */
import { Modal, Setting, type App } from "obsidian";
import type { HistoryEntrySummary, ThreadService } from "../thread/service-api";
import { displayPath } from "../vault/display-path";

export interface HistoryModalDeps {
	service: ThreadService;
	path: string;
	/** Reverts to a version, undoing laterChanges later changes, and reports the outcome (Notice). */
	revertTo(versionId: string, laterChanges: number): Promise<void>;
}

export class HistoryModal extends Modal {
	constructor(
		app: App,
		private readonly deps: HistoryModalDeps,
	) {
		super(app);
	}

	override async onOpen(): Promise<void> {
		this.setTitle(`Redline history: ${displayPath(this.deps.path)}`);
		this.contentEl.addClass("redline-history");
		const result = await this.deps.service.listHistory({ path: this.deps.path });
		if (!result.ok) {
			this.contentEl.createEl("p", { text: `Could not read the history: ${result.error.message}` });
			return;
		}
		if (result.entries.length === 0) {
			this.contentEl.createEl("p", { text: "Redline has not changed this note." });
			return;
		}
		result.entries.forEach((entry, index) => this.renderEntry(entry, index));
	}

	override onClose(): void {
		this.contentEl.empty();
	}

	/** later: how many entries are newer than this one (0 for the newest). */
	private renderEntry(entry: HistoryEntrySummary, later: number): void {
		const when = new Date(entry.at).toLocaleString();
		const setting = new Setting(this.contentEl)
			.setName(entry.description)
			.setDesc(`${when} · ${entry.kind} · +${entry.added} −${entry.removed}`);
		setting.settingEl.addClass("redline-history-entry");
		setting.settingEl.setAttr("data-version", entry.versionId);
		if (later > 0) {
			setting.addButton((button) =>
				button
					.setButtonText(`Revert to here (undoes ${later === 1 ? "1 later change" : `${later} later changes`})`)
					.onClick(async () => {
						this.close();
						await this.deps.revertTo(entry.versionId, later);
					}),
			);
		}
		const details = this.contentEl.createEl("details", { cls: "redline-history-diff" });
		details.createEl("summary", { text: "Diff" });
		details.createEl("pre", { text: entry.diff });
	}
}
