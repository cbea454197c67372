// @vitest-environment happy-dom
/**
 * What Redline may do in a chat, in words that say what happens (issue 30, "Preferences that say
 * what they do"). A waiting card offers Run (the only accent button) · "Run, and don't ask again in
 * this chat" · Skip, and "Don't allow in this chat" in a quiet ⋯ menu. The header's Permissions
 * are laid out like Obsidian's settings: a row per tool, named by what it does for the user, with
 * a dropdown in the same words. Every choice is an event; what it does to the waiting cards of
 * its tool is the service's (test/agent/runner.preferences.test.ts), never the page's alone.
 */
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { EventScript } from "./support/events";
import { renderThread } from "./support/render";
import type { MenuAction } from "../../src/ui/host";

afterEach(cleanup);

const CHOICES = ["Ask first", "Run without asking", "Don't allow"];
const NAMES = [
	"Read notes",
	"Search your vault",
	"List notes",
	"Find notes by tag, property or link",
	"Plan and draft edits",
	"Apply edits",
	"Change properties",
	"Delete notes (to the trash)",
	"Move and rename notes",
	"Propose a standing instruction",
	"Ask you questions",
];

/** Two reads of the same tool and a search, waiting (a read under the access floor asks). */
function waitingReads(): EventScript {
	return new EventScript()
		.user("m1", "Read both")
		.assistant("a1", "")
		.propose("a1", "c1", "readNote", { path: "A.md" })
		.propose("a1", "c2", "readNote", { path: "B.md" })
		.propose("a1", "c3", "searchNotes", { query: "trip" })
		.status("waiting_for_approval");
}

function blockedEdit(): EventScript {
	const s = new EventScript().user("m1", "Tidy Daily").assistant("a1", "");
	// An older log's "never": it still means the tool is not allowed in this chat.
	s.add({ type: "tool_preference_set", tool: "declareEditIntent", preference: "never" });
	s.add({
		type: "edit_intent_declared",
		editId: "e1",
		callId: "c_edit",
		path: "Daily.md",
		operation: "modify",
		description: "remove all headings",
	});
	s.propose("a1", "c_edit", "declareEditIntent", {
		path: "Daily.md",
		operation: "modify",
		description: "remove all headings",
	});
	s.add({
		type: "tool_call_decided",
		callId: "c_edit",
		decision: "denied",
		by: "policy",
		comment: "the user disabled declareEditIntent in this chat",
	});
	s.add({
		type: "tool_call_completed",
		callId: "c_edit",
		result: {
			status: "rejected",
			message: "The user denied this call: the user disabled declareEditIntent in this chat",
		},
	});
	return s.status("idle");
}

function dropdown(panel: HTMLElement, name: string): HTMLSelectElement {
	return within(panel).getByRole<HTMLSelectElement>("combobox", { name });
}

function shown(select: HTMLSelectElement): string {
	return select.selectedOptions[0]?.textContent ?? "";
}

async function openPermissions(user: Awaited<ReturnType<typeof renderThread>>["user"]): Promise<HTMLElement> {
	await user.click(screen.getByRole("button", { name: "Permissions" }));
	return screen.getByRole("group", { name: "Permissions in this chat" });
}

