/**
 * Vault throughput: FolderVault writes, listing the shared corpus when present (search:
 * search.bench.ts), and ObsidianVault's listing of a 50,000-note vault (Obsidian's fake), in a
 * process of its own: its longest event-loop block (issue 32: ≤ 50 ms during the index's load).
 */
import { FolderVault } from "../src/sandbox/folder-vault";
import { corpusDir } from "../test/support/corpus";
import { createTempDir } from "../test/support/temp";
import type { BenchRow } from "./run";
import { cp, mkdir, writeFile } from "../src/node/fs";
import { execFile } from "../src/node/child-process";
import { fileURLToPath, join } from "../src/node/path";
import { process } from "../src/node/process";

const root = fileURLToPath(new URL("..", import.meta.url));

/** ObsidianVault.list over `notes` notes of the fake, measured in a child (bench/support/obsidian-list-child.ts). */
async function obsidianListing(notes: number): Promise<{ ms: number; blockedMs: number; blockedMainMs: number }> {
	const { stdout } = await execFile(
		process.execPath,
		["--import", "tsx", join(root, "bench/support/obsidian-list-child.ts"), String(notes)],
		{
			cwd: root,
			maxBuffer: 1 << 20,
			env: { ...process.env, TSX_TSCONFIG_PATH: join(root, "bench/tsconfig.obsidian-fake.json") },
		},
	);
	return JSON.parse(stdout.trim().split("\n").at(-1) ?? "") as { ms: number; blockedMs: number; blockedMainMs: number };
}

/** Calls fn repeatedly for at least minMs and returns calls per second. */
async function rate(fn: () => Promise<unknown>, minMs = 500): Promise<{ perSecond: number; meanMs: number }> {
	let count = 0;
	const start = performance.now();
	while (performance.now() - start < minMs) {
		await fn();
		count++;
	}
	const elapsed = performance.now() - start;
	return { perSecond: (count / elapsed) * 1000, meanMs: elapsed / count };
}

export async function run(): Promise<BenchRow[]> {
	const rows: BenchRow[] = [];
	const dir = await createTempDir("redline-bench-");
	try {
		await mkdir(join(dir.path, "vault"));
		await writeFile(join(dir.path, "vault", "note.md"), "# Note\n" + "A line of text.\n".repeat(200));
		const vault = await FolderVault.open(join(dir.path, "vault"), { watch: false });
		let n = 0;
		const writes = await rate(() => vault.process("note.md", (t) => t.replace(/^# Note.*$/m, `# Note ${n++}`)));
		rows.push({
			area: "vault",
			metric: "FolderVault process() (3 KB note, temp + rename)",
			value: writes.perSecond,
			unit: "ops/s",
		});

		const listing = await obsidianListing(50_000);
		rows.push({
			area: "vault",
			metric:
				"ObsidianVault list, 50,000 notes (Obsidian's fake): longest block, main thread's CPU (wall); whole listing",
			value: `${listing.blockedMainMs.toFixed(1)} (${listing.blockedMs.toFixed(1)}); ${listing.ms.toFixed(0)}`,
			unit: "ms",
			target: "≤ 50 ms",
		});

		const source = corpusDir();
		if (!source) {
			rows.push({ area: "vault", metric: "list the corpus", value: "skipped: ../shared/corpus absent", unit: "" });
			return rows;
		}
		const copy = join(dir.path, "corpus");
		await cp(source, copy, { recursive: true });
		const corpus = await FolderVault.open(copy, { watch: false });
		const notes = await corpus.list();
		rows.push({ area: "vault", metric: "corpus notes", value: notes.length, unit: "notes" });
		const list = await rate(() => corpus.list());
		rows.push({ area: "vault", metric: "FolderVault list (corpus)", value: list.meanMs, unit: "ms" });
		return rows;
	} finally {
		await dir.remove();
	}
}
