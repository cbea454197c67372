/**
 * Start-up with a note open (issue 18): main.js as Obsidian loads it, in the Obsidian fake, each
 * round in a fresh Node process (bench/support/startup-child.ts), so V8 has compiled nothing yet.
 *
 * - What the plugin adds to an Obsidian start that restores a note (file-open, active-leaf-change,
 *   onLayoutReady), after its onload (onload itself: bundle.bench.ts's cold load rows): the same
 *   start with the plugin minus without it. The core must not be built by then.
 * - The first pane open, core build included: from the "Open chat" command until the pane has
 *   rendered and the core (LangChain, zod, the OpenAI client, the thread index) is built.
 * REDLINE_BENCH_ROUNDS sets the rounds (default 15).
 */
import { buildBundle } from "../test/obsidian/support/bundle";
import { inFreshProcess, median } from "./support/cold-load";
import type { StartupRun } from "./support/startup-child";
import type { BenchRow } from "./run";
import { process } from "../src/node/process";

const ROUNDS = Number(process.env.REDLINE_BENCH_ROUNDS ?? 15);
const AREA = "start-up";

export async function run(): Promise<BenchRow[]> {
	const { file } = await buildBundle();
	const runs: StartupRun[] = [];
	for (let round = 0; round < ROUNDS; round++)
		runs.push(await inFreshProcess<StartupRun>("bench/support/startup-child.ts", [file]));
	const ms = (values: number[]): number => Number(median(values).toFixed(2));
	const built = runs.filter((r) => r.coreBuiltAtStart).length;
	const each = `median of ${ROUNDS} fresh processes`;
	return [
		{
			area: AREA,
			metric: `Obsidian start with a note open: extra work before the pane opens (CPU, with the plugin - without, after onload), ${each}`,
			value: ms(runs.map((r) => r.startWith.cpu - r.startWithout.cpu)),
			unit: "ms",
			target: "≤ 5",
		},
		{
			area: AREA,
			metric: "the same, wall-clock (counts the machine's other processes)",
			value: ms(runs.map((r) => r.startWith.wall - r.startWithout.wall)),
			unit: "ms",
		},
		{
			area: AREA,
			metric: "that start without the plugin (the fake's own work, CPU)",
			value: ms(runs.map((r) => r.startWithout.cpu)),
			unit: "ms",
		},
		{
			area: AREA,
			metric: "core built during that start",
			value: built === 0 ? "no" : `yes, in ${built} of ${ROUNDS}`,
			unit: "",
			target: "no",
		},
		{
			area: AREA,
			metric: `first pane open, core build included (command to rendered pane and built core, wall-clock), ${each}`,
			value: ms(runs.map((r) => r.firstPaneOpen.wall)),
			unit: "ms",
			target: "report",
		},
		{ area: AREA, metric: "first pane open, CPU", value: ms(runs.map((r) => r.firstPaneOpen.cpu)), unit: "ms" },
	];
}
