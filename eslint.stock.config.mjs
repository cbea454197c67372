import { defineConfig, globalIgnores } from "eslint/config";
import obsidianmd from "eslint-plugin-obsidianmd";
import tseslint from "typescript-eslint";

// Lint what is in git, never build output: the patterns are the ones .gitignore lists (after
// `npm start`, dist/sandbox/app.js is there and is not ours to lint).
export default defineConfig([
	globalIgnores([
		"node_modules/",
		"main.js",
		"dist/",
		"coverage/",
		"test-results/",
		".redline-sandbox/",
		"reports/",
		".stryker-tmp/",
		".ci/stock-lint/",
	]),
	...tseslint.configs.recommended,
	...obsidianmd.configs.recommended,
	{
		// Type information for TypeScript, as the review has it: no @types/node (tsconfig.stock.json).
		// JavaScript files get the plugin's untyped rules, as in its recommended config.
		files: ["**/*.{ts,cts,mts,tsx}"],
		languageOptions: { parserOptions: { project: "./tsconfig.stock.json", tsconfigRootDir: import.meta.dirname } },
	},
]);
