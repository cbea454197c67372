/**
 * One measurement of the search index's memory and pauses, alone in a fresh Node process so the
 * heap holds nothing of other rows (bench/index-memory.bench.ts runs it). The index is built as
 * the sandbox builds it: FolderVault + FolderStore + NoteIndex.
 *
 * Usage: node --import tsx bench/support/index-memory-child.ts build|warm <vault> <data>
 * - build: the first build from files and its save: heap after GC, peak heap while building
 *   (sampled between slices), the index files' size, the longest event-loop block of each.
 * - warm: a restart over the saved index: the first answer of any kind, the time until the
 *   index's status says every note is in, the longest block meanwhile, then one search on it.
 * Prints one JSON line.
 */
import { FolderStore } from "../../src/sandbox/folder-store";
import { FolderVault } from "../../src/sandbox/folder-vault";
import { NoteIndex } from "../../src/search/note-index";
import { DEFAULT_CONFIG_DIR } from "../../src/vault/paths";
import { garbageCollector } from "../../src/node/diagnostics";
import { readdir, stat } from "../../src/node/fs";
import { join } from "../../src/node/path";
import { process } from "../../src/node/process";
import { clearInterval, setInterval } from "../../src/node/timers";
import { excludeFromBlocks, measureBlocking } from "./loop-blocking";

const [mode = "", vaultDir = "", dataDir = ""] = process.argv.slice(2);
const collect = garbageCollector();

/** Total size of the files under dir (the saved index, in one file or in chunks). */
async function sizeOf(dir: string): Promise<number> {
	let bytes = 0;
	for (const entry of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
		const child = join(dir, entry.name);
		bytes += entry.isDirectory() ? await sizeOf(child) : (await stat(child)).size;
	}
	return bytes;
}

/** What the index holds: the JS heap and the typed arrays' contents (outside heapUsed). */
function used(): number {
	const usage = process.memoryUsage();
	return usage.heapUsed + usage.arrayBuffers;
}

/**
 * Samples memory while work runs, between the index's slices: every 2 ms as it is (garbage not
 * collected yet included: what V8 lets the heap grow to), and every 500 ms after a full GC (what
 * is live then: the index and the build's working set).
 */
async function withPeak<T>(work: () => Promise<T>): Promise<{ result: T; heap: number; live: number; rss: number }> {
	let heap = 0;
	let live = 0;
	let rss = 0;
	let collectedAt = performance.now();
	const sample = (): void => {
		heap = Math.max(heap, used());
		rss = Math.max(rss, process.memoryUsage().rss);
		if (performance.now() - collectedAt >= 500) {
			// The forced GC is the bench's, not the index's: not counted in the blocks measured.
			excludeFromBlocks(collect);
			live = Math.max(live, used());
			collectedAt = performance.now();
		}
	};
	const timer = setInterval(sample, 2);
	try {
		const result = await work();
		sample();
		return { result, heap, live, rss };
	} finally {
		clearInterval(timer);
	}
}

const MB = 1e6;

async function main(): Promise<Record<string, number | string>> {
	const vault = await FolderVault.open(vaultDir, { watch: false });
	const store = new FolderStore(dataDir);
	collect();
	const base = used();
	const index = new NoteIndex({ vault, store, protectedFolders: [DEFAULT_CONFIG_DIR], saveDelayMs: 0 });
	if (mode === "build") {
		const built = await withPeak(() =>
			measureBlocking(async () => {
				await index.start();
				await index.idle();
			}),
		);
		const saved = await measureBlocking(() => index.dispose());
		collect();
		const heap = used() - base;
		const status = index.status();
		return {
			notes: status.indexed,
			heapMB: heap / MB,
			peakMB: (built.heap - base) / MB,
			peakLiveMB: (built.live - base) / MB,
			peakRssMB: built.rss / MB,
			fileMB: (await sizeOf(join(dataDir, "search"))) / MB,
			buildMs: built.result.ms,
			buildBlockedMs: built.result.blockedMs,
			buildBlockedCpuMs: built.result.blockedCpuMs,
			buildBlockedMainMs: built.result.blockedMainMs,
			saveMs: saved.ms,
			saveBlockedMs: saved.blockedMs,
			saveBlockedCpuMs: saved.blockedCpuMs,
			saveBlockedMainMs: saved.blockedMainMs,
			sliceMs: index.longestSliceMs,
			truncated: status.truncated,
		};
	}
	// warm: the first answer, then the index's own status saying every note is in, then a search
	// on it. The status is watched rather than searched for every 20 ms: at 50k notes a search
	// for "the" (a prefix of hundreds of terms over every note) costs most of a second of CPU, so
	// polling by search measured the searches, not the load. The complete search is timed apart.
	let firstAnswerMs = NaN;
	const start = performance.now();
	const loaded = await measureBlocking(async () => {
		await index.search({ query: "the", limit: 10 });
		firstAnswerMs = performance.now() - start;
		await new Promise<void>((resolve) => {
			const stop = index.watch((s) => {
				if (s.phase === "ready" && s.indexed === s.total) {
					queueMicrotask(() => stop());
					resolve();
				}
			});
		});
		return performance.now() - start;
	});
	const searched = await measureBlocking(async () => {
		const page = await index.search({ query: "the", limit: 10 });
		const s = page.status;
		if (!(s.phase === "ready" && s.indexed === s.total)) throw new Error("the index said complete, the search did not");
		return page.hits.length;
	});
	const loadedAs = index.loadedAs;
	const reread = index.status().done;
	await index.dispose();
	collect();
	return {
		loadedAs,
		reread,
		firstAnswerMs,
		completeMs: loaded.result,
		completeSearchMs: searched.ms,
		completeSearchMainMs: searched.blockedMainMs,
		completeSearchCpuMs: searched.mainMs,
		loadMainMs: loaded.mainMs,
		loadBlockedMs: loaded.blockedMs,
		loadBlockedCpuMs: loaded.blockedCpuMs,
		loadBlockedMainMs: loaded.blockedMainMs,
		sliceMs: index.longestSliceMs,
	};
}

main().then(
	(result) => {
		process.stdout.write(`${JSON.stringify(result)}\n`);
		process.exit(0);
	},
	(error: unknown) => {
		console.error(error);
		process.exit(1);
	},
);
