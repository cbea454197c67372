import { defineConfig, globalIgnores } from "eslint/config";
import obsidianmd from "eslint-plugin-obsidianmd";
import tseslint from "typescript-eslint";

export default defineConfig([
	globalIgnores(["node_modules/", "main.js", ".ci/stock-lint/"]),
	...tseslint.configs.recommended,
	...obsidianmd.configs.recommended,
	{
		// Type information for TypeScript, as the review has it: no @types/node (tsconfig.stock.json).
		// JavaScript files get the plugin's untyped rules, as in its recommended config.
		files: ["**/*.{ts,cts,mts,tsx}"],
		languageOptions: { parserOptions: { project: "./tsconfig.stock.json", tsconfigRootDir: import.meta.dirname } },
	},
]);
