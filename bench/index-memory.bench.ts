/**
 * The search index's memory and pauses on big generated vaults (issue 32): heap after GC, peak
 * while building, the saved index's size, the longest event-loop block while building, saving and
 * loading, and a warm start to the first complete search. Each measurement runs in a fresh
 * process (support/index-memory-child.ts) on a vault from support/big-vault.ts, and each row
 * prints its 1k-note twin, measured in the same run, beside it.
 *
 * 10k notes run by default; 50k only with REDLINE_BENCH_50K=1 (about two minutes of a shared
 * 2-core machine; figures measured once are in docs/development.md).
 */
import { execFile } from "../src/node/child-process";
import { join, dirname, fileURLToPath, resolve } from "../src/node/path";
import { process } from "../src/node/process";
import { createTempDir } from "../test/support/temp";
import { writeBigVault } from "./support/big-vault";
import type { BenchRow } from "./run";

const AREA = "index memory";
const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");

type Measured = Record<string, number | string>;

async function child(mode: "build" | "warm", vault: string, data: string): Promise<Measured> {
	const { stdout } = await execFile(
		process.execPath,
		["--expose-gc", "--import", "tsx", join(root, "bench/support/index-memory-child.ts"), mode, vault, data],
		{ cwd: root, maxBuffer: 1 << 20 },
	);
	return JSON.parse(stdout.trim().split("\n").at(-1) ?? "") as Measured;
}

interface SizeRun {
	notes: number;
	textMB: number;
	build: Measured;
	warm: Measured;
}

async function measure(notes: number): Promise<SizeRun> {
	const dir = await createTempDir("redline-bench-index-memory-");
	try {
		const vault = join(dir.path, "vault");
		const data = join(dir.path, "data");
		const bytes = await writeBigVault(vault, notes);
		const build = await child("build", vault, data);
		const warm = await child("warm", vault, data);
		return { notes, textMB: bytes / 1e6, build, warm };
	} finally {
		await dir.remove();
	}
}

const n = (value: number | string | undefined): number => (typeof value === "number" ? value : NaN);
const fixed = (value: number | string | undefined, digits = 1): string => n(value).toFixed(digits);

function rowsOf(big: SizeRun, twin: SizeRun, targets: { heap: string; block?: string; warm?: string }): BenchRow[] {
	const label = `${big.notes.toLocaleString("en-US")} notes (1k twin)`;
	const pair = (key: string, from: "build" | "warm", digits = 1): string =>
		`${fixed(big[from][key], digits)} (${fixed(twin[from][key], digits)})`;
	const ratio = (s: SizeRun): number => n(s.build.peakLiveMB) / n(s.build.heapMB);
	return [
		{
			area: AREA,
			metric: `vault text, ${label}`,
			value: `${big.textMB.toFixed(1)} (${twin.textMB.toFixed(1)})`,
			unit: "MB",
		},
		{
			area: AREA,
			metric: `heap + array buffers after GC, ${label}`,
			value: pair("heapMB", "build"),
			unit: "MB",
			target: targets.heap,
		},
		{
			area: AREA,
			metric: `peak live memory while building (full GC every 500 ms) / steady, ${label}`,
			value: `${ratio(big).toFixed(2)} (${ratio(twin).toFixed(2)}); live ${pair("peakLiveMB", "build", 0)} MB, heap with garbage ${pair("peakMB", "build", 0)} MB, RSS ${pair("peakRssMB", "build", 0)} MB`,
			unit: "×",
			target: "≤ 1.3",
		},
		{ area: AREA, metric: `index files, ${label}`, value: pair("fileMB", "build"), unit: "MB" },
		{ area: AREA, metric: `build, ${label}`, value: pair("buildMs", "build", 0), unit: "ms" },
		{
			area: AREA,
			metric: `longest event-loop block: build / save / load, ${label} (main thread's CPU; wall; process CPU)`,
			value:
				`${pair("buildBlockedMainMs", "build", 0)} / ${pair("saveBlockedMainMs", "build", 0)} / ${pair("loadBlockedMainMs", "warm", 0)}; ` +
				`${pair("buildBlockedMs", "build", 0)} / ${pair("saveBlockedMs", "build", 0)} / ${pair("loadBlockedMs", "warm", 0)}; ` +
				`${pair("buildBlockedCpuMs", "build", 0)} / ${pair("saveBlockedCpuMs", "build", 0)} / ${pair("loadBlockedCpuMs", "warm", 0)}`,
			unit: "ms",
			target: targets.block ?? "≤ 50 ms",
		},
		{
			area: AREA,
			metric: `longest slice the index ran between yields: build+save / load, ${label}`,
			value: `${pair("sliceMs", "build", 0)} / ${pair("sliceMs", "warm", 0)}`,
			unit: "ms",
			target: "≤ 50 ms",
		},
		{
			area: AREA,
			metric: `warm start → first answer / index complete (its status), ${label} (${String(big.warm.loadedAs)})`,
			value: `${pair("firstAnswerMs", "warm", 0)} / ${pair("completeMs", "warm", 0)}`,
			unit: "ms",
			target: targets.warm ?? "report",
		},
		{
			area: AREA,
			metric: `warm start → index complete, main thread's CPU (what an idle machine would take, about), ${label}`,
			value: pair("loadMainMs", "warm", 0),
			unit: "ms",
			target: targets.warm ?? "report",
		},
		{
			area: AREA,
			metric: `then one search for "the" on the complete index, ${label} (wall; main thread's CPU in all; its longest block)`,
			value: `${pair("completeSearchMs", "warm", 0)}; ${pair("completeSearchCpuMs", "warm", 0)}; ${pair("completeSearchMainMs", "warm", 0)}`,
			unit: "ms",
			target: "report",
		},
	];
}

export async function run(): Promise<BenchRow[]> {
	const twin = await measure(1_000);
	const rows = rowsOf(await measure(10_000), twin, { heap: "≤ 60 MB" });
	if (process.env.REDLINE_BENCH_50K === "1")
		rows.push(...rowsOf(await measure(50_000), twin, { heap: "≤ 250 MB", warm: "≤ 2000 ms" }));
	else
		rows.push({
			area: AREA,
			metric: "50,000 notes",
			value: "skipped (REDLINE_BENCH_50K=1 runs it; last figures in docs/development.md)",
			unit: "",
		});
	return rows;
}
