// Flat config: the Obsidian plugin guidelines (which include ESLint's and typescript-eslint's
// type-checked recommendations) for all code, relaxed only where code never runs inside Obsidian.
import { defineConfig, globalIgnores } from "eslint/config";
import obsidianmd from "eslint-plugin-obsidianmd";

const nodeOnly = ["src/sandbox/**", "src/rpc/server/**", "test/**", "bench/**", "*.config.*", "esbuild.config.mjs"];

export default defineConfig([
	globalIgnores(["node_modules/", "main.js", "dist/", "coverage/", "test-results/", "examples/", ".redline-sandbox/"]),
	...obsidianmd.configs.recommended,
	{
		languageOptions: {
			parserOptions: {
				projectService: { allowDefaultProject: ["eslint.config.mjs", "esbuild.config.mjs"] },
			},
		},
	},
	{
		// The sandbox, the RPC server, tests and benchmarks run in Node, never in Obsidian.
		files: nodeOnly,
		rules: {
			"obsidianmd/no-nodejs-modules": "off",
			"obsidianmd/prefer-window-timers": "off",
			"obsidianmd/no-global-this": "off",
			"obsidianmd/prefer-create-el": "off",
			"obsidianmd/ui/sentence-case": "off",
			"obsidianmd/hardcoded-config-path": "off",
			"import/no-nodejs-modules": "off",
			"no-console": "off",
			// Node code talks HTTP with fetch; Obsidian's requestUrl does not exist there.
			"no-restricted-globals": "off",
		},
	},
]);
