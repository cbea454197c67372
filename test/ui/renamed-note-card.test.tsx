// @vitest-environment happy-dom
/**
 * The edit card after the user renames its note (issue 26, the audit): it shows the note's current
 * path, its link opens the note there, and its diff is still found, without any revert. The card
 * asks the history, by the edit's version, where the note is now (v1.history.locate), so what it
 * shows after a reload is what it showed before: nothing lives only in React state. Before, the
 * path changed only on edit_applied or edit_reverted, and the link opened a note that was gone.
 */
import { act, cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { RedlinePane } from "../../src/ui/components/RedlinePane";
import { AFTER, editedThread } from "./support/edited-thread";
import { testHost } from "./support/host";

afterEach(cleanup);

const card = (path: string) => screen.findByRole("group", { name: `Edit ${path}` });

describe("the edit card of a note renamed since", () => {
	it("shows the current path, and its link opens the note there, without any revert; the same after a reload", async () => {
		const { vault, store, service } = await editedThread();
		await vault.rename("Daily.md", "Journal/Daily.md");
		const host = testHost(service);
		const user = userEvent.setup();
		const first = render(<RedlinePane host={host} />);
		const shown = await card("Journal/Daily.md");
		expect(shown.querySelector(".redline-card-title")?.textContent).toBe("Replaced dog with cat · Daily");
		expect(within(shown).getByRole("link", { name: "Open Journal/Daily.md" }).getAttribute("title")).toBe(
			"Open Journal/Daily.md",
		);
		expect(await within(shown).findByRole("group", { name: "Changes to Journal/Daily.md" })).toBeTruthy();
		await user.click(within(shown).getByRole("link", { name: "Open Journal/Daily.md" }));
		expect(host.opened).toEqual(["Journal/Daily.md"]);
		expect(within(shown).getByRole("button", { name: "Revert this change to Journal/Daily.md" })).toBeTruthy();
		first.unmount();

		// The reload: a new pane asks again and shows the same.
		render(<RedlinePane host={testHost(service)} />);
		const reloaded = await card("Journal/Daily.md");
		expect(reloaded.querySelector(".redline-card-title")?.textContent).toBe("Replaced dog with cat · Daily");
		expect(within(reloaded).getByRole("link", { name: "Open Journal/Daily.md" })).toBeTruthy();
		expect(await vault.read("Journal/Daily.md")).toBe(AFTER);
		expect(await store.read("threads/t_edited.jsonl")).not.toContain("edit_reverted");
		await service.close();
	});

	it("follows a rename made while the pane is open", async () => {
		const { vault, service } = await editedThread();
		const host = testHost(service);
		render(<RedlinePane host={host} />);
		await card("Daily.md");
		await act(async () => {
			await vault.rename("Daily.md", "Archive/Daily.md");
			host.notesRenamed();
		});
		const moved = await card("Archive/Daily.md");
		expect(within(moved).getByRole("link", { name: "Open Archive/Daily.md" })).toBeTruthy();
		await service.close();
	});
});
