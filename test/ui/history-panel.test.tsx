// @vitest-environment happy-dom
import { act, cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import type { HistoryEntrySummary, Result } from "../../src/thread/service-api";
import { HistoryPanel } from "../../src/ui/components/HistoryPanel";
import { formatTime } from "../../src/ui/describe";
import { EventScript } from "./support/events";
import { FakeThreadService } from "./support/fake-service";
import { testHost } from "./support/host";
import { renderThread } from "./support/render";
import { readFileSync } from "../../src/node/fs";
import { dirname, fileURLToPath, join } from "../../src/node/path";

afterEach(cleanup);

function diff(removed: string, added: string): string {
	return [
		"--- a/Daily.md",
		"+++ b/Daily.md",
		"@@ -1,3 +1,3 @@",
		" # Daily",
		`-${removed}`,
		`+${added}`,
		" Buy milk",
		"",
	].join("\n");
}

function entry(
	versionId: string,
	at: string,
	description: string,
	added: number,
	removed: number,
	body = diff("Walk the dog", "Walk the cat"),
): HistoryEntrySummary {
	return { versionId, path: "Daily.md", at, description, added, removed, diff: body, kind: "edit" };
}

/** Newest first, as v1.history.list answers. */
const ENTRIES = [
	entry("v3", "2026-01-12T10:00:00.000Z", "Tag the note", 1, 0, diff("Buy milk", "Buy milk #errand")),
	entry("v2", "2026-01-11T10:00:00.000Z", "Replace dog with cat", 3, 1),
	entry("v1", "2026-01-10T10:00:00.000Z", "Create the note", 12, 0),
];

function renderPanel(entries: HistoryEntrySummary[] = ENTRIES, paths: string[] = ["Daily.md"]) {
	const service = new FakeThreadService();
	service.history.set("Daily.md", entries);
	const host = testHost(service);
	const user = userEvent.setup();
	const view = render(<HistoryPanel host={host} paths={paths} refreshKey={0} />);
	return { service, host, user, view };
}

describe("history panel", () => {
	it("lists the note's versions newest first with time, description and +/- lines", async () => {
		renderPanel();
		const list = await screen.findByRole("list");
		const items = within(list).getAllByRole("listitem");
		expect(items).toHaveLength(3);
		expect(items.map((item) => item.querySelector(".redline-history-description")?.textContent)).toEqual([
			"Tag the note",
			"Replace dog with cat",
			"Create the note",
		]);
		expect(within(items[1]).getByText(formatTime("2026-01-11T10:00:00.000Z"))).toBeTruthy();
		expect(within(items[1]).getByLabelText("3 lines added, 1 line removed").textContent).toBe("+3 −1");
		expect(within(items[2]).getByLabelText("12 lines added, 0 lines removed")).toBeTruthy();
		expect(screen.getByRole("group", { name: "History of Daily.md" })).toBeTruthy();
	});

	it("continues the pane's outline: the panel is a level-2 heading, as the Permissions panel, and each note a level 3 (axe's heading-order)", async () => {
		renderPanel(ENTRIES, ["Daily.md", "Weekly.md"]);
		await screen.findAllByRole("list");
		expect(screen.getAllByRole("heading").map((h) => [h.tagName, h.textContent])).toEqual([
			["H2", "Notes this chat changed"],
			["H3", "Daily.md"],
			["H3", "Weekly.md"],
		]);
	});

	it("shows each version's diff, with the changed words marked", async () => {
		const { user } = renderPanel();
		const items = within(await screen.findByRole("list")).getAllByRole("listitem");
		await user.click(items[1].querySelector("summary")!);
		const shown = within(items[1]).getByRole("group", {
			name: `Changes in version from ${formatTime("2026-01-11T10:00:00.000Z")}`,
		});
		expect(shown.querySelector(".redline-diff-removed")?.textContent).toContain("Walk the dog");
		expect(shown.querySelector(".redline-diff-added")?.textContent).toContain("Walk the cat");
		expect(shown.querySelector(".redline-diff-word-added")?.textContent).toBe("cat");
		expect(shown.querySelector(".redline-diff-word-removed")?.textContent).toBe("dog");
	});

	it("Revert to this version first says how many later changes it undoes, in place, and sends that count with the request", async () => {
		const { service, user } = renderPanel();
		const items = within(await screen.findByRole("list")).getAllByRole("listitem");
		await user.click(within(items[2]).getByRole("button", { name: "Revert to this version: Create the note" }));
		// Nothing is reverted yet: the panel asks, naming the changes that would go.
		expect(service.callsOf("revertHistory")).toEqual([]);
		const confirm = within(items[2]).getByRole("group", { name: "Confirm reverting to this version: Create the note" });
		expect(confirm.textContent).toContain(
			'Returning to this version undoes the 2 later changes: "Tag the note", "Replace dog with cat".',
		);
		await user.click(within(confirm).getByRole("button", { name: "Undo 2 later changes" }));
		expect(service.callsOf("revertHistory")).toEqual([
			{ path: "Daily.md", versionId: "v1", to: true, laterChanges: 2 },
		]);
		expect((await screen.findByRole("status")).textContent).toBe(
			"Returned to the version, undoing 2 later changes: +12 −3.",
		);
		expect(service.callsOf("listHistory")).toEqual([{ path: "Daily.md" }, { path: "Daily.md" }]);
	});

	it("Cancel leaves the note as it is", async () => {
		const { service, user } = renderPanel();
		const items = within(await screen.findByRole("list")).getAllByRole("listitem");
		await user.click(within(items[1]).getByRole("button", { name: "Revert to this version: Replace dog with cat" }));
		expect(within(items[1]).getByRole("group", { name: /^Confirm/ }).textContent).toContain(
			'Returning to this version undoes the 1 later change: "Tag the note".',
		);
		await user.click(within(items[1]).getByRole("button", { name: "Cancel" }));
		expect(within(items[1]).queryByRole("group", { name: /^Confirm/ })).toBeNull();
		expect(service.callsOf("revertHistory")).toEqual([]);
	});

	it("Revert this change on an older version undoes that change alone, by its version", async () => {
		const { service, user } = renderPanel();
		const items = within(await screen.findByRole("list")).getAllByRole("listitem");
		await user.click(within(items[1]).getByRole("button", { name: "Revert this change: Replace dog with cat" }));
		expect(service.callsOf("revertHistory")).toEqual([{ path: "Daily.md", versionId: "v2" }]);
		expect((await screen.findByRole("status")).textContent).toBe("Reverted the change: +12 −3.");
	});

	it("the newest version, and so a note with a single entry, offers Revert this change (by its version) and not Revert to this version", async () => {
		const { service, user } = renderPanel([ENTRIES[2]]);
		const items = within(await screen.findByRole("list")).getAllByRole("listitem");
		expect(items).toHaveLength(1);
		expect(within(items[0]).queryByRole("button", { name: /Revert to this version/ })).toBeNull();
		await user.click(within(items[0]).getByRole("button", { name: "Revert this change: Create the note" }));
		expect(service.callsOf("revertHistory")).toEqual([{ path: "Daily.md", versionId: "v1" }]);
		expect((await screen.findByRole("status")).textContent).toBe("Reverted the change: +12 −3.");
	});

	it("keeps each version's disclosure arrow: the summary itself is not laid out as flex", async () => {
		renderPanel();
		const summary = (await screen.findAllByRole("listitem"))[0].querySelector("summary")!;
		const css = readFileSync(join(dirname(fileURLToPath(import.meta.url)), "..", "..", "styles.css"), "utf8").replace(
			/\/\*[\s\S]*?\*\//g,
			"",
		);
		for (const name of summary.className.split(" ")) {
			for (const rule of css.matchAll(new RegExp(`\\.${name}\\s*\\{([^}]*)\\}`, "g")))
				expect(rule[1]).not.toMatch(/display\s*:/);
		}
		expect(summary.querySelector(".redline-history-row")?.textContent).toContain("Tag the note");
	});

	it("shows a refused revert's message in place and keeps the list", async () => {
		const { service, user } = renderPanel();
		service.failNext.set("revertHistory", {
			ok: false,
			error: { code: "conflict", message: "You changed these lines since; nothing was reverted." },
		});
		const items = within(await screen.findByRole("list")).getAllByRole("listitem");
		await user.click(within(items[1]).getByRole("button", { name: "Revert this change: Replace dog with cat" }));
		expect((await screen.findByRole("alert")).textContent).toBe("You changed these lines since; nothing was reverted.");
		expect(screen.queryByRole("status")).toBeNull();
		expect(within(screen.getByRole("list")).getAllByRole("listitem")).toHaveLength(3);
	});

	it("shows why the history could not be read", async () => {
		const service = new FakeThreadService();
		service.failNext.set("listHistory", {
			ok: false,
			error: { code: "unavailable", message: "The history store is unreachable." },
		});
		render(<HistoryPanel host={testHost(service)} paths={["Daily.md"]} refreshKey={0} />);
		expect((await screen.findByRole("alert")).textContent).toBe("The history store is unreachable.");
		expect(screen.queryByRole("list")).toBeNull();
	});

	it("says when the chat has not changed any notes, and when a note has no versions left", async () => {
		const first = renderPanel(ENTRIES, []);
		expect(screen.getByText("This chat has not changed any notes yet.")).toBeTruthy();
		expect(first.service.callsOf("listHistory")).toEqual([]);
		first.view.unmount();
		renderPanel([]);
		expect(await screen.findByText("Redline has no versions of this note.")).toBeTruthy();
	});

	it("shows a note's latest list even when an earlier answer arrives last", async () => {
		const pending: ((result: Result<{ entries: HistoryEntrySummary[] }>) => void)[] = [];
		const service = new FakeThreadService();
		service.listHistory = () => new Promise((resolve) => pending.push(resolve));
		const host = testHost(service);
		const view = render(<HistoryPanel host={host} paths={["Daily.md"]} refreshKey={0} />);
		view.rerender(<HistoryPanel host={host} paths={["Daily.md"]} refreshKey={1} />);
		await act(async () => pending[1]({ ok: true, entries: ENTRIES }));
		await act(async () => pending[0]({ ok: true, entries: [{ ...ENTRIES[0], description: "An older answer" }] }));
		expect(screen.queryByText("An older answer")).toBeNull();
		expect(screen.getByText("Tag the note")).toBeTruthy();
	});

	it("opens from the pane on the notes this chat changed, not the note open in the editor, and reads them again when the thread applies an edit", async () => {
		const s = new EventScript().user("m1", "Change the dog to a cat and tidy the plan").assistant("a1", "");
		s.add({
			type: "edit_intent_declared",
			editId: "e1",
			callId: "c_edit",
			path: "Daily.md",
			operation: "modify",
			description: "Replace dog with cat",
		});
		s.propose("a1", "c_edit", "declareEditIntent", { path: "Daily.md" }).decide("c_edit", "approved").run("c_edit");
		s.add({ type: "edit_applied", editId: "e1", path: "Daily.md", versionId: "v2", added: 3, removed: 1 });
		s.add({
			type: "edit_intent_declared",
			editId: "e2",
			callId: "c_plan",
			path: "Plan.md",
			operation: "modify",
			description: "Sort the list",
		});
		s.propose("a1", "c_plan", "declareEditIntent", { path: "Plan.md" }).decide("c_plan", "approved").run("c_plan");
		s.add({ type: "edit_applied", editId: "e2", path: "Plan.md", versionId: "p1", added: 2, removed: 2 });
		// Proposed but never applied: not a note this chat changed.
		s.add({
			type: "edit_intent_declared",
			editId: "e3",
			callId: "c_other",
			path: "Other.md",
			operation: "modify",
			description: "Never run",
		});
		s.propose("a1", "c_other", "declareEditIntent", { path: "Other.md" });
		const { service, user, host } = await renderThread(s, { active: "Unrelated.md" });
		service.history.set("Daily.md", ENTRIES.slice(1));
		service.history.set("Plan.md", [{ ...ENTRIES[2], versionId: "p1", path: "Plan.md", description: "Sort the list" }]);
		await user.click(screen.getByRole("button", { name: "Note history" }));
		const panel = await screen.findByRole("region", { name: "History of the notes this chat changed" });
		const notes = within(panel).getAllByRole("group", { name: /^History of / });
		expect(notes.map((note) => note.getAttribute("aria-label"))).toEqual(["History of Plan.md", "History of Daily.md"]);
		await within(notes[1]).findByText("Replace dog with cat");
		await within(notes[0]).findByText("Sort the list");
		expect(
			service
				.callsOf("listHistory")
				.map((p) => (p as { path: string }).path)
				.sort(),
		).toEqual(["Daily.md", "Plan.md"]);
		await user.click(within(notes[0]).getByRole("link", { name: "Open Plan.md" }));
		expect(host.opened).toEqual(["Plan.md"]);
		service.history.set("Daily.md", ENTRIES);
		act(() =>
			service.push("thread_1", {
				type: "edit_reverted",
				editId: "e1",
				path: "Daily.md",
				versionId: "v3",
				added: 1,
				removed: 0,
			}),
		);
		await waitFor(() => expect(within(notes[1]).getByText("Tag the note")).toBeTruthy());
	});
});
