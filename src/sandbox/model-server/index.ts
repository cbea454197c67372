/**
 * The scripted OpenAI-compatible model server for tests, benchmarks and the offline sandbox.
 * Start it with `startModelServer({ script: scripted(reply.text("Hi")) })` and point a client at
 * `server.baseURL`. See server.ts for routes and wire.ts for the chunk format.
 *
 * Two @langchain/openai behaviours the tests here pin down, worth knowing when driving ChatOpenAI:
 * - `invoke()` on a model built with `streaming: true` estimates token usage by downloading
 *   tiktoken tables from tiktoken.pages.dev, which hangs offline (and phones home from Obsidian).
 *   Use `.stream()` and concat the chunks, or `streaming: false` for a one-shot invoke.
 * - While streaming, tool-call arguments go through a partial-JSON parser: arguments cut off
 *   mid-string come back as a valid `tool_calls` entry with truncated values. The raw text is in
 *   `tool_call_chunks[i].args`; check `response_metadata.finish_reason === "length"` too.
 */
export { startModelServer } from "./server";
export {
	scripted,
	reply,
	lastUserText,
	toolResults,
	hasTool,
	offersTools,
	messageText,
	ScriptError,
	type ScriptStep,
} from "./script";
export { callsAsText, isToolResponseMessage, textToolResults, toolsRefusedBody } from "./text-calls";
export {
	checkProbeOf,
	checkReply,
	checkScript,
	sampleChange,
	type CheckAnswer,
	type CheckAnswers,
} from "./check-replies";
export { splitTokens, estimateTokens } from "./tokens";
export { applyModelReply, applyRequestNote, asksForEditBlocks, editBlocksFor } from "./apply-model";
export { validateReply } from "./validate";
export { DEEPSEEK_MISSING_REASONING, type ThinkingMode } from "./thinking-mode";
export {
	CONTEXT_ERROR_STYLES,
	contextRefusal,
	promptTokens,
	refusalBody,
	requestSize,
	type ContextErrorStyle,
	type ContextLimit,
	type RequestSize,
} from "./context-limit";
export type {
	ChatRequestBody,
	ModelScript,
	ModelServer,
	ModelServerOptions,
	ReasoningForm,
	RecordedRequest,
	RequestOutcome,
	ScriptContext,
	ScriptedFault,
	ScriptedPace,
	ScriptedRepeat,
	ScriptedReply,
	ScriptedToolCall,
	ScriptedUsage,
	UsageShape,
	ToolSupport,
	WireMessage,
} from "./types";
export type { Completion, CompletionChunk, ChunkDelta, ToolCallDelta, Usage } from "./wire";
