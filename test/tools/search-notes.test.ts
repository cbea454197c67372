import { describe, expect, it } from "vitest";
import { NoteIndex } from "../../src/search/note-index";
import { MemoryStore } from "../../src/store/memory-store";
import { createSearchNotesTool, searchNotesSchema } from "../../src/tools/search-notes";
import type { ToolResult } from "../../src/log/tool-result";
import type { Suspended, ToolContext } from "../../src/tools/tool";
import { emptyState } from "../../src/log/projection";
import { AccessFloor } from "../../src/vault/access-floor";
import { MemoryVault } from "../../src/vault/memory-vault";
import { quickPacer } from "../search/support";
import { sleep } from "../../src/node/timers";

function setup(notes: Record<string, string>, options: { firstSearchWaitMs?: number } = {}) {
	const vault = new MemoryVault("v", notes);
	const index = new NoteIndex({ vault, store: new MemoryStore(), protectedFolders: [], pacer: quickPacer, ...options });
	const tool = createSearchNotesTool({ index });
	const ctx: ToolContext = {
		threadId: "t",
		callId: "c",
		vault,
		floor: new AccessFloor([]),
		state: () => emptyState("t"),
		emit: () => undefined,
		progress: () => undefined,
		signal: new AbortController().signal,
		newId: (p) => `${p}_1`,
		commit: (write) => write(),
	};
	const run = async (args: Parameters<typeof tool.run>[0]): Promise<ToolResult> => {
		const outcome: ToolResult | Suspended = await tool.run(searchNotesSchema.parse(args), ctx);
		if ("suspended" in outcome) throw new Error("unexpected suspension");
		return outcome;
	};
	return { vault, index, run };
}

describe("searchNotes", () => {
	it("returns notes best first, each with its tags and best lines", async () => {
		const { run } = setup({
			"Spring.md": "---\ntags: [garden]\n---\nThe greenhouse budget for spring is 400 euros.\nOther line.",
			"Budget.md": "Yearly budget.",
		});
		const r = await run({ query: "budget greenhouse" });
		expect(r.status).toBe("success");
		expect(r.message).toBe(
			[
				'Notes matching "budget greenhouse", best first (1-2 of 2 notes):',
				"1. Spring.md #garden (every word)",
				"   4: The greenhouse budget for spring is 400 euros.",
				"2. Budget.md (1 of 2 words)",
				"   1: Yearly budget.",
			].join("\n"),
		);
		expect(r.data).toMatchObject({
			total: 2,
			more: false,
			hits: [{ path: "Spring.md", tags: ["garden"] }, { path: "Budget.md" }],
		});
	});

	it("pages with offset and says when there are more", async () => {
		const notes: Record<string, string> = {};
		for (let i = 0; i < 30; i++) notes[`N${String(i).padStart(2, "0")}.md`] = `about apples ${i}`;
		const { run } = setup(notes);
		const first = await run({ query: "apples", limit: 5 });
		expect(first.message).toContain("(1-5 of 30 notes)");
		expect(first.message).toContain("There are more: call again with offset 5");
		const last = await run({ query: "apples", limit: 5, offset: 25 });
		expect(last.message).toContain("(26-30 of 30 notes)");
		expect(last.message).not.toContain("There are more");
		const past = await run({ query: "apples", offset: 30 });
		expect(past.message).toBe('No more notes match "apples" after the first 30.');
	});

	it("says plainly when nothing matches", async () => {
		const { run } = setup({ "a.md": "apples" });
		expect((await run({ query: "pears" })).message).toBe('No notes match "pears". Try fewer or other keywords.');
	});

	it("says the index is still being built when it answers early", async () => {
		const { vault, run } = setup({ "a.md": "apples", "b.md": "apples" }, { firstSearchWaitMs: 0 });
		const read = vault.read.bind(vault);
		vault.read = async (path) => {
			await sleep(path === "b.md" ? 200 : 0);
			return read(path);
		};
		const r = await run({ query: "apples" });
		expect(r.message).toContain("The index is still being built");
	});

	it("refuses a folder outside the vault with a clear error", async () => {
		const { run } = setup({ "a.md": "apples" });
		const r = await run({ query: "apples", folder: "../elsewhere" });
		expect(r.status).toBe("error");
		expect(r.message).toContain("..");
	});

	it("refuses an empty query, a long sentence and a limit over 50 in its schema", () => {
		expect(searchNotesSchema.safeParse({ query: "  " }).success).toBe(false);
		expect(searchNotesSchema.safeParse({ query: "a", limit: 51 }).success).toBe(false);
		expect(searchNotesSchema.safeParse({ query: "x".repeat(501) }).success).toBe(false);
		expect(searchNotesSchema.safeParse({ query: "a", offset: -1 }).success).toBe(false);
	});
});
