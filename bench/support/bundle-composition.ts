/**
 * Where main.js's bytes come from: esbuild's metafile of the production build, summed by package
 * (our own code by folder of src/, zod 3 apart from zod 4, the stand-ins apart from what they
 * replace). bench/bundle.bench.ts prints it beside the same table for the main.js saved in
 * bench/baseline/; run this file to see it, with the largest modules:
 *   npx tsx bench/support/bundle-composition.ts [modules to list, default 40]
 * Both build without the budget plugin: they must answer most when main.js is over its budget.
 */
import esbuild, { type Metafile } from "esbuild";
import { maxBytes } from "../../build/index.mjs";
import { buildOptions } from "../../esbuild.config.mjs";
import { mkdtemp, stat } from "../../src/node/fs";
import { tmpdir } from "../../src/node/os";
import * as path from "../../src/node/path";
import { process } from "../../src/node/process";

export interface BuiltBundle {
	file: string;
	bytes: number;
	/** Bytes of main.js per input file (esbuild's bytesInOutput; inputs shaken to nothing left out). */
	inputs: Map<string, number>;
}

/**
 * The production main.js with its metafile. `budget: false` builds it past its budget too (what
 * measures it); otherwise, as `npm run build`, a main.js over budget fails the build.
 */
export async function buildWithMetafile({ budget = true }: { budget?: boolean } = {}): Promise<BuiltBundle> {
	const dir = await mkdtemp(path.join(tmpdir(), "redline-bundle-"));
	const file = path.join(dir, "main.js");
	const result = await esbuild.build({
		...buildOptions({ production: true, outfile: file, budget }),
		metafile: true,
		logLevel: "silent",
	});
	return { file, bytes: (await stat(file)).size, inputs: outputInputs(result.metafile) };
}

function outputInputs(metafile: Metafile): Map<string, number> {
	const inputs = new Map<string, number>();
	for (const output of Object.values(metafile.outputs)) {
		for (const [input, { bytesInOutput }] of Object.entries(output.inputs))
			if (bytesInOutput > 0) inputs.set(input, (inputs.get(input) ?? 0) + bytesInOutput);
	}
	return inputs;
}

// One name for the stand-ins in every table (the baseline's composition.json uses it too).
const STAND_INS = "stand-ins (build/stand-ins, generated)";

/** The group an input counts under: a package, a folder of src/, or the stand-ins. */
export function groupOf(input: string): string {
	if (input.startsWith("build/stand-ins/") || input.startsWith("generated-stand-in")) return STAND_INS;
	if (input.startsWith("src/")) {
		const [, area] = input.split("/");
		return area.endsWith(".ts") ? "src/ (top level)" : `src/${area}`;
	}
	const match = /node_modules\/((?:@[^/]+\/)?[^/]+)\/(.*)$/.exec(input);
	if (!match) return input;
	const [, name, rest] = match;
	if (name === "zod") return rest.startsWith("v3/") ? "zod 3" : "zod 4";
	return name;
}

/** Bytes per group, largest first. */
export function composition(inputs: Map<string, number>): [string, number][] {
	const groups = new Map<string, number>();
	for (const [input, bytes] of inputs) groups.set(groupOf(input), (groups.get(groupOf(input)) ?? 0) + bytes);
	return [...groups].sort((a, b) => b[1] - a[1]);
}

async function main(): Promise<void> {
	const limit = Number(process.argv[2] ?? 40);
	const built = await buildWithMetafile({ budget: false });
	const kb = (bytes: number): string => (bytes / 1024).toFixed(1).padStart(8);
	const margin = maxBytes - built.bytes;
	const budget = `${margin < 0 ? "over" : "under"} its ${kb(maxBytes).trim()} KB budget by ${kb(Math.abs(margin)).trim()} KB`;
	process.stdout.write(`main.js: ${kb(built.bytes)} KB (${built.bytes} bytes), ${budget}\n\nby package:\n`);
	for (const [group, bytes] of composition(built.inputs)) process.stdout.write(`${kb(bytes)} KB  ${group}\n`);
	process.stdout.write(`\nlargest modules:\n`);
	for (const [input, bytes] of [...built.inputs].sort((a, b) => b[1] - a[1]).slice(0, limit))
		process.stdout.write(`${kb(bytes)} KB  ${input}\n`);
}

if (process.argv[1] && path.fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) await main();
