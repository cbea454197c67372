/**
 * Incremental equals rebuilt: after any sequence of creates, modifies, renames and deletes, the
 * index kept up to date from vault events answers every query exactly like a fresh build.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { NoteIndex } from "../../src/search/note-index";
import { MemoryStore } from "../../src/store/memory-store";
import { MemoryVault } from "../../src/vault/memory-vault";
import { quickPacer } from "./support";

const PATHS = ["a.md", "b.md", "F/c.md", "F/d.md", "G/Garden.md"];
const WORDS = [
	"apple",
	"banana",
	"cherry",
	"garden",
	"greenhouse",
	"budget",
	"café",
	"plan",
	"#project",
	"#garden/herbs",
];
const QUERIES = ["apple", "garden budget", '"greenhouse budget"', "gard", "banan", "cafe plan", "cherri", "herbs"];

const text = fc
	.tuple(fc.array(fc.constantFrom(...WORDS), { maxLength: 12 }), fc.boolean(), fc.option(fc.constantFrom(...WORDS)))
	.map(
		([words, heading, alias]) =>
			`${alias ? `---\naliases: [${alias}]\n---\n` : ""}${heading ? `# ${words[0] ?? "Title"}\n` : ""}${words.join(" ")}\n`,
	);

type Op =
	| { kind: "write"; path: string; text: string }
	| { kind: "rename"; from: string; to: string }
	| { kind: "delete"; path: string };

const op: fc.Arbitrary<Op> = fc.oneof(
	fc.record({ kind: fc.constant("write" as const), path: fc.constantFrom(...PATHS), text }),
	fc.record({ kind: fc.constant("rename" as const), from: fc.constantFrom(...PATHS), to: fc.constantFrom(...PATHS) }),
	fc.record({ kind: fc.constant("delete" as const), path: fc.constantFrom(...PATHS) }),
);

async function apply(vault: MemoryVault, step: Op): Promise<void> {
	if (step.kind === "write") {
		if (await vault.exists(step.path)) await vault.process(step.path, () => step.text);
		else await vault.create(step.path, step.text);
	} else if (step.kind === "rename") {
		if ((await vault.exists(step.from)) && !(await vault.exists(step.to))) await vault.rename(step.from, step.to);
	} else if (await vault.exists(step.path)) {
		await vault.trash(step.path);
	}
}

async function answers(index: NoteIndex): Promise<unknown[]> {
	const all = [];
	for (const query of QUERIES) all.push({ query, page: (await index.search({ query, limit: 10 })).hits });
	return all;
}

describe("the note index, kept up to date incrementally", () => {
	it("answers like a fresh build after every step of random creates, modifies, renames and deletes", async () => {
		await fc.assert(
			fc.asyncProperty(
				fc.dictionary(fc.constantFrom(...PATHS), text),
				fc.array(op, { minLength: 1, maxLength: 12 }),
				async (initial, steps) => {
					const vault = new MemoryVault("Property", initial);
					const live = new NoteIndex({ vault, store: new MemoryStore(), protectedFolders: [], pacer: quickPacer });
					await live.idle();
					try {
						for (const step of steps) {
							await apply(vault, step);
							const fresh = new NoteIndex({ vault, store: new MemoryStore(), protectedFolders: [], pacer: quickPacer });
							expect(await answers(live)).toEqual(await answers(fresh));
							expect(live.status()).toMatchObject({
								indexed: fresh.status().indexed,
								total: fresh.status().total,
								phase: "ready",
							});
							await fresh.dispose();
						}
					} finally {
						await live.dispose();
					}
				},
			),
			{ numRuns: 60 },
		);
	});
});
