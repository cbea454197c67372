// Method stand-ins: methods Redline never calls whose bodies alone keep other code in main.js
// (Runnable.pipe keeps RunnableSequence, withRetry RunnableRetry, withStructuredOutput its
// parsers...). Each body becomes a throw naming the method (build/plugins/method-stand-in.mjs);
// `why`, for the reader, is what the methods are for. A signature or a class not found exactly
// once fails the build.
//
// Redline runs: new ChatOpenAICompletions(...), bindTools() (withConfig: a RunnableBinding), and
// stream() on either; the chat model's stream falls back to invoke() and generate() without
// streaming. test/obsidian/shims/bundle-cuts.test.ts checks that the bundle still does all of it,
// and that each method named here is one its package has, in the class named.
const core = "@langchain/core/dist";
const langChainUserApi =
	"LangChain's composition API (pipe, retries, fallbacks, listeners, tools from runnables, log and event streams)";

export const methodStandIns = [
	{
		file: `${core}/runnables/base.js`,
		class: "Runnable",
		// batch and transform: Redline's calls stream one input (stream() runs _streamIterator, never transform).
		methods: [
			"withRetry",
			"withFallbacks",
			"batch",
			"_batchWithConfig",
			"getGraph",
			"pipe",
			"pick",
			"assign",
			"transform",
			"_transformStreamWithConfig",
			"streamLog",
			"_streamLog",
			"streamEvents",
			"_streamEventsV2",
			"_streamEventsV1",
			"withListeners",
			"asTool",
		],
		why: langChainUserApi,
	},
	{
		file: `${core}/runnables/base.js`,
		class: "RunnableBinding",
		methods: ["withRetry", "batch", "transform", "streamEvents", "withListeners"],
		why: langChainUserApi,
	},
	{
		file: `${core}/language_models/chat_models.js`,
		class: "BaseChatModel",
		methods: ["withStructuredOutput", "streamEvents", "streamV2", "_streamChatModelEvents"],
		why: "LangChain's structured output and chat model event streams",
	},
	{
		file: `${core}/callbacks/manager.js`,
		class: "CallbackManager",
		methods: ["handleChainStart", "handleToolStart", "handleRetrieverStart", "handleCustomEvent"],
		why: "callbacks of LangChain chains, tools, retrievers and custom events (a chat model's run calls handleChatModelStart)",
	},
	// Only reached when the model was built with `cache` set, which Redline never does (src/llm/chat-model.ts).
	{
		file: `${core}/language_models/chat_models.js`,
		class: "BaseChatModel",
		methods: ["_generateCached"],
		why: "a LangChain model's response cache",
	},
	{
		file: "@langchain/openai/dist/chat_models/base.js",
		class: "BaseChatOpenAI",
		methods: ["withStructuredOutput", "_getStructuredOutputMethod", "moderateContent"],
		why: "LangChain's structured output and OpenAI moderation",
	},
	{
		file: "@langchain/openai/dist/chat_models/completions.js",
		class: "ChatOpenAICompletions",
		methods: ["_streamChatModelEvents"],
		why: "LangChain's chat model event streams",
	},
	// ChatOpenAI builds one client with apiKey and baseURL (never an X.509 identity: the workload
	// identity stand-in refuses one) and calls chat.completions.create, which is one post().
	{
		file: "openai/client.mjs",
		class: "OpenAI",
		methods: ["withOptions", "_buildWebSocketHeaders", "readX509ResponseError", "getAPIList", "requestAPIList"],
		why: "clients cloned with other options, Realtime WebSocket handshakes, X.509 error bodies and pages of list results",
	},
	// LangChain calls chat.completions.create, and parse for a structured format (Redline asks for none).
	{
		file: "openai/resources/chat/completions/completions.mjs",
		class: "Completions",
		methods: ["retrieve", "update", "list", "delete", "runTools", "stream"],
		why: "stored chat completions (retrieve, update, list, delete) and the client's own tool runner and stream helper",
	},
	// Redline's index (src/search/note-minisearch.ts) adds notes with its own addNote, saves and
	// loads its own lean form, and asks search(), has(), discard(), remove(), removeAll().
	{
		file: "minisearch/dist/es/index.js",
		class: "MiniSearch",
		methods: [
			"addAll",
			"addAllAsync",
			"discardAll",
			"getStoredFields",
			"autoSuggest",
			"loadJSON",
			"loadJSONAsync",
			"loadJS",
			"loadJSAsync",
			"instantiateMiniSearch",
			"toJSON",
		],
		why: "minisearch's batch adds, stored fields, suggestions and its own saved form",
	},
	// What else of minisearch is left behind its own index: addNote adds a note (never add(), which
	// with its helpers stores fields and counts terms per occurrence), discard() drops one (never
	// remove(): postings are rewritten by vacuumPaced, and INDEX_OPTIONS turns autoVacuum off, so
	// discard() never starts minisearch's vacuum), and search goes to the flat scorer: the index's
	// search() and searchPaced() call minisearch's search() only for a query flatScorable() refuses
	// (a query tree, a wildcard, boostDocument, tokenize or processTerm, AND_NOT), and Redline's
	// ranking (src/search/query.ts) asks only for strings with OR or AND and none of those options.
	// Kept: the constructor, discard, has, the counts, and the SearchableMap the delta lives in.
	{
		file: "minisearch/dist/es/index.js",
		class: "MiniSearch",
		methods: [
			"add",
			"addDocumentId",
			"saveStoredFields",
			"addTerm",
			"addFieldLength",
			"remove",
			"removeAll",
			"removeTerm",
			"warnDocumentChanged",
			"replace",
			"vacuum",
			"conditionalVacuum",
			"performVacuuming",
			"vacuumConditionsMet",
			"search",
			"executeQuery",
			"executeQuerySpec",
			"executeWildcardQuery",
			"combineResults",
			"termResults",
		],
		why: "minisearch's own adds, removals, vacuuming and query engine (Redline's index adds, discards, vacuums and scores its own way)",
	},
	// The delta's tree is written with fetch() and cleared whole; only remove(), a vacuum and the
	// saved form (all stood in above) delete, update or build one from entries.
	{
		file: "minisearch/dist/es/index.js",
		class: "SearchableMap",
		methods: ["delete", "update", "from", "fromObject"],
		why: "deleting and updating terms of minisearch's radix tree, and building one from entries",
	},
	// LangChain reads a completion stream with for await (Symbol.asyncIterator), nothing else.
	{
		file: "openai/core/streaming.mjs",
		class: "Stream",
		methods: ["fromReadableStream", "__betaTransformIterator", "tee", "toReadableStream"],
		why: "an OpenAI stream read back from a ReadableStream, split in two or turned into one",
	},
];
