// @vitest-environment happy-dom
/**
 * The edit card's Revert shows what the thread's log says, over the real service and history:
 * "Reverted" after a reload and in a second pane (another window or a pop-out subscribes the same
 * way), a revert made elsewhere reaches the card, and a revert of that revert shows "Restored".
 * (Before, "Reverted" lived in React state: a remounted card offered Revert again.)
 */
import { act, cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { createNoteHistory } from "../../src/history/note-history";
import { LocalThreadService } from "../../src/thread/service";
import type { ThreadService } from "../../src/thread/service-api";
import { RedlinePane } from "../../src/ui/components/RedlinePane";
import type { MemoryVault } from "../../src/vault/memory-vault";
import { AFTER, BEFORE, editedThread, MOVED_NOTES } from "./support/edited-thread";
import { testHost } from "./support/host";

afterEach(cleanup);

/**
 * The service, with another thread's edit (Buy milk -> Buy bread) landing once, after the click:
 * at the first history call the card makes then (a list, or the revert itself), before it runs.
 */
function withInterloper(
	service: LocalThreadService,
	history: ReturnType<typeof createNoteHistory>,
	vault: MemoryVault,
) {
	let armed = false;
	const interlope = async () => {
		if (!armed) return;
		armed = false;
		const base = await vault.read("Daily.md");
		const other = await history.write({
			path: "Daily.md",
			base,
			proposed: base.replace("Buy milk", "Buy bread"),
			description: "milk to bread",
			threadId: "t_other",
			editId: "e_other",
		});
		if (other.status !== "written") throw new Error(other.status);
	};
	const racing = new Proxy(service, {
		get(target, key, receiver) {
			if (key === "listHistory")
				return async (params: { path: string }) => {
					const listed = await target.listHistory(params);
					await interlope();
					return listed;
				};
			if (key === "revertHistory")
				return async (params: Parameters<ThreadService["revertHistory"]>[0]) => {
					await interlope();
					return target.revertHistory(params);
				};
			const value: unknown = Reflect.get(target, key, receiver);
			return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
		},
	});
	return { racing, arm: () => void (armed = true) };
}

async function card() {
	return screen.findByRole("group", { name: "Edit Daily.md" });
}

describe("the edit card's revert", () => {
	it("shows Reverted from the log, also after a reload, and no longer offers Revert", async () => {
		const { vault, service } = await editedThread();
		const user = userEvent.setup();
		const first = render(<RedlinePane host={testHost(service)} />);
		await user.click(within(await card()).getByRole("button", { name: "Revert this change to Daily.md" }));
		expect((await within(await card()).findByRole("status")).textContent).toContain("Reverted");
		expect(await vault.read("Daily.md")).toBe(BEFORE);
		first.unmount();

		// The reload: a new pane subscribes from scratch.
		render(<RedlinePane host={testHost(service)} />);
		expect((await within(await card()).findByRole("status")).textContent).toContain("Reverted");
		expect(within(await card()).queryByRole("button", { name: /^Revert/ })).toBeNull();
		await service.close();
	});

	it("shows a revert made in another pane (a second window or a pop-out) as it happens", async () => {
		const { service } = await editedThread();
		const user = userEvent.setup();
		const one = render(<RedlinePane host={testHost(service)} />);
		const two = render(<RedlinePane host={testHost(service)} />);
		const cardIn = async (view: typeof one) => within(view.container).findByRole("group", { name: "Edit Daily.md" });
		await user.click(within(await cardIn(one)).getByRole("button", { name: "Revert this change to Daily.md" }));
		expect((await within(await cardIn(two)).findByRole("status")).textContent).toContain("Reverted");
		await service.close();
	});

	it("shows a revert from the command or v1.history.revert, then Restored when that revert is undone, and Revert undoes it again", async () => {
		const { vault, service } = await editedThread();
		const user = userEvent.setup();
		render(<RedlinePane host={testHost(service)} />);
		await card();
		await act(async () => {
			expect((await service.revertHistory({ path: "Daily.md" })).ok).toBe(true);
		});
		expect((await within(await card()).findByRole("status")).textContent).toContain("Reverted");
		await act(async () => {
			expect((await service.revertHistory({ path: "Daily.md" })).ok).toBe(true);
		});
		expect((await within(await card()).findByText("Restored")).closest("[role=status]")).toBeTruthy();
		expect(await vault.read("Daily.md")).toBe(AFTER);
		// The edit is in the note again, so the card offers Revert: it undoes the restoring revert.
		await user.click(within(await card()).getByRole("button", { name: "Revert this change to Daily.md" }));
		expect((await within(await card()).findByRole("status")).textContent).toContain("Reverted");
		expect(await vault.read("Daily.md")).toBe(BEFORE);
		await service.close();
	});

	it("shows a revert made from the history panel: Reverted, then Restored after Revert this change on the revert", async () => {
		const { vault, service } = await editedThread();
		const user = userEvent.setup();
		render(<RedlinePane host={testHost(service)} />);
		await card();
		await user.click(screen.getByRole("button", { name: "Note history" }));
		const panel = await screen.findByRole("region", { name: "History of the notes this chat changed" });
		await user.click(await within(panel).findByRole("button", { name: "Revert this change: replace dog with cat" }));
		expect((await within(await card()).findByRole("status")).textContent).toContain("Reverted");
		expect(await vault.read("Daily.md")).toBe(BEFORE);
		// The panel reads the list again: the newest entry is now the revert, and undoing it restores the edit.
		await user.click(await within(panel).findByRole("button", { name: /^Revert this change: Revert/ }));
		expect((await within(await card()).findByText("Restored")).closest("[role=status]")).toBeTruthy();
		expect(await vault.read("Daily.md")).toBe(AFTER);
		await service.close();
	});

	it("says what the edit did in the past tense, and then Reverted, and Restored after a revert of the revert", async () => {
		const { service } = await editedThread();
		render(<RedlinePane host={testHost(service)} />);
		const title = async () => (await card()).querySelector(".redline-card-title")?.textContent;
		expect(await title()).toBe("Replaced dog with cat · Daily");
		await act(async () => {
			expect((await service.revertHistory({ path: "Daily.md" })).ok).toBe(true);
		});
		expect((await within(await card()).findByRole("status")).textContent).toBe("Reverted +1 −1");
		await act(async () => {
			expect((await service.revertHistory({ path: "Daily.md" })).ok).toBe(true);
		});
		expect((await within(await card()).findByRole("status")).textContent).toBe("Restored +1 −1");
		expect(await title()).toBe("Replaced dog with cat · Daily");
		await service.close();
	});

	it("reverts exactly the edit its card names, when another thread's edit lands between the click and the revert", async () => {
		const { vault, history, service } = await editedThread();
		const { racing, arm } = withInterloper(service, history, vault);
		const user = userEvent.setup();
		render(<RedlinePane host={testHost(racing)} />);
		const button = within(await card()).getByRole("button", { name: "Revert this change to Daily.md" });
		arm();
		await user.click(button);
		expect((await within(await card()).findByRole("status")).textContent).toContain("Reverted");
		// The dog is back; the other thread's bread stays (before: the bread was undone, the cat kept).
		expect(await vault.read("Daily.md")).toBe("# Daily\nWalk the dog\nBuy bread\n");
		const [revert] = await history.list("Daily.md");
		expect(revert?.revertedEdits?.map((ref) => ref.editId)).toEqual(["e1"]);
		await service.close();
	});

	it("reverts after the user renamed the note: the history finds the edit by its version", async () => {
		const { vault, service } = await editedThread();
		await vault.rename("Daily.md", "Journal/Daily.md");
		const user = userEvent.setup();
		render(<RedlinePane host={testHost(service)} />);
		// The card shows where the note is now (renamed-note-card.test.tsx).
		const renamed = await screen.findByRole("group", { name: "Edit Journal/Daily.md" });
		await user.click(within(renamed).getByRole("button", { name: "Revert this change to Journal/Daily.md" }));
		expect(
			(await within(await screen.findByRole("group", { name: "Edit Journal/Daily.md" })).findByRole("status"))
				.textContent,
		).toContain("Reverted");
		expect(await vault.read("Journal/Daily.md")).toBe(BEFORE);
		await service.close();
	});

	it("reverting an older card undoes only that edit: a newer edit of another thread stays", async () => {
		const { vault, history, service } = await editedThread();
		const other = await history.write({
			path: "Daily.md",
			base: AFTER,
			proposed: AFTER.replace("Buy milk", "Buy bread"),
			description: "milk to bread",
			threadId: "t_other",
			editId: "e_other",
		});
		expect(other.status).toBe("written");
		const user = userEvent.setup();
		render(<RedlinePane host={testHost(service)} />);
		await user.click(within(await card()).getByRole("button", { name: "Revert this change to Daily.md" }));
		expect((await within(await card()).findByRole("status")).textContent).toContain("Reverted");
		expect(await vault.read("Daily.md")).toBe("# Daily\nWalk the dog\nBuy bread\n");
		await service.close();
	});

	it("reads as reverted once undone: a Reverted badge instead of Done, the diff dimmed, and Reapply", async () => {
		const { vault, service } = await editedThread();
		const user = userEvent.setup();
		render(<RedlinePane host={testHost(service)} />);
		expect((await card()).querySelector(".redline-status-badge")?.textContent).toBe("Done");
		await user.click(within(await card()).getByRole("button", { name: "Revert this change to Daily.md" }));
		await within(await card()).findByRole("button", { name: /^Reapply this change to / });
		expect((await card()).querySelector(".redline-status-badge")?.textContent).toBe("Reverted");
		expect((await card()).querySelector(".redline-diff")?.closest(".redline-edit-reverted")).toBeTruthy();
		expect(await vault.read("Daily.md")).toBe(BEFORE);
		// Reapply is a revert of the revert: an event like any other, so the card says Restored.
		await user.click(within(await card()).getByRole("button", { name: "Reapply this change to Daily.md" }));
		expect((await within(await card()).findByText("Restored")).closest("[role=status]")).toBeTruthy();
		expect(await vault.read("Daily.md")).toBe(AFTER);
		expect((await card()).querySelector(".redline-status-badge")?.textContent).toBe("Done");
		expect((await card()).querySelector(".redline-edit-reverted")).toBeNull();
		await service.close();
	});

	it("says a created note was deleted (moved to the trash) when its edit is reverted, and Reapply brings it back", async () => {
		const { vault, service } = await editedThread({ created: true });
		const user = userEvent.setup();
		render(<RedlinePane host={testHost(service)} />);
		await user.click(within(await card()).getByRole("button", { name: "Revert this change to Daily.md" }));
		expect((await within(await card()).findByRole("status")).textContent).toContain(
			"Deleted Daily.md (moved to the trash)",
		);
		expect(await vault.exists("Daily.md")).toBe(false);
		await user.click(within(await card()).getByRole("button", { name: "Reapply this change to Daily.md" }));
		expect((await within(await card()).findByText("Restored")).closest("[role=status]")).toBeTruthy();
		expect(await vault.read("Daily.md")).toBe(AFTER);
		await service.close();
	});

	it("says a deleted note was deleted, brings it back byte for byte on Revert, and Reapply moves it to the trash again", async () => {
		const { vault, service } = await editedThread({ deleted: true });
		const user = userEvent.setup();
		render(<RedlinePane host={testHost(service)} />);
		// The title links the note by its name (issue 30), its path on hover and in the link's name.
		const title = within(await card()).getByText(/^Deleted/);
		expect(title.textContent).toBe("Deleted Daily (moved to the trash)");
		expect(within(title).getByRole("link", { name: "Open Daily.md" })).toBeTruthy();
		await user.click(within(await card()).getByRole("button", { name: "Revert this change to Daily.md" }));
		expect((await within(await card()).findByRole("status")).textContent).toBe("Brought Daily.md back");
		expect(await vault.read("Daily.md")).toBe(BEFORE);
		await user.click(within(await card()).getByRole("button", { name: "Reapply this change to Daily.md" }));
		expect((await within(await card()).findByRole("status")).textContent).toBe(
			"Deleted Daily.md again (moved to the trash)",
		);
		expect(await vault.exists("Daily.md")).toBe(false);
		await service.close();
	});

	it("says where a note was moved and how many links followed; Revert moves it back with its links, Reapply moves it again", async () => {
		const { vault, service } = await editedThread({ moved: true });
		const user = userEvent.setup();
		// The card is named by where the note is, as the history tells.
		const moveCard = () => screen.findByRole("group", { name: /^Edit / });
		render(<RedlinePane host={testHost(service)} />);
		// The link names where the note is now (by its name, as every card title), once the history says so.
		await waitFor(async () =>
			expect(within(await moveCard()).getByText(/^Moved Daily.md →/).textContent).toBe(
				"Moved Daily.md → Day; updated links in 1 note",
			),
		);
		await user.click(within(await moveCard()).getByRole("button", { name: "Revert this change to Archive/Day.md" }));
		expect((await within(await moveCard()).findByRole("status")).textContent).toBe(
			"Moved back to Daily.md, links restored",
		);
		expect(await vault.read("Daily.md")).toBe(BEFORE);
		expect(await vault.read("Index.md")).toBe(MOVED_NOTES["Index.md"]);
		await user.click(await within(await moveCard()).findByRole("button", { name: /^Reapply this change to / }));
		expect((await within(await moveCard()).findByRole("status")).textContent).toBe("Moved to Archive/Day.md again");
		expect(await vault.read("Index.md")).toBe("See [[Day]].\n");
		await service.close();
	});

	it("names the notes whose links a move back could not restore (edited since), from the log, after a reload too", async () => {
		const { vault, service, store } = await editedThread({ moved: true });
		await vault.process("Index.md", (text) => text.replace("See", "Now see"));
		const user = userEvent.setup();
		const moveCard = () => screen.findByRole("group", { name: /^Edit / });
		render(<RedlinePane host={testHost(service)} />);
		await user.click(await within(await moveCard()).findByRole("button", { name: /^Revert this change to / }));
		const said = "Moved back to Daily.md; the link in Index.md was not restored (edited since)";
		expect((await within(await moveCard()).findByRole("status")).textContent).toBe(said);
		// Its link still followed the note back, as any link does; the user's words stay.
		expect(await vault.read("Index.md")).toBe("Now see [[Daily]].\n");
		await service.close();
		cleanup();
		const reopened = new LocalThreadService({ store, history: createNoteHistory({ vault, store }) });
		render(<RedlinePane host={testHost(reopened)} />);
		expect((await within(await moveCard()).findByRole("status")).textContent).toBe(said);
		await reopened.close();
	});

	it("keeps offering Revert after a refused revert, with the reason, and the log stays as it was", async () => {
		const { vault, service } = await editedThread();
		await vault.process("Daily.md", (text) => text.replace("Walk the cat", "Walk the cat twice"));
		const user = userEvent.setup();
		render(<RedlinePane host={testHost(service)} />);
		await user.click(within(await card()).getByRole("button", { name: "Revert this change to Daily.md" }));
		expect((await within(await card()).findByRole("alert")).textContent).toMatch(/would overwrite your later edits/);
		expect(within(await card()).queryByRole("status")).toBeNull();
		expect(within(await card()).getByRole("button", { name: "Revert this change to Daily.md" })).toBeTruthy();
		await service.close();
	});
});
