/**
 * A damaged history never blocks the agent and never loses data: a record or index that is torn,
 * malformed or fails its check is moved to `<key>.damaged-<time>` (kept as it was), the note
 * starts a fresh history, and revert/restore say the history was set aside.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { MockInstance } from "vitest";
import { createNoteHistory } from "../../src/history/note-history";
import type { WriteOutcome } from "../../src/history/types";
import { MemoryStore } from "../../src/store/memory-store";
import { MemoryVault } from "../../src/vault/memory-vault";

const NOTE = "# Plan\nalpha\nbeta\ngamma\n";

function setup(store = new MemoryStore(), files: Record<string, string> = { "Plan.md": NOTE }) {
	const vault = new MemoryVault("test", files);
	let n = 0;
	const history = createNoteHistory({
		vault,
		store,
		newId: (p) => `${p}_${++n}`,
		now: () => new Date(Date.UTC(2025, 0, 1, 0, 0, n)),
	});
	return { vault, store, history };
}

/** A history with one written edit, and the store keys it used. */
async function withOneEdit() {
	const parts = setup();
	const outcome = await parts.history.write({
		path: "Plan.md",
		base: NOTE,
		proposed: NOTE.replace("beta", "BETA"),
		description: "capitalize beta",
	});
	expect(outcome.status).toBe("written");
	const recordKey = (await parts.store.list("history/notes/"))[0];
	parts.history.dispose();
	return { ...parts, recordKey, raw: (await parts.store.read(recordKey)) ?? "" };
}

/** A new history over the same vault and store (a restart: nothing cached). */
function reopen(vault: MemoryVault, store: MemoryStore) {
	let n = 100;
	return createNoteHistory({
		vault,
		store,
		newId: (p) => `${p}_${++n}`,
		now: () => new Date(Date.UTC(2025, 0, 2, 0, 0, n)),
	});
}

async function asideKeys(store: MemoryStore): Promise<string[]> {
	return (await store.list("history/")).filter((key) => key.includes(".damaged-"));
}

function written(outcome: WriteOutcome) {
	if (outcome.status !== "written")
		throw new Error(`expected written, got ${outcome.status}: ${"message" in outcome ? outcome.message : ""}`);
	return outcome;
}

let warn: MockInstance<typeof console.warn>;
beforeEach(() => {
	warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
});
afterEach(() => warn.mockRestore());

