// StrykerJS for `npm run mutate` (mutation/run.mjs passes the files to mutate). Only the tests that
// cover a mutant run against it (perTest coverage); the browser tests are left out
// (vitest.mutation.config.ts). The JSON report is written under reports/ (git-ignored).
/** @type {import("@stryker-mutator/api/core").PartialStrykerOptions} */
export default {
	testRunner: "vitest",
	plugins: ["@stryker-mutator/vitest-runner"],
	vitest: { configFile: "vitest.mutation.config.ts", related: true },
	coverageAnalysis: "perTest",
	reporters: ["clear-text", "progress", "json", "html"],
	jsonReporter: { fileName: "reports/mutation/mutation.json" },
	htmlReporter: { fileName: "reports/mutation/mutation.html" },
	clearTextReporter: { allowColor: false, logTests: false, maxTestsToLog: 0 },
	tempDirName: ".stryker-tmp",
	cleanTempDir: "always",
	ignorePatterns: ["dist", "reports", "coverage", "test-results", ".redline-sandbox", "main.js", "test/e2e", "bench"],
	concurrency: 2,
	timeoutMS: 5_000,
	thresholds: { high: 90, low: 85, break: null },
};
