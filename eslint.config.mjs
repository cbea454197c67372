// Flat config: the Obsidian plugin guidelines (which include ESLint's and typescript-eslint's
// type-checked recommendations) for all code, relaxed only where code never runs inside Obsidian.
import { defineConfig, globalIgnores } from "eslint/config";
import obsidianmd from "eslint-plugin-obsidianmd";

// build/stand-ins/ is not among them: those files are bundled into main.js and run in Obsidian.
const nodeOnly = [
	"mutation/**",
	"src/node/**",
	"src/sandbox/**",
	"src/rpc/server/**",
	"test/**",
	"bench/**",
	"build/**/*.mjs",
	"build/**/*.mts",
	"*.config.*",
	"esbuild.config.mjs",
];
const nodeGlobals = { process: "readonly", Buffer: "readonly", console: "readonly", URL: "readonly" };

export default defineConfig([
	globalIgnores([
		"node_modules/",
		"main.js",
		"dist/",
		"coverage/",
		"test-results/",
		"examples/",
		".redline-sandbox/",
		"reports/",
		".stryker-tmp/",
		".ci/stock-lint/",
	]),
	...obsidianmd.configs.recommended,
	{
		languageOptions: {
			parserOptions: {
				projectService: {
					allowDefaultProject: [
						"eslint.config.mjs",
						"eslint.stock.config.mjs",
						"esbuild.config.mjs",
						"stryker.config.mjs",
						"build/*.mjs",
						"build/cuts/*.mjs",
						"build/plugins/*.mjs",
						"mutation/*.mjs",
					],
					// The build's JavaScript is a module per kind of cut and per plugin (build/README.md): more than the default 8.
					maximumDefaultProjectFileMatchCount_THIS_WILL_SLOW_DOWN_LINTING: 40,
				},
			},
		},
	},
	{
		// TypeScript checks names itself (and knows Node's and the DOM's globals); ESLint's no-undef
		// only adds false alarms on types such as NodeJS.ErrnoException.
		files: ["**/*.ts", "**/*.tsx"],
		rules: { "no-undef": "off" },
	},
	{
		// Outside the Obsidian host, `vault.trash()` is Redline's own Vault port (whose Obsidian
		// implementation does call FileManager.trashFile), not Obsidian's Vault.
		ignores: ["src/obsidian/**"],
		rules: { "obsidianmd/prefer-file-manager-trash-file": "off" },
	},
	{
		// The RPC client runs in the sandbox's browser page (and out-of-process clients), never
		// inside Obsidian, where the pane gets the in-process service instead: fetch is right there.
		files: ["src/rpc/client/**"],
		rules: { "no-restricted-globals": "off" },
	},
	{
		// The sandbox, the RPC server, tests and benchmarks run in Node, never in Obsidian.
		files: nodeOnly,
		languageOptions: { globals: nodeGlobals },
		rules: {
			"obsidianmd/no-nodejs-modules": "off",
			"obsidianmd/prefer-window-timers": "off",
			"obsidianmd/no-global-this": "off",
			"obsidianmd/prefer-create-el": "off",
			"obsidianmd/ui/sentence-case": "off",
			"obsidianmd/hardcoded-config-path": "off",
			"import/no-nodejs-modules": "off",
			"no-console": "off",
			// The plugin's wrapper around no-console (its message points at Obsidian's guidelines).
			"obsidianmd/rule-custom-message": "off",
			// Node code talks HTTP with fetch; Obsidian's requestUrl does not exist there.
			"no-restricted-globals": "off",
		},
	},
]);