describe("the chat's Permissions", () => {
	it("are laid out like Obsidian's settings: a plain heading, a row per tool named by what it does, a dropdown", async () => {
		const { user } = await renderThread(blockedEdit());
		const panel = await openPermissions(user);
		expect(within(panel).getByRole("heading", { name: "Permissions in this chat" })).toBeTruthy();
		expect(panel.textContent).not.toMatch(/without asking you/);
		const rows = [...panel.querySelectorAll(".setting-item")];
		expect(rows.map((row) => row.querySelector(".setting-item-name")?.textContent)).toEqual(NAMES);
		for (const row of rows) {
			expect(row.querySelector(".setting-item-description")?.textContent).toMatch(/\w/);
			const select = within(row as HTMLElement).getByRole<HTMLSelectElement>("combobox");
			expect([...select.options].map((option) => option.textContent)).toEqual(CHOICES);
			expect(select.classList.contains("dropdown")).toBe(true);
		}
		// From the chat's events, then the tools' defaults.
		expect(shown(dropdown(panel, "Plan and draft edits"))).toBe("Don't allow");
		expect(shown(dropdown(panel, "Read notes"))).toBe("Run without asking");
		expect(shown(dropdown(panel, "Apply edits"))).toBe("Ask first");
		// Quiet: no filled chips, no accent.
		expect(panel.querySelectorAll("[aria-pressed], .mod-cta")).toHaveLength(0);
	});

	it("change a preference at any time, nothing waiting: Don't allow is set back to Ask first", async () => {
		const { service, user } = await renderThread(blockedEdit());
		const panel = await openPermissions(user);
		await user.selectOptions(dropdown(panel, "Plan and draft edits"), "Ask first");
		expect(service.callsOf("setToolPreference")).toEqual([
			{ threadId: "thread_1", tool: "declareEditIntent", preference: "prompt" },
		]);
		// The event comes back and the panel shows it (the log, not a draft).
		await waitFor(() => expect(shown(dropdown(panel, "Plan and draft edits"))).toBe("Ask first"));
		expect(service.callsOf("decideToolCalls")).toEqual([]);
	});

	it("a failed save is shown in place and the dropdown shows the log's value again", async () => {
		const { service, user } = await renderThread(blockedEdit());
		service.failNext.set("setToolPreference", {
			ok: false,
			error: { code: "unknown_thread", message: "This chat no longer exists." },
		});
		const panel = await openPermissions(user);
		await user.selectOptions(dropdown(panel, "Read notes"), "Ask first");
		expect(await within(panel).findByText("This chat no longer exists.")).toBeTruthy();
		expect(shown(dropdown(panel, "Read notes"))).toBe("Run without asking");
	});

	it("open on the first tool's dropdown, and Escape closes them and returns the focus to the header's button", async () => {
		const { user } = await renderThread(blockedEdit());
		const opener = screen.getByRole("button", { name: "Permissions" });
		await user.click(opener);
		expect(opener.getAttribute("aria-expanded")).toBe("true");
		expect(document.activeElement).toBe(
			dropdown(screen.getByRole("group", { name: "Permissions in this chat" }), "Read notes"),
		);
		await user.keyboard("{Escape}");
		expect(screen.queryByRole("group", { name: "Permissions in this chat" })).toBeNull();
		expect(document.activeElement).toBe(opener);
	});

	it("cannot be opened before there is a chat to hold them", async () => {
		const { user } = await renderThread(new EventScript());
		await user.click(screen.getByRole("button", { name: "New chat" }));
		const permissions = screen.getByRole("button", { name: "Permissions" });
		expect(permissions.getAttribute("aria-disabled")).toBe("true");
		await user.click(permissions);
		expect(screen.queryByRole("group", { name: "Permissions in this chat" })).toBeNull();
	});
});

describe("a card decided by a preference", () => {
	it("says so, and Change opens the Permissions on that tool; Done returns to Change", async () => {
		const { user } = await renderThread(blockedEdit());
		const card = screen.getByRole("group", { name: "Edit Daily.md" });
		expect(within(card).getByText(/Set by your preference/)).toBeTruthy();
		const change = within(card).getByRole("button", { name: "Change the preference for Plan and draft edits" });
		await user.click(change);
		const panel = screen.getByRole("group", { name: "Permissions in this chat" });
		expect(document.activeElement).toBe(dropdown(panel, "Plan and draft edits"));
		await user.click(screen.getByRole("button", { name: "Done with permissions" }));
		expect(document.activeElement).toBe(change);
	});

	it("a call approved by a preference says so too", async () => {
		const s = new EventScript()
			.user("m1", "Read it")
			.assistant("a1", "")
			.propose("a1", "c1", "readNote", { path: "A.md" });
		s.add({ type: "tool_call_decided", callId: "c1", decision: "approved", by: "policy" });
		await renderThread(s);
		const card = screen.getByRole("group", { name: "Read A.md" });
		expect(within(card).getByRole("button", { name: "Change the preference for Read notes" })).toBeTruthy();
	});
});

