/** Vault throughput: FolderVault writes, and search over the shared corpus when present. */
import { cp, mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { FolderVault } from "../src/sandbox/folder-vault";
import { MemoryVault } from "../src/vault/memory-vault";
import { corpusDir } from "../test/support/corpus";
import { createTempDir } from "../test/support/temp";
import type { BenchRow } from "./run";

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
		rows.push({ area: "vault", metric: "FolderVault process() (3 KB note, temp + rename)", value: writes.perSecond, unit: "ops/s" });

		const source = corpusDir();
		if (!source) {
			rows.push({ area: "vault", metric: "search over corpus", value: "skipped: ../shared/corpus absent", unit: "" });
			return rows;
		}
		const copy = join(dir.path, "corpus");
		await cp(source, copy, { recursive: true });
		const corpus = await FolderVault.open(copy, { watch: false });
		const notes = await corpus.list();
		rows.push({ area: "vault", metric: "corpus notes", value: notes.length, unit: "notes" });
		const folderSearch = await rate(() => corpus.search("the", 50));
		rows.push({ area: "vault", metric: "FolderVault search (corpus, limit 50)", value: folderSearch.meanMs, unit: "ms", target: "< 100 ms" });
		const initial: Record<string, string> = {};
		for (const note of notes) initial[note.path] = await corpus.read(note.path);
		const memory = new MemoryVault("corpus", initial);
		const memorySearch = await rate(() => memory.search("zzz-no-match", 50));
		rows.push({ area: "vault", metric: "MemoryVault search, no match (whole corpus)", value: memorySearch.meanMs, unit: "ms" });
		const list = await rate(() => corpus.list());
		rows.push({ area: "vault", metric: "FolderVault list (corpus)", value: list.meanMs, unit: "ms" });
		return rows;
	} finally {
		await dir.remove();
	}
}
