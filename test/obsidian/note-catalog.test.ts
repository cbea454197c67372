/**
 * findNotes in Obsidian: the shared specifications (test/tools/support/find-notes-spec.ts) answered
 * from the metadataCache (the fake: its own parser, resolvedLinks and getFirstLinkpathDest), and
 * the cache's lag: a note modified a moment ago is found by its new tags once the cache has it.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { createObsidianNoteCatalog } from "../../src/obsidian/note-catalog";
import { ObsidianVault } from "../../src/obsidian/obsidian-vault";
import type { ToolResult } from "../../src/log/tool-result";
import { createFindNotesTool, findNotesSchema, type FindNotesArgs } from "../../src/tools/find-notes";
import { isSuspended } from "../../src/tools/tool";
import { App } from "../fakes/obsidian";
import { contextFor, describeFindSpecs, FIND_VAULT, PROTECTED } from "../tools/support/find-notes-spec";

afterEach(() => {
	vi.useRealTimers();
});

function open(): { app: App; run: (args: FindNotesArgs) => Promise<ToolResult> } {
	const app = new App();
	vi.useFakeTimers({ toFake: ["Date"] });
	try {
		for (const [path, note] of Object.entries(FIND_VAULT)) {
			vi.setSystemTime(note.mtime);
			app.vault.seed({ [path]: note.text });
		}
	} finally {
		vi.useRealTimers();
	}
	const tool = createFindNotesTool({ catalog: createObsidianNoteCatalog(app as never) });
	const ctx = contextFor(new ObsidianVault(app as never), [app.vault.configDir, PROTECTED]);
	const run = async (args: FindNotesArgs): Promise<ToolResult> => {
		const outcome = await tool.run(findNotesSchema.parse(args), ctx);
		if (isSuspended(outcome)) throw new Error("findNotes never suspends");
		return outcome;
	};
	return { app, run };
}

describeFindSpecs("Obsidian's metadataCache (the fake)", () => Promise.resolve(open()));

describe("findNotes in Obsidian", () => {
	it("finds a note by the tags the cache gives once it has parsed the change", async () => {
		const { app, run } = open();
		const file = app.vault.getFileByPath("Diagram.md");
		if (!file) throw new Error("seeded note missing");
		await app.vault.modify(file, "A diagram. #figure\n");
		await expect
			.poll(async () => ((await run({ tag: "figure" })).data?.notes as { path: string }[]).map((n) => n.path))
			.toEqual(["Diagram.md"]);
	});
});