describe("the actions on a waiting card", () => {
	it("say what happens: Run (the only accent), Run and don't ask again, Skip, and a quiet ⋯; no preference chips", async () => {
		await renderThread(waitingReads());
		const card = screen.getByRole("group", { name: "Read A.md" });
		const buttons = within(card)
			.getAllByRole("button")
			.map((button) => button.textContent?.trim());
		expect(buttons.slice(0, 3)).toEqual(["Run", "Run, and don't ask again in this chat", "Skip"]);
		const more = within(card).getByRole("button", { name: "More actions: Read A.md" });
		expect(more.getAttribute("aria-haspopup")).toBe("menu");
		expect(more.classList.contains("mod-cta")).toBe(false);
		expect([...card.querySelectorAll(".mod-cta")].map((el) => el.textContent)).toEqual(["Run"]);
		expect(card.querySelectorAll("[aria-pressed]")).toHaveLength(0);
		expect(card.textContent).not.toMatch(/\b(Always|Never)\b/);
	});

	it("with several cards waiting, every accent button is a card's Run (Run all is not one)", async () => {
		await renderThread(waitingReads());
		const bar = screen.getByRole("region", { name: "Calls waiting for approval" });
		expect(bar.querySelectorAll(".mod-cta")).toHaveLength(0);
		const accents = [...screen.getByRole("log").querySelectorAll(".mod-cta")].map((el) =>
			el.getAttribute("aria-label"),
		);
		expect(accents).toEqual(["Run: Read A.md", "Run: Read B.md", "Run: Search notes for 'trip'"]);
	});

	it("Run, and don't ask again runs this card, then saves Run without asking for its tool; the page decides no sibling", async () => {
		const { service, user } = await renderThread(waitingReads());
		const card = screen.getByRole("group", { name: "Read A.md" });
		await user.click(within(card).getByRole("button", { name: /^Run, and don't ask again in this chat/ }));
		await waitFor(() =>
			expect(service.callsOf("setToolPreference")).toEqual([
				{ threadId: "thread_1", tool: "readNote", preference: "always" },
			]),
		);
		// The sibling (Read B.md) is the service's to run, by the preference event: one decision only.
		expect(service.callsOf("decideToolCalls")).toEqual([{ threadId: "thread_1", approved: ["c1"], denied: [] }]);
		const asked = service.calls.map((call) => call.method).filter((method) => method !== "subscribe");
		expect(asked.filter((method) => method === "decideToolCalls" || method === "setToolPreference")).toEqual([
			"decideToolCalls",
			"setToolPreference",
		]);
	});

	it("Run, and don't ask again saves nothing when the run itself fails, and says why in place", async () => {
		const { service, user } = await renderThread(waitingReads());
		service.failNext.set("decideToolCalls", {
			ok: false,
			error: { code: "not_pending", message: "That call is no longer waiting." },
		});
		const card = screen.getByRole("group", { name: "Read A.md" });
		await user.click(within(card).getByRole("button", { name: /^Run, and don't ask again in this chat/ }));
		expect(await within(card).findByText("That call is no longer waiting.")).toBeTruthy();
		expect(service.callsOf("setToolPreference")).toEqual([]);
	});

	it("Don't allow in this chat is in the ⋯ menu: it saves Don't allow for the tool and decides no card itself", async () => {
		const { service, user } = await renderThread(waitingReads());
		const card = screen.getByRole("group", { name: "Read A.md" });
		await user.click(within(card).getByRole("button", { name: "More actions: Read A.md" }));
		const menu = screen.getByRole("menu", { name: "More actions: Read A.md" });
		expect(
			within(menu)
				.getAllByRole("menuitem")
				.map((item) => item.textContent),
		).toEqual(["Don't allow in this chat"]);
		await user.click(within(menu).getByRole("menuitem", { name: "Don't allow in this chat" }));
		expect(screen.queryByRole("menu")).toBeNull();
		await waitFor(() =>
			expect(service.callsOf("setToolPreference")).toEqual([
				{ threadId: "thread_1", tool: "readNote", preference: "never" },
			]),
		);
		expect(service.callsOf("decideToolCalls")).toEqual([]);
	});

	it("the ⋯ menu works by keyboard: Enter opens it on its first item, Escape closes it and returns to ⋯", async () => {
		const { service, user } = await renderThread(waitingReads());
		const more = screen.getByRole("button", { name: "More actions: Read A.md" });
		more.focus();
		await user.keyboard("{Enter}");
		expect(more.getAttribute("aria-expanded")).toBe("true");
		expect(document.activeElement).toBe(screen.getByRole("menuitem", { name: "Don't allow in this chat" }));
		await user.keyboard("{ArrowDown}{ArrowUp}");
		expect(document.activeElement).toBe(screen.getByRole("menuitem", { name: "Don't allow in this chat" }));
		await user.keyboard("{Escape}");
		expect(screen.queryByRole("menu")).toBeNull();
		expect(document.activeElement).toBe(more);
		expect(more.getAttribute("aria-expanded")).toBe("false");
		expect(service.callsOf("setToolPreference")).toEqual([]);
	});

	it("with a host that has its own menu (Obsidian's), the pane hands it the items and draws none", async () => {
		const { service, host, user } = await renderThread(waitingReads());
		const shown: Array<{ anchor: HTMLElement; items: readonly MenuAction[] }> = [];
		host.showMenu = (anchor, items) => shown.push({ anchor, items });
		const more = screen.getByRole("button", { name: "More actions: Read B.md" });
		await user.click(more);
		expect(screen.queryByRole("menu")).toBeNull();
		expect(shown).toHaveLength(1);
		expect(shown[0]?.anchor).toBe(more);
		expect(shown[0]?.items.map((item) => item.title)).toEqual(["Don't allow in this chat"]);
		shown[0]?.items[0]?.run();
		await waitFor(() =>
			expect(service.callsOf("setToolPreference")).toEqual([
				{ threadId: "thread_1", tool: "readNote", preference: "never" },
			]),
		);
	});
});
