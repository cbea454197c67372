// The modules `npm run mutate` plants bugs in: the ones whose one job is to keep the user's text
// (history, the apply path, paths and the access floor, the parsers of model output). Each has the
// score it must reach (Stryker's "mutation score": killed and timed-out mutants over all valid
// ones). A new module of the same kind (a subset apply, an undo, a link rewriter, the renderer of
// model output) is one line here.
//
// `tests` are the test files that are meant to guard the module: the run uses only those (and of
// them only the ones that cover a mutant). Without it a mutant in a module every test touches (a
// path rule) would run a thousand tests that only pass through it, and one run would take hours.
// A survivor therefore means: the module's own tests do not notice this bug.
/** The renderer's own tests, and the two hosts' tests that play a prompt-injected reply through it. */
const RENDER_TESTS = [
	"test/ui/untrusted/**",
	"test/obsidian/untrusted-reply.test.ts",
	"test/sandbox/page/untrusted-reply.test.tsx",
];

export const MODULES = [
	{ group: "history", file: "src/history/revert.ts", threshold: 90, tests: ["test/history/**"] },
	{ group: "history", file: "src/history/merge.ts", threshold: 90, tests: ["test/history/**"] },
	{ group: "history", file: "src/history/undo-change.ts", threshold: 90, tests: ["test/history/**"] },
	{ group: "composer", file: "src/composer/edit-blocks-apply.ts", threshold: 85, tests: ["test/composer/**"] },
	{ group: "composer", file: "src/composer/validate.ts", threshold: 85, tests: ["test/composer/**"] },
	{ group: "vault", file: "src/vault/paths.ts", threshold: 90, tests: ["test/vault/**", "test/tools/**"] },
	{ group: "vault", file: "src/vault/display-path.ts", threshold: 90, tests: ["test/vault/**"] },
	{
		group: "vault",
		file: "src/vault/access-floor.ts",
		threshold: 90,
		tests: ["test/vault/**", "test/agent/tool-access.test.ts", "test/agent/approvals.test.ts"],
	},
	{
		group: "agent",
		file: "src/agent/text-tool-parser.ts",
		threshold: 85,
		tests: [
			"test/agent/text-tool-parser.test.ts",
			"test/agent/text-tool-corpus.test.ts",
			"test/agent/markup.property.test.ts",
			"test/agent/markup-pipeline.corpus.test.ts",
			"test/agent/runner.text-tools.test.ts",
		],
	},
	{
		group: "agent",
		file: "src/agent/result-guard.ts",
		threshold: 85,
		tests: ["test/agent/result-guard.test.ts", "test/agent/markup.property.test.ts"],
	},
	{
		group: "llm",
		file: "src/llm/reasoning-split.ts",
		threshold: 85,
		tests: [
			"test/llm/**",
			"test/agent/runner.reasoning.test.ts",
			"test/agent/markup-pipeline.corpus.test.ts",
			"test/composer/thinking-apply-model.test.ts",
			"test/composer/note-round-trip.property.test.ts",
		],
	},
	{
		group: "llm",
		file: "src/llm/markdown-code.ts",
		threshold: 85,
		tests: [
			"test/llm/**",
			"test/agent/text-tool-corpus.test.ts",
			"test/agent/markup-pipeline.corpus.test.ts",
			"test/agent/markup.property.test.ts",
		],
	},
	// The output renderer: a model's reply becomes DOM only through these (issue 25), in both hosts.
	{ group: "render", file: "src/ui/untrusted/neutralise.ts", threshold: 85, tests: RENDER_TESTS },
	{ group: "render", file: "src/ui/untrusted/sanitise-dom.ts", threshold: 85, tests: RENDER_TESTS },
	{ group: "render", file: "src/ui/untrusted/pieces.ts", threshold: 85, tests: RENDER_TESTS },
	{ group: "render", file: "src/ui/untrusted/links.ts", threshold: 85, tests: RENDER_TESTS },
	{ group: "render", file: "src/ui/untrusted/leaks.ts", threshold: 85, tests: RENDER_TESTS },
	{ group: "render", file: "src/ui/untrusted/notes-read.ts", threshold: 85, tests: RENDER_TESTS },
	{ group: "render", file: "src/ui/untrusted/render-reply.ts", threshold: 85, tests: RENDER_TESTS },
	{ group: "render", file: "src/ui/untrusted/staged-render.ts", threshold: 85, tests: RENDER_TESTS },
];

/**
 * The modules a selector names: a group ("history"), a file path or a part of one
 * ("history/revert", "src/vault/paths.ts"). No selector: all of them.
 */
export function selectModules(selectors) {
	if (selectors.length === 0) return MODULES;
	const chosen = MODULES.filter((m) => selectors.some((s) => m.group === s || m.file.includes(s)));
	const unknown = selectors.filter((s) => !MODULES.some((m) => m.group === s || m.file.includes(s)));
	if (unknown.length > 0) {
		const names = [...new Set(MODULES.map((m) => m.group))].join(", ");
		throw new Error(
			`No mutation module matches ${unknown.join(", ")} (groups: ${names}; or a part of a path in mutation/modules.mjs)`,
		);
	}
	return chosen;
}
