// Module stand-ins: a module as the named importers import it (or a package as any importer names
// it) resolves to a stand-in (build/plugins/stand-ins.mjs): a file of build/stand-ins/, whose
// header says what it replaces and why Redline never reaches it, a few lines written here, or
// one generated from the replaced files' exports. A stand-in keeps, with the same results, what
// Redline's calls run, and throws naming what is missing otherwise (build/stand-ins/unreachable.ts);
// one lacking a name its importer imports fails the build.
const core = "@langchain/core/dist";

// main.js must load where there are no Node built-ins (Obsidian mobile): LangChain's context
// propagation imports AsyncLocalStorage; any other built-in stays external and is only ever
// required lazily on desktop (src/obsidian/transport/node-fetch.ts).
export const asyncHooks = { specifier: /^(node:)?async_hooks$/, shim: "async-hooks.ts" };

// LangSmith (about 240 KB) is only needed for LangSmith tracing, which Redline never enables:
// `langsmith` and its subpaths resolve to a small faithful stand-in (see the file for why).
export const langsmith = { specifier: /^langsmith(\/.*)?$/, shim: "langsmith.ts" };

// zod re-exports all its locales as `z.locales` (a quarter of a megabyte); only English is used.
const zodLocales = { importers: ["zod/"], modules: ["zod/v4/locales/index.js"], shim: "zod-locales.ts" };

const langChain = [
	{
		// LangChain's copy of zod-to-json-schema converts zod 3 schemas only. With zod/v3 rewritten to
		// zod 4 (rewrites.mjs), no zod 3 schema can exist in main.js (json_schema.js sends zod 4 schemas
		// to zod's own toJSONSchema), so converting one is unreachable; the stand-in says so if it is not.
		importers: [`${core}/utils/json_schema.js`],
		modules: [`${core}/utils/zod-to-json-schema/zodToJsonSchema.js`, `${core}/utils/zod-to-json-schema/index.js`],
		shim: "zod-to-json-schema.ts",
	},
	{
		importers: [
			`${core}/language_models/chat_models.js`,
			`${core}/language_models/openai_completions_stream.js`,
			"@langchain/openai/dist/utils/stream_events.js",
			"@langchain/openai/dist/utils/responses_stream_events.js",
		],
		modules: [
			`${core}/language_models/stream.js`,
			`${core}/language_models/compat.js`,
			`${core}/language_models/openai_completions_stream.js`,
		],
		shim: "langchain-stream-events.ts",
	},
	{
		importers: [`${core}/runnables/base.js`],
		modules: [`${core}/tracers/event_stream.js`, `${core}/tracers/log_stream.js`],
		shim: "langchain-tracer-streams.ts",
	},
	{
		importers: [`${core}/callbacks/manager.js`, `${core}/runnables/base.js`],
		modules: [
			`${core}/tracers/base.js`,
			`${core}/tracers/root_listener.js`,
			`${core}/tracers/console.js`,
			`${core}/tracers/tracer_langchain.js`,
		],
		shim: "langchain-tracers.ts",
	},
	{ importers: [`${core}/runnables/base.js`], modules: [`${core}/runnables/graph.js`], shim: "langchain-unused.ts" },
	{ importers: [`${core}/language_models/base.js`], modules: [`${core}/caches/index.js`], shim: "langchain-unused.ts" },
	{
		importers: ["@langchain/openai/dist/chat_models/base.js"],
		modules: ["@langchain/openai/dist/chat_models/profiles.js"],
		shim: "openai-model-profiles.ts",
	},
	{
		// LangChain reads an AI message's standard content blocks with the translator of the model
		// provider that made it: Redline's replies come from ChatOpenAICompletions ("openai"), and
		// the messages it builds from its log name no provider. The other ten translators (about
		// 12 KB) are left out. The registry is shared on globalThis by every LangChain copy in
		// Obsidian (other plugins too), so this one only reads it and never narrows it.
		importers: [`${core}/messages/ai.js`],
		modules: [`${core}/messages/block_translators/index.js`],
		contents: `import { ChatOpenAITranslator } from "./openai.js";
const own = new Map([["openai", ChatOpenAITranslator]]);
export function getTranslator(modelProvider) {
	return (globalThis.lc_block_translators_registry ?? own).get(modelProvider);
}
`,
	},
	{
		// withStructuredOutput() and its parsers (about 10 KB): Redline reads tool calls, never asks
		// for structured output (see the stand-in's header).
		importers: [`${core}/language_models/chat_models.js`, "@langchain/openai/dist/chat_models/base.js"],
		modules: [`${core}/language_models/structured_output.js`, `${core}/output_parsers/index.js`],
		shim: "langchain-structured-output.ts",
	},
	{ importers: [`${core}/utils/json_schema.js`], modules: ["zod/v4/core/index.js"], shim: "zod-json-schema.ts" },
	// p-queue with its event emitter, timeouts and priority queue (about 8.5 KB), for the queue of
	// LangChain's AsyncCaller and of its callbacks: the few lines of it LangChain uses (see the stand-in).
	{
		importers: [`${core}/utils/async_caller.js`, `${core}/singletons/callbacks.js`],
		modules: ["p-queue/dist/index.js"],
		shim: "p-queue.ts",
	},
	// LangChain's p-retry and its network error check (about 3.8 KB): Redline's models make one
	// attempt (maxRetries: 0, src/llm/chat-model.ts); the stand-in runs it as p-retry does and
	// refuses any number of retries but none.
	{
		importers: [`${core}/utils/async_caller.js`, `${core}/runnables/base.js`],
		modules: [`${core}/utils/p-retry/index.js`],
		shim: "p-retry.ts",
	},
	{
		importers: [`${core}/language_models/base.js`],
		modules: [`${core}/utils/tiktoken.js`],
		shim: "langchain-tiktoken.ts",
	},
	{
		importers: [`${core}/output_parsers/json.js`],
		modules: [`${core}/utils/fast-json-patch/src/duplex.js`, `${core}/utils/json_patch.js`],
		shim: "langchain-json-patch.ts",
	},
	{
		importers: [`${core}/utils/json_schema.js`, `${core}/output_parsers/transform.js`, `${core}/tools/index.js`],
		modules: ["@cfworker/json-schema/dist/esm/index.js"],
		shim: "json-schema-validator.ts",
	},
];

