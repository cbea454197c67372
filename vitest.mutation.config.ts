import { defineConfig } from "vitest/config";
import base from "./vitest.config";

// The suite as `npm run mutate` runs it (mutation/run.mjs): the test files that guard the modules
// being mutated (REDLINE_MUTATION_TESTS, comma-separated globs), never the browser tests (they
// drive a sandbox in another process, so they would cover no mutant and only slow every run).
// Stryker then runs, for each mutant, only those of them that cover it. (Not mergeConfig: it
// would append these globs to the base's instead of replacing them.)
const chosen = process.env.REDLINE_MUTATION_TESTS?.split(",").filter((glob) => glob !== "");

export default defineConfig({
	...base,
	test: {
		...base.test,
		include: chosen && chosen.length > 0 ? chosen : base.test?.include,
		exclude: ["test/e2e/**", "node_modules/**"],
	},
});
