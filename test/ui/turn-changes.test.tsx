// @vitest-environment happy-dom
/**
 * Under a turn that changed several notes: "3 notes changed", a row per note, and Undo this turn,
 * over the real service and history. What the pane says after the undo comes from the log, so a
 * reload reads the same, including the note it had to leave because the user edited it since.
 */
import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { createNoteHistory } from "../../src/history/note-history";
import { MemoryStore } from "../../src/store/memory-store";
import { LocalThreadService } from "../../src/thread/service";
import { RedlinePane } from "../../src/ui/components/RedlinePane";
import { MemoryVault } from "../../src/vault/memory-vault";
import { EventScript } from "./support/events";
import { testHost } from "./support/host";

afterEach(cleanup);

const before = (name: string) => `# ${name}\nstatus: open\n`;
const after = (name: string) => `# ${name}\nstatus: done\n`;

/** One turn that wrote to each of `names` (A.md, B.md…), through the real history. */
async function turnThatChanged(names: string[]) {
	const vault = new MemoryVault("v", Object.fromEntries(names.map((n) => [`${n}.md`, before(n)])));
	const store = new MemoryStore();
	const history = createNoteHistory({ vault, store });
	const s = new EventScript("t_set").user("m1", "Close every project").assistant("a1", "");
	for (const [i, name] of names.entries()) {
		const path = `${name}.md`;
		const editId = `e${i + 1}`;
		const callId = `c${i + 1}`;
		const description = `close ${name}`;
		s.add({ type: "edit_intent_declared", editId, callId, path, operation: "modify", description });
		s.propose("a1", callId, "declareEditIntent", { path, operation: "modify", description });
		s.decide(callId, "approved").run(callId);
		const written = await history.write({
			path,
			description,
			threadId: "t_set",
			editId,
			base: before(name),
			proposed: after(name),
		});
		if (written.status !== "written") throw new Error(written.status);
		const { versionId, added, removed } = written.entry;
		s.add({ type: "edit_applied", editId, path, versionId, added, removed });
		s.add({
			type: "tool_call_completed",
			callId,
			result: { status: "success", message: `Edited ${path}`, path, data: { versionId, added, removed } },
		});
	}
	s.status("idle");
	await store.append("threads/t_set.jsonl", s.events.map((e) => JSON.stringify(e) + "\n").join(""));
	return { vault, service: new LocalThreadService({ store, history }) };
}

const changes = () => screen.findByRole("region", { name: /^Changes this turn/ });

describe("the changes of a turn", () => {
	it("lists each note the turn changed, with the turn's total", async () => {
		const { service } = await turnThatChanged(["A", "B", "C"]);
		render(<RedlinePane host={testHost(service)} />);
		const section = await changes();
		expect(section.textContent).toContain("3 notes changed");
		expect(within(section).getAllByRole("listitem")).toHaveLength(3);
		expect(within(section).getByRole("link", { name: "Open B.md" })).toBeTruthy();
		expect(within(section).getByRole("button", { name: /^Undo this turn/ })).toBeTruthy();
	});

	it("Undo this turn takes every note back, and the pane says so after a reload", async () => {
		const { vault, service } = await turnThatChanged(["A", "B", "C"]);
		const user = userEvent.setup();
		const first = render(<RedlinePane host={testHost(service)} />);
		await user.click(within(await changes()).getByRole("button", { name: /^Undo this turn/ }));
		await within(await changes()).findByText("3 notes changed, all undone");
		for (const name of ["A", "B", "C"]) expect(await vault.read(`${name}.md`)).toBe(before(name));
		expect(within(await changes()).queryByRole("button", { name: /^Undo this turn/ })).toBeNull();
		first.unmount();

		render(<RedlinePane host={testHost(service)} />);
		const section = await changes();
		await within(section).findByText("3 notes changed, all undone");
		expect(within(section).getAllByText("Undone")).toHaveLength(3);
	});

	it("names the note it left because the user edited it since, after a reload too, and still offers to undo it", async () => {
		const { vault, service } = await turnThatChanged(["A", "B", "C"]);
		await vault.process("B.md", () => "# B\nstatus: done, and shipped\n");
		const user = userEvent.setup();
		const first = render(<RedlinePane host={testHost(service)} />);
		await user.click(within(await changes()).getByRole("button", { name: /^Undo this turn/ }));
		const left = await within(await changes()).findByText(/1 note was left as it is; the rest were undone/);
		expect(left.closest("[role=status]")?.textContent).toContain("B.md");
		expect(await vault.read("B.md")).toBe("# B\nstatus: done, and shipped\n");
		expect(await vault.read("A.md")).toBe(before("A"));
		first.unmount();

		render(<RedlinePane host={testHost(service)} />);
		const section = await changes();
		const status = await within(section).findByRole("status");
		expect(within(status).getByRole("link", { name: "Open B.md" })).toBeTruthy();
		expect(within(section).getByRole("button", { name: /^Undo this turn/ })).toBeTruthy();
	});

	it("shows nothing extra for a turn that changed one note (its card has Revert)", async () => {
		const { service } = await turnThatChanged(["A"]);
		render(<RedlinePane host={testHost(service)} />);
		await screen.findByRole("group", { name: "Edit A.md" });
		expect(screen.queryByRole("region", { name: /^Changes this turn/ })).toBeNull();
	});
});
