/**
 * findNotes' specifications, one set for every host: the text catalog on a MemoryVault and
 * Obsidian's metadataCache (the fake) each run exactly these against the same vault, so the two
 * catalogs cannot drift apart. Modification times are set per note (local time, as the
 * arguments are read); "Redline/data" is a protected folder, whose note matches everything and
 * must never show.
 */
import { describe, expect, it } from "vitest";
import { emptyState } from "../../../src/log/projection";
import type { ToolResult } from "../../../src/log/tool-result";
import type { FindNotesArgs } from "../../../src/tools/find-notes";
import type { ToolContext } from "../../../src/tools/tool";
import { AccessFloor } from "../../../src/vault/access-floor";
import type { Vault } from "../../../src/vault/vault";

export const PROTECTED = "Redline/data";

const local = (y: number, m: number, d: number, h = 0, min = 0): number => new Date(y, m - 1, d, h, min).getTime();

/** path -> text and mtime; created oldest first. */
export const FIND_VAULT: Record<string, { text: string; mtime: number }> = {
	"Diagram.md": { text: "A diagram.\n", mtime: local(2026, 1, 1) },
	"Gamma.md": { text: '---\nup: "[[Plan]]"\n---\nNo tags here.\n', mtime: local(2026, 2, 1) },
	"Pro/Intro.md": { text: "Intro to the #Project format.\n", mtime: local(2026, 3, 1) },
	"Projects/Archive/Old.md": { text: "Old #project/old note. Links [[Alpha]].\n", mtime: local(2026, 4, 1) },
	"Plan.md": {
		text: "---\nstatus: done\npriority: 2.0\n---\n# Plan\nSee #projects only.\n",
		mtime: local(2026, 5, 1, 12),
	},
	"Projects/Beta.md": {
		text: "---\ntags: project\nstatus: Done\n---\nSee [[Projects/Alpha|alpha]] and [[Gamma#Heading]].\n",
		mtime: local(2026, 5, 2, 9),
	},
	"Projects/Alpha.md": {
		text: [
			"---",
			"tags: [project/alpha, Work]",
			"status: active",
			"priority: 2",
			"done: false",
			"owners:",
			"  - Ann",
			"  - Bob",
			"---",
			"# Alpha",
			"Links to [[Beta]], ![[Diagram]] and [the plan](Plan.md#Goals). #urgent",
			"```",
			"[[Gamma]] #notatag",
			"```",
			"",
		].join("\n"),
		mtime: local(2026, 5, 3, 10),
	},
	[`${PROTECTED}/log.md`]: {
		text: "---\ntags: [project]\nstatus: done\n---\n#project [[Alpha]] [[Plan]]\n",
		mtime: local(2026, 5, 4),
	},
};

/** A call's context: the vault and an access floor with these protected folders. */
export function contextFor(vault: Vault, protectedFolders: string[]): ToolContext {
	return {
		threadId: "t",
		callId: "c",
		vault,
		floor: new AccessFloor(protectedFolders),
		state: () => emptyState("t"),
		emit: () => undefined,
		progress: () => undefined,
		signal: new AbortController().signal,
		newId: (p) => `${p}_1`,
		commit: (write) => write(),
	};
}

export interface FinderUnderTest {
	run(args: FindNotesArgs): Promise<ToolResult>;
	cleanup?: () => Promise<void> | void;
}

