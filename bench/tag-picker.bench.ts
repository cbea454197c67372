/**
 * The composer's `#` picker (issue 33) on a vault of 10,000 notes, each with frontmatter and body
 * tags (nested ones among them), on the sandbox's path: MemoryVault + TextNoteCatalog behind
 * v1.context.tags (chipTags). Rows: the first ask (the catalog built, every tag counted), a
 * keystroke while nothing changed (the counts kept; p95 of 200, target ≤ 5 ms), and the ask right
 * after a note changed (counted again). The Obsidian host counts the same way from its
 * metadataCache (src/obsidian/vault-tags.ts), also once until a note changes.
 */
import { loadavg, cpus } from "../src/node/os";
import { TextNoteCatalog } from "../src/search/text-catalog";
import { chipTags, type ChipDeps } from "../src/thread/context-chips";
import { AccessFloor } from "../src/vault/access-floor";
import { MemoryVault } from "../src/vault/memory-vault";
import type { BenchRow } from "./run";

const NOTES = 10_000;
const AREA = "# picker";
const ROUNDS = 200;
const QUERIES = ["", "p", "pr", "pro", "proj", "project/p1", "area", "a1", "da"];

function percentile(values: number[], p: number): number {
	const sorted = [...values].sort((a, b) => a - b);
	return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

async function timed(run: () => Promise<unknown>): Promise<number> {
	const start = performance.now();
	await run();
	return performance.now() - start;
}

export async function run(): Promise<BenchRow[]> {
	const notes: Record<string, string> = {};
	for (let i = 0; i < NOTES; i++)
		notes[`area-${i % 20}/note-${i}.md`] =
			`---\ntags: [project/p${i % 50}, ${i % 3 === 0 ? "daily" : "reference"}]\n---\n# Note ${i}\nText. #area/a${i % 20}\n`;
	const vault = new MemoryVault("Bench vault", notes);
	const catalog = new TextNoteCatalog({ vault, protectedFolders: [] });
	const deps: ChipDeps = { vault, catalog, floor: new AccessFloor([]) };
	try {
		const first = await timed(() => chipTags(deps, "", 20));
		const keystrokes: number[] = [];
		for (let i = 0; i < ROUNDS; i++)
			keystrokes.push(await timed(() => chipTags(deps, QUERIES[i % QUERIES.length], 20)));
		const changed: number[] = [];
		for (let i = 0; i < 5; i++) {
			await vault.process("area-0/note-0.md", (text) => `${text}\n#fresh${i}`);
			changed.push(await timed(() => chipTags(deps, "fre", 20)));
		}
		return [
			{
				area: AREA,
				metric: "machine load average (1 min) / cores",
				value: `${loadavg()[0]?.toFixed(1) ?? "?"} / ${cpus().length}`,
				unit: "",
			},
			{
				area: AREA,
				metric: `first ask, ${NOTES.toLocaleString("en")} notes (catalog built, tags counted)`,
				value: Math.round(first),
				unit: "ms",
			},
			{
				area: AREA,
				metric: "a keystroke, nothing changed (p95 of 200)",
				value: Number(percentile(keystrokes, 95).toFixed(2)),
				unit: "ms",
				target: "≤ 5",
			},
			{
				area: AREA,
				metric: "the ask after a note changed (median of 5)",
				value: Number(percentile(changed, 50).toFixed(1)),
				unit: "ms",
			},
		];
	} finally {
		catalog.dispose();
	}
}
