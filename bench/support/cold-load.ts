/**
 * Cold loads of main.js files, each in a fresh Node process (bench/support/cold-load-child.ts),
 * as at every Obsidian start: V8 has compiled nothing of the file yet. Rounds are interleaved
 * (the order flips every round), so the machine's load affects every file alike.
 */
import { execFile as run } from "../../src/node/child-process";
import * as path from "../../src/node/path";
import { process } from "../../src/node/process";

const root = path.resolve(path.dirname(path.fileURLToPath(import.meta.url)), "../..");

export interface ColdLoad {
	read: number;
	evaluate: number;
	onload: number;
}

export const total = (load: ColdLoad): number => load.read + load.evaluate + load.onload;

/** Runs a bench child script (bench/support/*-child.ts) in a fresh Node process; its last line of output is JSON. */
export async function inFreshProcess<T>(script: string, args: readonly string[]): Promise<T> {
	const { stdout } = await run(process.execPath, ["--import", "tsx", path.join(root, script), ...args], {
		cwd: root,
		maxBuffer: 1 << 20,
	});
	return JSON.parse(stdout.trim().split("\n").at(-1) ?? "") as T;
}

const coldLoad = (file: string): Promise<ColdLoad> =>
	inFreshProcess<ColdLoad>("bench/support/cold-load-child.ts", [file]);

/** `rounds` cold loads of each file, one process at a time. */
export async function coldLoads(files: readonly string[], rounds: number): Promise<ColdLoad[][]> {
	const loads: ColdLoad[][] = files.map(() => []);
	for (let round = 0; round < rounds; round++) {
		const order = files.map((_, i) => i);
		if (round % 2 === 1) order.reverse();
		for (const i of order) loads[i].push(await coldLoad(files[i]));
	}
	return loads;
}

export function median(values: readonly number[]): number {
	const sorted = [...values].sort((a, b) => a - b);
	const middle = Math.floor(sorted.length / 2);
	return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}
