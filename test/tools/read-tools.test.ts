import { describe, expect, it } from "vitest";
import { listNotesTool, LIST_CAP } from "../../src/tools/list-notes";
import { readNoteTool, READ_CHAR_BUDGET } from "../../src/tools/read-note";
import type { ToolResult } from "../../src/log/tool-result";
import type { ToolContext, Suspended } from "../../src/tools/tool";
import { emptyState } from "../../src/log/projection";
import { AccessFloor } from "../../src/vault/access-floor";
import { MemoryVault } from "../../src/vault/memory-vault";

function ctx(vault: MemoryVault): ToolContext {
	return {
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
}

function result(outcome: ToolResult | Suspended): ToolResult {
	if ("suspended" in outcome) throw new Error("unexpected suspension");
	return outcome;
}

const lines = (n: number): string => Array.from({ length: n }, (_, i) => `line ${i + 1}`).join("\n");

describe("readNote", () => {
	it("reads a short note whole", async () => {
		const vault = new MemoryVault("v", { "A.md": "one\ntwo" });
		const r = result(await readNoteTool.run({ path: "./A.md" }, ctx(vault)));
		expect(r).toMatchObject({ status: "success", path: "A.md", message: "A.md (2 lines):\none\ntwo" });
	});

	it("pages a long note and says how much remains and where to go on", async () => {
		const vault = new MemoryVault("v", { "Long.md": lines(1000) });
		const first = result(await readNoteTool.run({ path: "Long.md" }, ctx(vault)));
		expect(first.message).toContain("lines 1-400 of 1000");
		expect(first.message).toContain("600 more lines remain; call readNote with offset 401");
		expect(first.data).toMatchObject({ endLine: 400, remainingLines: 600 });
		const last = result(await readNoteTool.run({ path: "Long.md", offset: 901, limit: 400 }, ctx(vault)));
		expect(last.message).toContain("lines 901-1000 of 1000 (this is the end of the note)");
		expect(last.message.endsWith("line 1000")).toBe(true);
	});

	it("stops a page at the character budget, and cuts a single huge line", async () => {
		const vault = new MemoryVault("v", {
			"Wide.md": Array.from({ length: 100 }, () => "x".repeat(1000)).join("\n"),
			"Huge.md": "y".repeat(50_000) + "\nend",
		});
		const wide = result(await readNoteTool.run({ path: "Wide.md" }, ctx(vault)));
		expect(wide.message.length).toBeLessThan(READ_CHAR_BUDGET + 300);
		expect(wide.data).toMatchObject({ endLine: 23 });
		const huge = result(await readNoteTool.run({ path: "Huge.md" }, ctx(vault)));
		expect(huge.message).toContain("line 1 is longer than 24000 characters and was cut");
		expect(huge.message).toContain("call readNote with offset 2");
	});

	it("gives clear errors for a missing note, a bad path and an offset past the end", async () => {
		const vault = new MemoryVault("v", { "A.md": "one" });
		const missing = result(await readNoteTool.run({ path: "Nope.md" }, ctx(vault)));
		expect(missing.status).toBe("error");
		expect(missing.message).toContain('No note at "Nope.md"');
		const outside = result(await readNoteTool.run({ path: "../etc/passwd" }, ctx(vault)));
		expect(outside.status).toBe("error");
		expect(outside.message).toContain('".." may not leave a folder');
		const past = result(await readNoteTool.run({ path: "A.md", offset: 5 }, ctx(vault)));
		expect(past.status).toBe("error");
		expect(past.message).toContain("offset 5 is past its end");
	});

	it("rejects a limit above the maximum in its schema", () => {
		expect(readNoteTool.schema.safeParse({ path: "A.md", limit: 100_000 }).success).toBe(false);
	});
});

describe("listNotes", () => {
	it("lists a folder, and caps a big vault and says so", async () => {
		const notes: Record<string, string> = { "Sub/a.md": "", "Sub/b.md": "" };
		for (let i = 0; i < LIST_CAP + 50; i++) notes[`Big/n${String(i).padStart(3, "0")}.md`] = "";
		const vault = new MemoryVault("v", notes);
		const sub = result(await listNotesTool.run({ folder: "Sub/" }, ctx(vault)));
		expect(sub.message).toBe('2 notes in "Sub":\nSub/a.md\nSub/b.md');
		const all = result(await listNotesTool.run({}, ctx(vault)));
		expect(all.message).toContain(
			`The first ${LIST_CAP} of ${LIST_CAP + 52} notes in the vault (pass a folder to see the rest)`,
		);
		expect(all.message.split("\n")).toHaveLength(LIST_CAP + 1);
		expect(result(await listNotesTool.run({ folder: "Empty" }, ctx(vault))).message).toBe('No notes in "Empty".');
		expect(result(await listNotesTool.run({ folder: "/abs" }, ctx(vault)))).toMatchObject({ status: "error" });
	});
});
