/**
 * findNotes benches (issue 31) on a generated vault of 10,000 notes in a real folder: frontmatter
 * tags and properties, body tags and links. The app's path in the sandbox: FolderVault +
 * TextNoteCatalog + the findNotes tool, as createRedline wires them when the host has no
 * metadata cache. Rows: the first query (the catalog built from the files), then query latency
 * by tag (the row), by property and by link, and a query right after a note changed.
 */
import { emptyState } from "../src/log/projection";
import { FolderVault } from "../src/sandbox/folder-vault";
import { TextNoteCatalog } from "../src/search/text-catalog";
import { createFindNotesTool, findNotesSchema, type FindNotesArgs } from "../src/tools/find-notes";
import type { ToolContext } from "../src/tools/tool";
import { AccessFloor } from "../src/vault/access-floor";
import { DEFAULT_CONFIG_DIR } from "../src/vault/paths";
import { createTempDir } from "../test/support/temp";
import type { BenchRow } from "./run";
import { measureBlocking } from "./support/loop-blocking";
import { mkdir, writeFile } from "../src/node/fs";
import { loadavg, cpus } from "../src/node/os";
import { join } from "../src/node/path";

const NOTES = 10_000;
const AREA = "findNotes";
const ROUNDS = 200;

/** Note i: in one of 20 folders, tagged in frontmatter and body, with a status and links to three others. */
function note(i: number): { path: string; text: string } {
	const link = (k: number): string => `[[note-${(i * 7 + k * 131) % NOTES}]]`;
	const text = [
		"---",
		`tags: [project/p${i % 50}, ${i % 3 === 0 ? "daily" : "reference"}]`,
		`status: ${["draft", "active", "done"][i % 3] ?? "draft"}`,
		`priority: ${i % 5}`,
		"---",
		`# Note ${i}`,
		"",
		`Some text about topic ${i % 97}, linking ${link(1)} and ${link(2)}. #area/a${i % 20}`,
		"",
		`- a list item with ${link(3)}`,
		"",
		"More prose to give the note a realistic size. ".repeat(12),
		"",
	].join("\n");
	return { path: `area-${i % 20}/note-${i}.md`, text };
}

function percentile(values: number[], p: number): number {
	const sorted = [...values].sort((a, b) => a - b);
	return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

async function timed(run: () => Promise<unknown>, rounds: number): Promise<number[]> {
	const times: number[] = [];
	for (let i = 0; i < rounds; i++) {
		const start = performance.now();
		await run();
		times.push(performance.now() - start);
	}
	return times;
}

export async function run(): Promise<BenchRow[]> {
	const rows: BenchRow[] = [
		{
			area: AREA,
			metric: "machine load average (1 min) / cores",
			value: `${loadavg()[0]?.toFixed(1) ?? "?"} / ${cpus().length}`,
			unit: "",
		},
	];
	const dir = await createTempDir("redline-bench-find-");
	try {
		const root = join(dir.path, "vault");
		for (let f = 0; f < 20; f++) await mkdir(join(root, `area-${f}`), { recursive: true });
		for (let i = 0; i < NOTES; i++) {
			const { path, text } = note(i);
			await writeFile(join(root, ...path.split("/")), text);
		}
		const vault = await FolderVault.open(root, { watch: false });
		const catalog = new TextNoteCatalog({ vault, protectedFolders: [DEFAULT_CONFIG_DIR] });
		const tool = createFindNotesTool({ catalog });
		const ctx: ToolContext = {
			threadId: "bench",
			callId: "c",
			vault,
			floor: new AccessFloor([DEFAULT_CONFIG_DIR]),
			state: () => emptyState("bench"),
			emit: () => undefined,
			progress: () => undefined,
			signal: new AbortController().signal,
			newId: (prefix) => `${prefix}_1`,
			commit: (write) => write(),
		};
		const find = async (args: FindNotesArgs): Promise<void> => {
			const result = await tool.run(findNotesSchema.parse(args), ctx);
			if ("status" in result && result.status !== "success") throw new Error(`findNotes failed: ${result.message}`);
		};

		const first = await measureBlocking(() => find({ tag: "project/p7" }));
		rows.push({
			area: AREA,
			metric: `first query: the catalog built from ${NOTES.toLocaleString("en-US")} files`,
			value: first.ms,
			unit: "ms",
			target: "report",
		});
		rows.push({ area: AREA, metric: "first query: longest synchronous slice", value: first.blockedMs, unit: "ms" });

		const tags = [...Array(20).keys()].map((k) => (k % 4 === 0 ? "project" : `project/p${k * 3}`));
		let t = 0;
		const byTag = await timed(() => find({ tag: tags[t++ % tags.length] ?? "project" }), ROUNDS);
		rows.push({
			area: AREA,
			metric: `by tag, p95 of ${ROUNDS} (nested: "project" matches all ${NOTES.toLocaleString("en-US")}; "project/pN" 200)`,
			value: percentile(byTag, 95),
			unit: "ms",
			target: "≤ 20 ms",
		});
		rows.push({ area: AREA, metric: "by tag, median", value: percentile(byTag, 50), unit: "ms" });
		const byProperty = await timed(() => find({ property: { name: "status", value: "done" } }), 50);
		rows.push({
			area: AREA,
			metric: "by property with a value, p95 of 50",
			value: percentile(byProperty, 95),
			unit: "ms",
		});
		let l = 0;
		const byLink = await timed(() => find({ linksTo: `note-${(l++ * 37) % NOTES}` }), 50);
		rows.push({ area: AREA, metric: "by linksTo, p95 of 50", value: percentile(byLink, 95), unit: "ms" });

		const afterChange: number[] = [];
		for (let i = 0; i < 20; i++) {
			await vault.process(note(i * 487).path, (text) => `${text}\n#edited${i}\n`);
			const start = performance.now();
			await find({ tag: `edited${i}` });
			afterChange.push(performance.now() - start);
		}
		rows.push({
			area: AREA,
			metric: "by tag right after one note changed (median of 20)",
			value: percentile(afterChange, 50),
			unit: "ms",
			target: "≤ 20 ms",
		});
		catalog.dispose();
		vault.close();
	} finally {
		await dir.remove();
	}
	return rows;
}
