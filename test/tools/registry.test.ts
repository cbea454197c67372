import { describe, expect, it } from "vitest";
import { listNotesTool } from "../../src/tools/list-notes";
import { readNoteTool } from "../../src/tools/read-note";
import { ToolRegistry } from "../../src/tools/registry";
import { createSearchNotesTool } from "../../src/tools/search-notes";
import { NoteIndex } from "../../src/search/note-index";
import { MemoryStore } from "../../src/store/memory-store";
import { MemoryVault } from "../../src/vault/memory-vault";

const searchNotesTool = createSearchNotesTool({
	index: new NoteIndex({ vault: new MemoryVault("v"), store: new MemoryStore(), protectedFolders: [] }),
});

describe("ToolRegistry", () => {
	const registry = new ToolRegistry([readNoteTool, searchNotesTool, listNotesTool]);

	it("holds tools by name in registration order", () => {
		expect(registry.names()).toEqual(["readNote", "searchNotes", "listNotes"]);
		expect(registry.get("readNote")).toBe(readNoteTool);
		expect(registry.get("nope")).toBeUndefined();
	});

	it("refuses duplicate and invalid names", () => {
		expect(() => new ToolRegistry([readNoteTool, readNoteTool])).toThrow("already registered");
		expect(() => new ToolRegistry([{ ...readNoteTool, name: "read note" }])).toThrow("Invalid tool name");
	});

	it("gives OpenAI function definitions from the zod schemas", () => {
		const [read] = registry.definitions();
		expect(read.type).toBe("function");
		expect(read.function.name).toBe("readNote");
		expect(read.function.parameters).toMatchObject({
			type: "object",
			properties: { path: { type: "string" }, offset: { type: "integer" } },
			required: ["path"],
		});
		expect(read.function.parameters).not.toHaveProperty("$schema");
	});

	it("explains schema failures in words the model can act on", () => {
		const check = registry.checkArgs(readNoteTool, { path: 3 });
		expect(check.ok).toBe(false);
		if (!check.ok) expect(check.message).toMatch(/Invalid arguments for readNote:[\s\S]*path/);
		expect(registry.checkArgs(readNoteTool, { path: "A.md" })).toEqual({ ok: true, args: { path: "A.md" } });
	});
});
