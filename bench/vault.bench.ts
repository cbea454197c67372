/** Vault throughput: FolderVault writes, and listing the shared corpus when present (search: search.bench.ts). */
import { FolderVault } from "../src/sandbox/folder-vault";
import { corpusDir } from "../test/support/corpus";
import { createTempDir } from "../test/support/temp";
import type { BenchRow } from "./run";
import { cp, mkdir, writeFile } from "../src/node/fs";
import { join } from "../src/node/path";

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