const openaiFiles = [
	{
		importers: ["openai/client.mjs", "openai/index.mjs"],
		modules: ["openai/core/uploads.mjs", "openai/internal/uploads.mjs"],
		shim: "openai-uploads.ts",
	},
	{
		importers: ["openai/client.mjs", "openai/internal/utils.mjs"],
		modules: ["openai/internal/utils/query.mjs"],
		shim: "openai-query.ts",
	},
	{
		importers: ["@langchain/openai/dist/converters/responses.js"],
		modules: ["openai/lib/responses/ResponseInputItems.js"],
		shim: "openai-responses-input.ts",
	},
	{
		importers: ["openai/client.mjs"],
		modules: [
			"openai/auth/workload-identity-auth.mjs",
			"openai/internal/auth/x509-workload-identity-auth.mjs",
			"openai/internal/auth/x509-credential-options.mjs",
			"openai/internal/auth/x509-transport-state.mjs",
		],
		shim: "openai-workload-identity.ts",
	},
];

// Parts of the `openai` package that ChatOpenAI never reaches, generated from the exports of the
// files they replace: each export throws naming what is missing when used. Each rule's files
// are one module (`name`); `generate` says their shape: "resource" (one APIResource class a file,
// whose instances the client builds) or "value" (classes and functions).
const openaiGenerated = [
	{
		// The client constructs one object per API area (admin, audio, batches, beta, files,
		// realtime, vector stores... about 250 KB with the helpers they pull in); ChatOpenAI only
		// calls `client.chat.completions` (and `client.responses` with useResponsesApi, never set
		// by Redline). The stand-in objects are built as before and throw when used.
		name: "openai-api-areas",
		importers: ["openai/client.mjs", "openai/resources/index.mjs"],
		modules: ["openai/resources/"],
		except: [
			"openai/resources/index.mjs",
			"openai/resources/shared.mjs",
			"openai/resources/chat/index.mjs",
			"openai/resources/chat/chat.mjs",
		],
		generate: "resource",
	},
	{
		// chat.completions.runTools() and .stream() (about 60 KB); LangChain calls create and parse.
		name: "openai-chat-runners",
		importers: ["openai/resources/chat/completions/completions.mjs"],
		modules: [
			"openai/lib/ChatCompletionRunner.mjs",
			"openai/lib/ChatCompletionStreamingRunner.mjs",
			"openai/lib/ChatCompletionStream.mjs",
		],
		generate: "value",
	},
	{
		// chat.completions.messages (about 1.2 KB): the messages of a stored chat completion, listed
		// by id; the client constructs it with chat.completions, which LangChain only creates and parses.
		name: "openai-stored-messages",
		importers: ["openai/resources/chat/completions/completions.mjs", "openai/resources/chat/completions/index.mjs"],
		modules: ["openai/resources/chat/completions/messages.mjs"],
		generate: "resource",
	},
	{
		// Pages of list results (about 2.5 KB): only list methods (chat.completions.list, stored
		// messages...) and client.getAPIList make them; chat.completions.create returns no page.
		name: "openai-pages",
		importers: [
			"openai/client.mjs",
			"openai/index.mjs",
			"openai/resources/chat/completions/completions.mjs",
			"openai/resources/chat/completions/messages.mjs",
		],
		modules: ["openai/core/pagination.mjs"],
		generate: "value",
	},
	{
		// zod 3 response formats for withStructuredOutput (about 55 KB); Redline's schemas are zod 4
		// (which @langchain/openai converts itself) and it asks for no structured output.
		name: "openai-zod-helpers",
		importers: ["@langchain/openai/dist/utils/output.js"],
		modules: ["openai/helpers/zod.mjs"],
		generate: "value",
	},
];

export const standIns = [asyncHooks, langsmith, zodLocales, ...langChain, ...openaiFiles, ...openaiGenerated];
