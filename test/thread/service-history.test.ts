import { describe, expect, it } from "vitest";
import { createNoteHistory } from "../../src/history/note-history";
import { MemoryStore } from "../../src/store/memory-store";
import { LocalThreadService } from "../../src/thread/service";
import { MemoryVault } from "../../src/vault/memory-vault";

describe("LocalThreadService history methods", () => {
	it("lists a note's history with unified diffs and reverts the last change", async () => {
		const store = new MemoryStore();
		const vault = new MemoryVault("v", { "Daily.md": "one\ntwo\n" });
		const history = createNoteHistory({ vault, store });
		const service = new LocalThreadService({ store, history });
		const written = await history.write({
			path: "Daily.md",
			base: "one\ntwo\n",
			proposed: "one\nTWO\n",
			description: "Shout",
		});
		expect(written.status).toBe("written");
		const listed = await service.listHistory({ path: "Daily.md" });
		if (!listed.ok) throw new Error(listed.error.message);
		expect(listed.entries).toHaveLength(1);
		expect(listed.entries[0]).toMatchObject({
			path: "Daily.md",
			description: "Shout",
			kind: "edit",
			added: 1,
			removed: 1,
		});
		expect(listed.entries[0]?.diff).toContain("-two");
		expect(listed.entries[0]?.diff).toContain("+TWO");
		const reverted = await service.revertHistory({ path: "Daily.md" });
		expect(reverted).toMatchObject({ ok: true, versionId: expect.any(String) as string });
		expect(await vault.read("Daily.md")).toBe("one\ntwo\n");
		expect(await service.revertHistory({ path: 7 as unknown as string })).toMatchObject({
			ok: false,
			error: { code: "bad_params" },
		});
		history.dispose();
		await service.close();
	});

	it("answers bad_params for a revert request whose to or laterChanges does not make sense, and writes nothing", async () => {
		const store = new MemoryStore();
		const vault = new MemoryVault("v", { "Daily.md": "one\ntwo\n" });
		const history = createNoteHistory({ vault, store });
		const service = new LocalThreadService({ store, history });
		const written = await history.write({
			path: "Daily.md",
			base: "one\ntwo\n",
			proposed: "one\nTWO\n",
			description: "Shout",
		});
		if (written.status !== "written") throw new Error(written.status);
		const { versionId } = written.entry;
		for (const params of [
			{ path: "Daily.md", versionId: 3 },
			{ path: "Daily.md", versionId, to: "yes" },
			{ path: "Daily.md", to: true },
			{ path: "Daily.md", versionId, laterChanges: 1 },
			{ path: "Daily.md", versionId, to: true, laterChanges: 0 },
			{ path: "Daily.md", versionId, to: true, laterChanges: 1.5 },
		]) {
			expect(await service.revertHistory(params as never)).toMatchObject({ ok: false, error: { code: "bad_params" } });
		}
		expect(await vault.read("Daily.md")).toBe("one\nTWO\n");
		// A version already current is nothing to go back to: not_found, and the note stays.
		expect(await service.revertHistory({ path: "Daily.md", versionId, to: true })).toMatchObject({
			ok: false,
			error: { code: "not_found" },
		});
		expect(await service.revertHistory({ path: "Daily.md", versionId })).toMatchObject({
			ok: true,
			path: "Daily.md",
			added: 1,
			removed: 1,
		});
		expect(await vault.read("Daily.md")).toBe("one\ntwo\n");
		history.dispose();
		await service.close();
	});

	it("locates the note that holds a version after renames, and says when none does or the request is malformed", async () => {
		const store = new MemoryStore();
		const vault = new MemoryVault("v", { "Daily.md": "one\n" });
		const history = createNoteHistory({ vault, store });
		const service = new LocalThreadService({ store, history });
		const written = await history.write({ path: "Daily.md", base: "one\n", proposed: "ONE\n", description: "Shout" });
		if (written.status !== "written") throw new Error(written.status);
		const { versionId } = written.entry;
		expect(await service.locateHistory({ path: "Daily.md", versionId })).toEqual({ ok: true, path: "Daily.md" });
		await vault.rename("Daily.md", "Journal/Daily.md");
		await vault.rename("Journal/Daily.md", "Journal/2026.md");
		expect(await service.locateHistory({ path: "Daily.md", versionId })).toEqual({ ok: true, path: "Journal/2026.md" });
		expect(await service.locateHistory({ path: "Daily.md", versionId: "v_gone" })).toMatchObject({
			ok: false,
			error: { code: "not_found" },
		});
		for (const params of [{ path: "", versionId }, { path: "Daily.md", versionId: "" }, { path: "Daily.md" }, null]) {
			expect(await service.locateHistory(params as never), JSON.stringify(params)).toMatchObject({
				ok: false,
				error: { code: "bad_params" },
			});
		}
		const without = new LocalThreadService({ store: new MemoryStore() });
		expect(await without.locateHistory({ path: "Daily.md", versionId })).toMatchObject({
			ok: false,
			error: { code: "unavailable" },
		});
		await without.close();
		history.dispose();
		await service.close();
	});
});
