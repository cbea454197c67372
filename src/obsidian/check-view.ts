/**
 * The settings tab's "Check connection" row for one model: the button, then the last report
 * while the settings it was made with are in use (one line per step: verdict, figure, cause, fix),
 * and a button for a fix that is one setting ("Turn on Text tool calls"), which applies it and
 * checks again.
 */
import { Setting } from "obsidian";
import type { CheckAction, CheckReport, CheckStep, CheckTarget } from "../check/report";

/** What the row needs of the plugin's ConnectionChecks. */
export interface CheckHost {
	current(target: CheckTarget): CheckReport | null;
	isRunning(target: CheckTarget): boolean;
	run(target: CheckTarget): Promise<CheckReport>;
	apply(target: CheckTarget, action: CheckAction): Promise<CheckReport>;
	onChange(listener: () => void): () => void;
}

const MARKS: Record<CheckStep["status"], string> = { pass: "✓", warn: "!", fail: "✗", skip: "–" };

export function actionLabel(action: CheckAction): string {
	switch (action.kind) {
		case "set-base-url":
			return `Use ${action.baseUrl}`;
		case "text-tool-calls":
			return "Turn on text tool calls";
		case "set-context-tokens":
			return `Set to ${action.tokens.toLocaleString("en-US")} tokens`;
		case "use-transport":
			return action.transport === "node" ? "Use the desktop transport" : "Use Obsidian request";
		case "set-apply-format":
			return action.format === "whole" ? "Set apply format to whole note" : "Set apply format to edits";
	}
}

/** Renders the row; returns a refresh (after a settings change) and a cleanup. */
export function renderCheckRow(
	containerEl: HTMLElement,
	target: CheckTarget,
	host: CheckHost,
): { refresh: () => void; dispose: () => void } {
	const setting = new Setting(containerEl)
		.setName("Check connection")
		.setDesc(
			"Sends a few short requests with a fixed sample text (never your notes) and says what works, what does not, and why.",
		);
	setting.settingEl.setAttr("data-check", target);
	let button: HTMLButtonElement | null = null;
	setting.addButton((b) => {
		button = b.buttonEl;
		b.setButtonText("Check connection").onClick(() => void host.run(target).catch(() => undefined));
	});
	const reportEl = containerEl.createDiv({ cls: "redline-check-report" });
	reportEl.setAttr("data-check-report", target);
	const refresh = (): void => {
		const running = host.isRunning(target);
		if (button) {
			button.disabled = running;
			button.setText(running ? "Checking…" : "Check connection");
		}
		reportEl.empty();
		const report = host.current(target);
		if (!report) return;
		reportEl.createEl("p", {
			cls: "redline-check-summary",
			text: report.usable ? "Redline can work with this model." : "Redline cannot work with this model as set up:",
		});
		const list = reportEl.createEl("ul");
		for (const step of report.steps) {
			const item = list.createEl("li", { cls: `redline-check-step redline-check-${step.status}` });
			item.setAttr("data-step", step.id);
			item.createSpan({ cls: "redline-check-mark", text: MARKS[step.status] });
			item.createSpan({ text: ` ${step.title}: ${step.figure}` });
			if (step.cause) item.createDiv({ cls: "redline-check-cause", text: step.cause });
			if (step.fix) item.createDiv({ cls: "redline-check-fix", text: `Fix: ${step.fix}` });
			const action = step.action;
			if (action && step.status !== "pass") {
				const fix = item.createEl("button", { text: actionLabel(action), cls: "redline-check-action" });
				fix.disabled = running;
				fix.addEventListener("click", () => void host.apply(target, action).catch(() => undefined));
			}
		}
	};
	refresh();
	return { refresh, dispose: host.onChange(refresh) };
}
