// Side-effect-free modules: package files whose top level only declares things (tool factories
// building zod schemas, a parser) but which esbuild cannot prove pure: left out when nothing uses
// their exports (build/plugins/side-effect-free.mjs). forbidden.mjs checks the ones that matter.
export const sideEffectFree = [
	// OpenAI's built-in tools (shell, computer use, apply patch, local shell): exported for users
	// of @langchain/openai, never referenced by ChatOpenAI itself.
	"@langchain/openai/dist/tools/applyPatch.js",
	"@langchain/openai/dist/tools/computerUse.js",
	"@langchain/openai/dist/tools/localShell.js",
	"@langchain/openai/dist/tools/shell.js",
	// The XML output parser and its sax-js (19 KB): re-exported by output_parsers/index.js only.
	"@langchain/core/dist/output_parsers/xml.js",
	"@langchain/core/dist/utils/sax-js/sax.js",
	// Name-based UUIDs (v5, with its SHA-1): its top level only hangs the namespaces on the function
	// (v5.DNS = ...), which esbuild takes for a side effect; LangChain's run ids are v7.
	"@langchain/core/dist/utils/uuid/v5.js",
];
