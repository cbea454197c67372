import { defineConfig } from "vitest/config";
import { availableParallelism } from "./src/node/os";
import { fileURLToPath } from "./src/node/path";

// Obsidian has no runtime package (only type declarations), so tests get a faithful in-memory
// fake of the API subset Redline uses. It is type-checked against the real declarations.
export default defineConfig({
	resolve: {
		alias: {
			obsidian: fileURLToPath(new URL("./test/fakes/obsidian/index.ts", import.meta.url)),
		},
	},
	test: {
		include: ["test/**/*.test.ts", "test/**/*.test.tsx"],
		environment: "node",
		setupFiles: ["test/support/setup.ts"],
		testTimeout: 20_000,
		hookTimeout: 30_000,
		pool: "forks",
		// Vitest's default is a core less than the machine has: one file at a time on CI's 2 cores.
		// Much of the suite waits (Chromium, HTTP servers, child processes), so two files at once
		// keep both cores busy.
		maxWorkers: Math.max(2, availableParallelism() - 1),
	},
});