export function describeFindSpecs(name: string, open: () => Promise<FinderUnderTest>): void {
	describe(`findNotes on ${name}`, () => {
		async function find(args: FindNotesArgs): Promise<ToolResult> {
			const under = await open();
			try {
				return await under.run(args);
			} finally {
				await under.cleanup?.();
			}
		}
		async function paths(args: FindNotesArgs): Promise<string[]> {
			const result = await find(args);
			expect(result.status, result.message).toBe("success");
			return (result.data?.notes as { path: string }[]).map((note) => note.path);
		}

		it("finds a tag and the tags below it, in frontmatter lists and strings and in the body, in any case, newest first", async () => {
			const result = await find({ tag: "project" });
			expect(result.data?.notes).toEqual([
				{ path: "Projects/Alpha.md", modified: new Date(local(2026, 5, 3, 10)).toISOString(), tags: ["project/alpha"] },
				{ path: "Projects/Beta.md", modified: new Date(local(2026, 5, 2, 9)).toISOString(), tags: ["project"] },
				{ path: "Projects/Archive/Old.md", modified: new Date(local(2026, 4, 1)).toISOString(), tags: ["project/old"] },
				{ path: "Pro/Intro.md", modified: new Date(local(2026, 3, 1)).toISOString(), tags: ["project"] },
			]);
			expect(result.message.split("\n").slice(0, 2)).toEqual([
				"4 notes tagged #project, most recently modified first:",
				"- Projects/Alpha.md (modified 2026-05-03 10:00; #project/alpha)",
			]);
			expect(await paths({ tag: "#Project/Alpha" })).toEqual(["Projects/Alpha.md"]);
			expect(await paths({ tag: "work" })).toEqual(["Projects/Alpha.md"]);
			expect(await paths({ tag: "urgent" })).toEqual(["Projects/Alpha.md"]);
			expect(await paths({ tag: "projects" })).toEqual(["Plan.md"]);
		});

		it("never counts a tag inside fenced code", async () => {
			expect(await paths({ tag: "notatag" })).toEqual([]);
		});

		it("finds a property with any value, or with a value compared sensibly: any case, numbers as numbers, booleans, list items", async () => {
			expect(await paths({ property: { name: "status" } })).toEqual([
				"Projects/Alpha.md",
				"Projects/Beta.md",
				"Plan.md",
			]);
			expect(await paths({ property: { name: "Status", value: "done" } })).toEqual(["Projects/Beta.md", "Plan.md"]);
			expect(await paths({ property: { name: "priority", value: 2 } })).toEqual(["Projects/Alpha.md", "Plan.md"]);
			expect(await paths({ property: { name: "priority", value: "2" } })).toEqual(["Projects/Alpha.md", "Plan.md"]);
			expect(await paths({ property: { name: "done", value: false } })).toEqual(["Projects/Alpha.md"]);
			expect(await paths({ property: { name: "owners", value: "bob" } })).toEqual(["Projects/Alpha.md"]);
			const result = await find({ property: { name: "owners" } });
			expect(result.data?.notes).toMatchObject([
				{ path: "Projects/Alpha.md", property: { name: "owners", values: ["Ann", "Bob"] } },
			]);
			expect(result.message).toContain("owners: Ann, Bob");
		});

		it("takes a folder by whole path segments: Pro is not Projects", async () => {
			expect(await paths({ folder: "Projects" })).toEqual([
				"Projects/Alpha.md",
				"Projects/Beta.md",
				"Projects/Archive/Old.md",
			]);
			expect(await paths({ folder: "Pro" })).toEqual(["Pro/Intro.md"]);
			expect(await paths({ folder: "Projects/Archive/" })).toEqual(["Projects/Archive/Old.md"]);
		});

		it("filters by modification time: after is from that instant on, before is up to it, a date meaning its start", async () => {
			expect(await paths({ modifiedAfter: "2026-05-02" })).toEqual(["Projects/Alpha.md", "Projects/Beta.md"]);
			expect(await paths({ modifiedAfter: "2026-05-02T09:30" })).toEqual(["Projects/Alpha.md"]);
			expect(await paths({ modifiedBefore: "2026-03-01" })).toEqual(["Gamma.md", "Diagram.md"]);
			expect(await paths({ modifiedAfter: "2026-03-01", modifiedBefore: "2026-05-01" })).toEqual([
				"Projects/Archive/Old.md",
				"Pro/Intro.md",
			]);
		});

		it("finds the notes that link to a note, by path or by link text, through links, embeds, Markdown links and properties", async () => {
			expect(await paths({ linksTo: "Alpha" })).toEqual(["Projects/Beta.md", "Projects/Archive/Old.md"]);
			expect(await paths({ linksTo: "Projects/Alpha.md" })).toEqual(["Projects/Beta.md", "Projects/Archive/Old.md"]);
			expect(await paths({ linksTo: "[[Plan#Goals|the plan]]" })).toEqual(["Projects/Alpha.md", "Gamma.md"]);
			expect(await paths({ linksTo: "Diagram" })).toEqual(["Projects/Alpha.md"]);
			// Alpha's [[Gamma]] is in a code block.
			expect(await paths({ linksTo: "Gamma" })).toEqual(["Projects/Beta.md"]);
		});

		it("finds the notes a note links to", async () => {
			expect(await paths({ linkedFrom: "Projects/Alpha.md" })).toEqual(["Projects/Beta.md", "Plan.md", "Diagram.md"]);
			expect(await paths({ linkedFrom: "Beta" })).toEqual(["Projects/Alpha.md", "Gamma.md"]);
		});

		it("combines every filter with AND", async () => {
			expect(await paths({ folder: "Projects", tag: "project", modifiedAfter: "2026-05-01" })).toEqual([
				"Projects/Alpha.md",
				"Projects/Beta.md",
			]);
			expect(await paths({ tag: "project", linksTo: "Alpha", property: { name: "status", value: "done" } })).toEqual([
				"Projects/Beta.md",
			]);
			expect(await paths({ linkedFrom: "Alpha", property: { name: "status" } })).toEqual([
				"Projects/Beta.md",
				"Plan.md",
			]);
		});

		it("shows at most limit notes and says how many more there are", async () => {
			const result = await find({ tag: "project", limit: 2 });
			expect((result.data?.notes as unknown[]).length).toBe(2);
			expect(result.data?.total).toBe(4);
			expect(result.message).toContain("2 more not shown: narrow the filters, or raise limit (at most 200).");
		});

		it("never shows a note under the access floor, and counts it", async () => {
			for (const args of [{ tag: "project" }, { linksTo: "Plan" }, { property: { name: "status", value: "done" } }]) {
				const result = await find(args);
				expect(JSON.stringify(result)).not.toContain(PROTECTED);
				expect(result.data?.leftOut).toBe(1);
				expect(result.message).toContain("(1 file left out: hidden, in a protected folder, or not a note.");
			}
			expect((await find({ folder: PROTECTED })).status).toBe("rejected");
			expect((await find({ linkedFrom: `${PROTECTED}/log.md` })).status).not.toBe("success");
		});

		it("answers arguments it cannot use with an error that says why", async () => {
			const cases: [FindNotesArgs, string][] = [
				[{}, "Give at least one filter"],
				[{ limit: 5 }, "Give at least one filter"],
				[{ modifiedAfter: "yesterday" }, '"yesterday" is not a date'],
				[{ modifiedBefore: "2026-02-30" }, "is not a day of the calendar"],
				[
					{ modifiedAfter: "2026-05-02", modifiedBefore: "2026-05-01" },
					"modifiedAfter must come before modifiedBefore",
				],
				[{ folder: "Nowhere" }, 'No folder "Nowhere"'],
				[{ linksTo: "Nothing" }, 'linksTo: no note found for "Nothing"'],
				[{ tag: "#" }, "is not a tag"],
				[{ tag: "two words" }, "is not a tag"],
				[{ folder: "../x" }, ""],
			];
			for (const [args, message] of cases) {
				const result = await find(args);
				expect(result.status, JSON.stringify(args)).toBe("error");
				expect(result.message).toContain(message);
			}
		});
	});
}
