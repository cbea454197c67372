// Forbidden inputs: never in main.js. Each was cut (by the kind of cut named), so finding one in
// the output means a cut stopped working: the build fails (build/plugins/forbidden-inputs.mjs).
export const forbiddenInputs = [
	{ pattern: /node_modules\/zod\/v3\//, why: "zod 3 (LangChain's zod/v3 imports are rewritten to zod 4)" },
	{ pattern: /node_modules\/zod\/v4\/locales\/(?!en\.js)/, why: "zod locales other than English" },
	// Any `from "zod"` (or "zod/v4") brings it back: write `import * as z from "zod/mini"`.
	{
		pattern: /node_modules\/zod\/v4\/classic\//,
		why: "zod's classic API (Redline's schemas and LangChain's are zod/mini)",
	},
	{
		pattern: /node_modules\/zod\/v4\/core\/(json-schema-processors|json-schema-generator)\.js$/,
		why: "zod's JSON-schema converter (src/tools/json-schema.ts makes the tools' schemas)",
	},
	{ pattern: /node_modules\/@langchain\/core\/dist\/utils\/sax-js\//, why: "LangChain's XML parser" },
	{
		pattern: /node_modules\/@langchain\/core\/dist\/utils\/zod-to-json-schema\//,
		why: "zod-to-json-schema (zod 3 only)",
	},
	{ pattern: /node_modules\/langsmith\//, why: "langsmith (build/stand-ins/langsmith.ts stands in)" },
	{
		pattern:
			/node_modules\/@langchain\/core\/dist\/(language_models\/(stream|compat|openai_completions_stream)|tracers\/(event_stream|log_stream|base|root_listener|console|tracer_langchain)|runnables\/graph|caches\/index)\.js$/,
		why: "the LangChain modules build/stand-ins/ stands in for",
	},
	{ pattern: /node_modules\/@langchain\/openai\/dist\/chat_models\/profiles\.js$/, why: "the model profiles table" },
	{
		pattern: /node_modules\/(js-tiktoken\/|@langchain\/core\/dist\/utils\/tiktoken\.js$)/,
		why: "the tokenizer LangChain downloads",
	},
	{ pattern: /node_modules\/@langchain\/core\/dist\/utils\/fast-json-patch\//, why: "LangChain's JSON patch" },
	{
		pattern:
			/node_modules\/@langchain\/core\/dist\/messages\/block_translators\/(bedrock_converse|deepseek|google|google_genai|google_vertexai|groq|ollama|openrouter|xai)\.js$/,
		why: "content block translators of other providers",
	},
	{
		pattern: /node_modules\/@langchain\/core\/dist\/utils\/(p-retry|is-network-error)\//,
		why: "LangChain's p-retry (build/stand-ins/p-retry.ts stands in)",
	},
	{
		pattern: /node_modules\/(p-queue|eventemitter3|p-timeout|p-finally)\//,
		why: "p-queue and its helpers (build/stand-ins/p-queue.ts stands in)",
	},
	{
		pattern: /node_modules\/diff\/(libesm|lib)\/patch\/parse\.js$/,
		why: "diff's parsePatch (src/ui/unified-hunks.ts reads the diffs Redline writes)",
	},
	{ pattern: /node_modules\/@cfworker\/json-schema\//, why: "the JSON-schema validator of LangChain's own tools" },
	{
		pattern:
			/node_modules\/@langchain\/core\/dist\/(language_models\/structured_output|output_parsers\/(structured|standard_schema))\.js$/,
		why: "LangChain's structured output (withStructuredOutput)",
	},
	{ pattern: /node_modules\/openai\/internal\/(uploads|to-file)\.mjs$/, why: "the OpenAI client's file uploads" },
	{
		pattern: /node_modules\/openai\/internal\/qs\//,
		why: "the OpenAI client's qs (build/stand-ins/openai-query.ts stands in)",
	},
	{
		pattern: /node_modules\/openai\/lib\/responses\/ResponseInputItems\.js$/,
		why: "the Responses API history normaliser",
	},
	{
		pattern: /^node_modules\/openai\/core\/pagination\.mjs$/,
		why: "the OpenAI client's pages of list results (a generated stand-in, stand-ins.mjs)",
	},
	{
		pattern:
			/node_modules\/openai\/(auth\/workload-identity-auth|internal\/auth\/x509-(workload-identity-auth|credential-options))\.mjs$/,
		why: "the OpenAI client's workload identity authentication",
	},
	{
		pattern: /^node_modules\/openai\/resources\/chat\/completions\/messages\.mjs$/,
		why: "the OpenAI client's stored chat completion messages (a generated stand-in, stand-ins.mjs)",
	},
	{
		pattern: /^src\/ui\/(own-popups\.ts|components\/(PaneMenu|ChatList)\.tsx)$/,
		why: "the pane's own menu and chat list (Obsidian's host shows its Menu and SuggestModal; only the sandbox page hands them in, UiHost.popups)",
	},
];
