// @vitest-environment happy-dom
/**
 * The Obsidian history modal ("Show history for this note"): each older version's "Revert to
 * here" names how many later changes it undoes, and that count goes with the request, so a change
 * landing meanwhile makes the revert refuse instead of undoing more than the user was told.
 */
import { describe, expect, it } from "vitest";
import { App } from "../fakes/obsidian";
import { HistoryModal } from "../../src/obsidian/history-modal";
import type { HistoryEntrySummary } from "../../src/thread/service-api";
import { FakeThreadService } from "../ui/support/fake-service";
import { until } from "./support/until";

function entry(versionId: string, description: string): HistoryEntrySummary {
	return {
		versionId,
		path: "Daily.md",
		at: "2026-01-10T10:00:00.000Z",
		description,
		added: 1,
		removed: 0,
		diff: "@@ -1 +1 @@\n-a\n+b\n",
		kind: "edit",
	};
}

/** Newest first, as v1.history.list answers. */
const ENTRIES = [entry("v3", "Tag the note"), entry("v2", "Replace dog with cat"), entry("v1", "Create the note")];

async function openModal() {
	const app = new App();
	const service = new FakeThreadService();
	service.history.set("Daily.md", ENTRIES);
	const reverts: Array<[string, number]> = [];
	// The fake App stands for Obsidian's (vitest aliases `obsidian` to the fakes), as in obsidian-vault.test.ts.
	const modal = new HistoryModal(app as never, {
		service,
		path: "Daily.md",
		revertTo: (versionId, laterChanges) => {
			reverts.push([versionId, laterChanges]);
			return Promise.resolve();
		},
	});
	modal.open();
	const rows = await until(() => {
		const found = [...modal.contentEl.querySelectorAll<HTMLElement>(".redline-history-entry")];
		return found.length === ENTRIES.length ? found : null;
	});
	return { app, modal, rows, reverts };
}

describe("the history modal", () => {
	it("labels each older version's Revert to here with the count of later changes it undoes, and none on the newest", async () => {
		const { rows } = await openModal();
		expect(rows.map((row) => row.getAttribute("data-version"))).toEqual(["v3", "v2", "v1"]);
		expect(rows.map((row) => row.querySelector("button")?.textContent ?? null)).toEqual([
			null,
			"Revert to here (undoes 1 later change)",
			"Revert to here (undoes 2 later changes)",
		]);
	});

	it("sends the version and the count it named, and closes", async () => {
		const { app, rows, reverts } = await openModal();
		rows[2].querySelector("button")!.click();
		await until(() => reverts.length > 0);
		expect(reverts).toEqual([["v1", 2]]);
		expect(app.openModals).toHaveLength(0);
	});
});
