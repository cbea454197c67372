/**
 * Runs every bench/*.bench.ts (or only those whose name contains the first argument) and prints
 * one markdown table. Each bench exports `run(): Promise<BenchRow[]>` (named or default).
 * Usage: npm run bench [-- <filter>]
 */

import { readdir } from "../src/node/fs";
import { fileURLToPath, pathToFileURL, join } from "../src/node/path";
import { process } from "../src/node/process";

export interface BenchRow {
	area: string;
	metric: string;
	value: number | string;
	unit: string;
	target?: string;
}

type BenchModule = { run?: () => Promise<BenchRow[]>; default?: unknown };

function runnerOf(mod: BenchModule): (() => Promise<BenchRow[]>) | null {
	if (typeof mod.run === "function") return mod.run;
	if (typeof mod.default === "function") return mod.default as () => Promise<BenchRow[]>;
	const inner = mod.default as BenchModule | undefined;
	if (inner && typeof inner.run === "function") return inner.run;
	return null;
}

function format(value: number | string): string {
	if (typeof value === "string") return value;
	if (!Number.isFinite(value)) return String(value);
	const abs = Math.abs(value);
	return abs >= 100 ? value.toFixed(0) : abs >= 1 ? value.toFixed(2) : value.toPrecision(3);
}

/** One markdown table; pipes inside cells are escaped. */
export function toMarkdown(rows: readonly BenchRow[]): string {
	const cell = (text: string) => text.replace(/\|/g, "\\|");
	const lines = ["| area | metric | value | unit | target |", "| --- | --- | ---: | --- | --- |"];
	for (const row of rows) {
		lines.push(`| ${[row.area, row.metric, format(row.value), row.unit, row.target ?? ""].map(cell).join(" | ")} |`);
	}
	return lines.join("\n");
}

async function main(): Promise<void> {
	const filter = process.argv[2] ?? "";
	const dir = fileURLToPath(new URL(".", import.meta.url));
	const files = (await readdir(dir)).filter((f) => f.endsWith(".bench.ts") && f.includes(filter)).sort();
	if (files.length === 0) {
		console.error(`No bench/*.bench.ts matches ${JSON.stringify(filter)}`);
		process.exitCode = 1;
		return;
	}
	const rows: BenchRow[] = [];
	let failed = 0;
	for (const file of files) {
		console.error(`[bench] ${file}…`);
		try {
			// eslint-disable-next-line no-unsanitized/method -- the path is a bench file listed from this folder
			const run = runnerOf((await import(pathToFileURL(join(dir, file)).href)) as BenchModule);
			if (!run) throw new Error("exports no run(): Promise<BenchRow[]>");
			rows.push(...(await run()));
		} catch (error) {
			failed++;
			console.error(`[bench] ${file} failed:`, error);
			rows.push({
				area: file,
				metric: "failed",
				value: error instanceof Error ? error.message : String(error),
				unit: "",
			});
		}
	}
	process.stdout.write(toMarkdown(rows) + "\n");
	if (failed > 0) process.exitCode = 1;
}

// Run only as a script, so toMarkdown can be imported without running every bench.
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main();
