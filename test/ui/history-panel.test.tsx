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

afterEach(cleanup);

function diff(removed: string, added: string): string {
	return ["--- a/Daily.md", "+++ b/Daily.md", "@@ -1,3 +1,3 @@", " # Daily", `-${removed}`, `+${added}`, " Buy milk", ""].join("\n");
}

function entry(versionId: string, at: string, description: string, added: number, removed: number, body = diff("Walk the dog", "Walk the cat")): HistoryEntrySummary {
	return { versionId, path: "Daily.md", at, description, added, removed, diff: body, kind: "edit" };
}

/** Newest first, as v1.history.list answers. */
const ENTRIES = [
	entry("v3", "2026-01-12T10:00:00.000Z", "Tag the note", 1, 0, diff("Buy milk", "Buy milk #errand")),
	entry("v2", "2026-01-11T10:00:00.000Z", "Replace dog with cat", 3, 1),
	entry("v1", "2026-01-10T10:00:00.000Z", "Create the note", 12, 0),
];

function renderPanel(entries: HistoryEntrySummary[] = ENTRIES, path: string | null = "Daily.md") {
	const service = new FakeThreadService();
	service.history.set("Daily.md", entries);
	const host = testHost(service);
	const user = userEvent.setup();
	const view = render(<HistoryPanel host={host} path={path} refreshKey={0} />);
	return { service, host, user, view };
}

describe("history panel", () => {
	it("lists the note's versions newest first with time, description and +/- lines", async () => {
		renderPanel();
		const list = await screen.findByRole("list");
		const items = within(list).getAllByRole("listitem");
		expect(items).toHaveLength(3);
		expect(items.map((item) => item.querySelector(".redline-history-description")?.textContent)).toEqual(["Tag the note", "Replace dog with cat", "Create the note"]);
		expect(within(items[1]).getByText(formatTime("2026-01-11T10:00:00.000Z"))).toBeTruthy();
		expect(within(items[1]).getByLabelText("3 lines added, 1 line removed").textContent).toBe("+3 −1");
		expect(within(items[2]).getByLabelText("12 lines added, 0 lines removed")).toBeTruthy();
		expect(screen.getByRole("region", { name: "History of Daily.md" })).toBeTruthy();
	});

	it("shows each version's diff, with the changed words marked", async () => {
		const { user } = renderPanel();
		const items = within(await screen.findByRole("list")).getAllByRole("listitem");
		await user.click(items[1].querySelector("summary")!);
		const shown = within(items[1]).getByRole("group", { name: `Changes in version from ${formatTime("2026-01-11T10:00:00.000Z")}` });
		expect(shown.querySelector(".redline-diff-removed")?.textContent).toContain("Walk the dog");
		expect(shown.querySelector(".redline-diff-added")?.textContent).toContain("Walk the cat");
		expect(shown.querySelector(".redline-diff-word-added")?.textContent).toBe("cat");
		expect(shown.querySelector(".redline-diff-word-removed")?.textContent).toBe("dog");
	});

	it("Revert to here returns the note to that version, reports the outcome and reads the list again", async () => {
		const { service, user } = renderPanel();
		const items = within(await screen.findByRole("list")).getAllByRole("listitem");
		// The newest version is the note as it is: there is nothing to revert to.
		expect(within(items[0]).queryByRole("button", { name: /Revert to here/ })).toBeNull();
		await user.click(within(items[2]).getByRole("button", { name: "Revert to here: Create the note" }));
		expect(service.callsOf("revertHistory")).toEqual([{ path: "Daily.md", versionId: "v1" }]);
		expect((await screen.findByRole("status")).textContent).toBe("Reverted: +12 −3.");
		expect(service.callsOf("listHistory")).toEqual([{ path: "Daily.md" }, { path: "Daily.md" }]);
	});

	it("shows a refused revert's message in place and keeps the list", async () => {
		const { service, user } = renderPanel();
		service.failNext.set("revertHistory", { ok: false, error: { code: "conflict", message: "You changed these lines since; nothing was reverted." } });
		const items = within(await screen.findByRole("list")).getAllByRole("listitem");
		await user.click(within(items[1]).getByRole("button", { name: "Revert to here: Replace dog with cat" }));
		expect((await screen.findByRole("alert")).textContent).toBe("You changed these lines since; nothing was reverted.");
		expect(screen.queryByRole("status")).toBeNull();
		expect(within(screen.getByRole("list")).getAllByRole("listitem")).toHaveLength(3);
	});

	it("shows why the history could not be read", async () => {
		const service = new FakeThreadService();
		service.failNext.set("listHistory", { ok: false, error: { code: "unavailable", message: "The history store is unreachable." } });
		render(<HistoryPanel host={testHost(service)} path="Daily.md" refreshKey={0} />);
		expect((await screen.findByRole("alert")).textContent).toBe("The history store is unreachable.");
		expect(screen.queryByRole("list")).toBeNull();
	});

	it("says when Redline has not changed the note, and asks for a note when none is open", async () => {
		const first = renderPanel([]);
		expect(await screen.findByText("Redline has not changed this note.")).toBeTruthy();
		first.view.unmount();
		const second = renderPanel(ENTRIES, null);
		expect(screen.getByText("Open a note to see its Redline history.")).toBeTruthy();
		expect(second.service.callsOf("listHistory")).toEqual([]);
	});

	it("shows the note open now even when an earlier note's list answers last", async () => {
		const pending = new Map<string, (result: Result<{ entries: HistoryEntrySummary[] }>) => void>();
		const service = new FakeThreadService();
		service.listHistory = (params) => new Promise((resolve) => pending.set(params.path, resolve));
		const host = testHost(service);
		const view = render(<HistoryPanel host={host} path="Old.md" refreshKey={0} />);
		view.rerender(<HistoryPanel host={host} path="Daily.md" refreshKey={0} />);
		await act(async () => pending.get("Daily.md")!({ ok: true, entries: ENTRIES }));
		await act(async () => pending.get("Old.md")!({ ok: true, entries: [{ ...ENTRIES[0], path: "Old.md", description: "Old note's change" }] }));
		expect(screen.queryByText("Old note's change")).toBeNull();
		expect(screen.getByText("Tag the note")).toBeTruthy();
	});

	it("opens from the pane for the active note and reads the list again when the thread applies an edit", async () => {
		const s = new EventScript().user("m1", "Change the dog to a cat").assistant("a1", "");
		s.add({ type: "edit_intent_declared", editId: "e1", callId: "c_edit", path: "Daily.md", operation: "modify", description: "Replace dog with cat" });
		s.propose("a1", "c_edit", "declareEditIntent", { path: "Daily.md" }).decide("c_edit", "approved").run("c_edit");
		const { service, user } = await renderThread(s, { active: "Daily.md" });
		service.history.set("Daily.md", ENTRIES.slice(1));
		await user.click(screen.getByRole("button", { name: "Note history" }));
		const panel = await screen.findByRole("region", { name: "History of Daily.md" });
		await within(panel).findByText("Replace dog with cat");
		service.history.set("Daily.md", ENTRIES);
		act(() => service.push("thread_1", { type: "edit_applied", editId: "e1", path: "Daily.md", versionId: "v3", added: 1, removed: 0 }));
		await waitFor(() => expect(within(panel).getByText("Tag the note")).toBeTruthy());
		expect(service.callsOf("listHistory").filter((p) => (p as { path: string }).path === "Daily.md").length).toBeGreaterThanOrEqual(2);
	});
});
