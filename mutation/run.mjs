#!/usr/bin/env node
// `npm run mutate [-- group-or-path ...]`: runs StrykerJS on the chosen modules (mutation/modules.mjs),
// then prints each file's score beside its threshold and exits non-zero when one is below it.
import { spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, readFileSync } from "node:fs";
import { selectModules } from "./modules.mjs";

const modules = selectModules(process.argv.slice(2));
const files = modules.map((m) => m.file);
// vitest.mutation.config.ts reads the test files to use from the environment (Stryker's runner
// processes inherit it); test globs hold no comma, so a comma joins them.
const tests = [...new Set(modules.flatMap((m) => m.tests))];
const stryker = spawnSync("npx", ["stryker", "run", "stryker.config.mjs", "--mutate", files.join(",")], {
	stdio: "inherit",
	env: { ...process.env, REDLINE_MUTATION_TESTS: tests.join(",") },
});
if (stryker.status !== 0) process.exit(stryker.status ?? 1);

const report = JSON.parse(readFileSync("reports/mutation/mutation.json", "utf8"));
// Each run overwrites mutation.json; a copy per selection keeps the last run of each.
const tag =
	process.argv
		.slice(2)
		.join("+")
		.replace(/[^\w+-]/g, "_") || "all";
mkdirSync("reports/mutation/runs", { recursive: true });
copyFileSync("reports/mutation/mutation.json", `reports/mutation/runs/${tag}.json`);

const DETECTED = new Set(["Killed", "Timeout"]);
const VALID = new Set(["Killed", "Timeout", "Survived", "NoCoverage"]);
let failed = false;
process.stdout.write("\n| module | killed | survived | no coverage | score | threshold |\n|---|---|---|---|---|---|\n");
for (const m of modules) {
	const mutants = report.files[m.file]?.mutants ?? [];
	const count = (status) => mutants.filter((x) => x.status === status).length;
	const valid = mutants.filter((x) => VALID.has(x.status)).length;
	const detected = mutants.filter((x) => DETECTED.has(x.status)).length;
	const score = valid === 0 ? 100 : (100 * detected) / valid;
	const ok = score >= m.threshold;
	if (!ok) failed = true;
	process.stdout.write(
		`| ${m.file} | ${detected} | ${count("Survived")} | ${count("NoCoverage")} | ${score.toFixed(1)}% | ${m.threshold}% ${ok ? "ok" : "BELOW"} |\n`,
	);
}
process.exit(failed ? 1 : 0);