describe("a damaged history record", () => {
	it("does not block the agent's write: the note is written, a fresh history starts and the torn file is kept aside", async () => {
		const { vault, store, recordKey, raw } = await withOneEdit();
		const torn = raw.slice(0, Math.floor(raw.length / 2));
		await store.write(recordKey, torn);
		const history = reopen(vault, store);
		const base = await vault.read("Plan.md");
		const outcome = written(
			await history.write({
				path: "Plan.md",
				base,
				proposed: base.replace("gamma", "GAMMA"),
				description: "capitalize gamma",
			}),
		);
		expect(outcome.rebased).toBe(false);
		expect(await vault.read("Plan.md")).toBe(NOTE.replace("beta", "BETA").replace("gamma", "GAMMA"));
		expect((await history.list("Plan.md")).map((e) => e.description)).toEqual(["capitalize gamma"]);
		const aside = await asideKeys(store);
		expect(aside).toEqual([expect.stringMatching(/^history\/notes\/note_1\.json\.damaged-2025-01-02T/)]);
		expect(await store.read(aside[0])).toBe(torn);
		expect(await store.read(recordKey)).toBeNull();
		expect(warn).toHaveBeenCalledTimes(1);
		expect(String(warn.mock.calls[0][0])).toContain("history of Plan.md is damaged");
		// The fresh history works: its change can be reverted.
		written(await history.revert("Plan.md"));
		expect(await vault.read("Plan.md")).toBe(NOTE.replace("beta", "BETA"));
	});

	it("makes revert answer an error that says the history was set aside, and changes nothing", async () => {
		const { vault, store, recordKey, raw } = await withOneEdit();
		// Valid JSON, but the snapshot no longer matches the newest version's hash.
		const tampered = raw.replace("BETA", "BETTA");
		await store.write(recordKey, tampered);
		const history = reopen(vault, store);
		const outcome = await history.revert("Plan.md");
		expect(outcome.status).toBe("error");
		if (outcome.status === "error")
			expect(outcome.message).toMatch(
				/history of Plan\.md is damaged .* and was set aside as history\/notes\/note_1\.json\.damaged-.*Nothing was reverted\./,
			);
		expect(await vault.read("Plan.md")).toBe(NOTE.replace("beta", "BETA"));
		expect(await history.list("Plan.md")).toEqual([]);
		expect(await store.read((await asideKeys(store))[0])).toBe(tampered);
		expect(warn).toHaveBeenCalledTimes(1);
	});

	it("is set aside when a patch does not fit its text, found only while reverting", async () => {
		const { vault, store, recordKey, raw } = await withOneEdit();
		// The hash check passes (the snapshot is intact) but the patch names a line that is not there.
		const record = JSON.parse(raw) as { entries: { patch: { hunks: { lines: string[] }[] } }[] };
		record.entries[0].patch.hunks[0].lines = ["-beta", "+NOT THE LINE"];
		await store.write(recordKey, JSON.stringify(record));
		const history = reopen(vault, store);
		expect(await history.list("Plan.md")).toHaveLength(1);
		const outcome = await history.revert("Plan.md");
		expect(outcome).toMatchObject({
			status: "error",
			message: expect.stringContaining("history of Plan.md is damaged") as unknown,
		});
		if (outcome.status === "error") expect(outcome.message).toContain("set aside");
		expect(await vault.read("Plan.md")).toBe(NOTE.replace("beta", "BETA"));
		expect(await history.list("Plan.md")).toEqual([]);
		expect(await store.read((await asideKeys(store))[0])).toBe(JSON.stringify(record));
		expect(warn).toHaveBeenCalledTimes(1);
	});

	it("makes list return no entries instead of throwing", async () => {
		const { vault, store, recordKey } = await withOneEdit();
		await store.write(
			recordKey,
			JSON.stringify({ v: 1, noteId: "note_1", path: "Plan.md", snapshot: 42, entries: "none" }),
		);
		const history = reopen(vault, store);
		expect(await history.list("Plan.md")).toEqual([]);
		expect(await asideKeys(store)).toHaveLength(1);
		expect(warn).toHaveBeenCalledTimes(1);
	});

	it("does not stop create on a path whose old history is damaged", async () => {
		const { vault, store, recordKey } = await withOneEdit();
		await store.write(recordKey, '{"v":1,"noteId":');
		await vault.trash("Plan.md");
		const history = reopen(vault, store);
		const outcome = written(await history.create({ path: "Plan.md", content: "new\n", description: "create" }));
		expect(outcome.entry.kind).toBe("create");
		expect(await vault.read("Plan.md")).toBe("new\n");
		expect(await history.list("Plan.md")).toHaveLength(1);
		expect(await asideKeys(store)).toHaveLength(1);
	});

	it("makes restore answer that the history was set aside", async () => {
		const { vault, store, recordKey } = await withOneEdit();
		await store.write(recordKey, "not json at all");
		await vault.trash("Plan.md");
		const history = reopen(vault, store);
		const outcome = await history.restore("Plan.md");
		expect(outcome.status).toBe("error");
		if (outcome.status === "error") expect(outcome.message).toMatch(/damaged .*set aside.*Nothing was restored\./);
		expect(await vault.exists("Plan.md")).toBe(false);
	});
});

describe("a damaged history index", () => {
	it("is set aside and rebuilt from the records, so list still finds the note's entries", async () => {
		const { vault, store } = await withOneEdit();
		await store.write("history/index.json", '{"Plan.md": "note_');
		const history = reopen(vault, store);
		expect((await history.list("Plan.md")).map((e) => e.description)).toEqual(["capitalize beta"]);
		expect(await asideKeys(store)).toEqual([expect.stringMatching(/^history\/index\.json\.damaged-/)]);
		expect(JSON.parse((await store.read("history/index.json")) ?? "")).toEqual({ "Plan.md": "note_1" });
		expect(warn).toHaveBeenCalledTimes(1);
		written(await history.revert("Plan.md"));
		expect(await vault.read("Plan.md")).toBe(NOTE);
	});

	it("that is JSON but not a map of paths to ids is damaged too, and writes still go through", async () => {
		const { vault, store } = await withOneEdit();
		await store.write("history/index.json", JSON.stringify({ "Plan.md": 7 }));
		const history = reopen(vault, store);
		const base = await vault.read("Plan.md");
		written(await history.write({ path: "Plan.md", base, proposed: base + "delta\n", description: "add delta" }));
		expect((await history.list("Plan.md")).map((e) => e.description)).toEqual(["add delta", "capitalize beta"]);
		expect(warn).toHaveBeenCalledTimes(1);
	});
});

describe("a store that fails", () => {
	it("gives an error outcome and an empty list instead of throwing", async () => {
		// "history/notes" holding a value makes every record key under it a conflict in the store.
		const { vault, history } = setup(new MemoryStore({ "history/notes": "in the way" }));
		const outcome = await history.write({
			path: "Plan.md",
			base: NOTE,
			proposed: NOTE.replace("beta", "BETA"),
			description: "d",
		});
		expect(outcome.status).toBe("error");
		if (outcome.status === "error") expect(outcome.message).toContain("history of Plan.md could not be read or saved");
		expect(await vault.read("Plan.md")).toBe(NOTE);
		expect(await history.list("Plan.md")).toEqual([]);
	});
});
