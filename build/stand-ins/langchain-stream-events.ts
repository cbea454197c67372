/**
 * Stand-in for @langchain/core's chat-model stream events (language_models/stream.js, compat.js,
 * openai_completions_stream.js; about 16 KB of main.js): the typed event stream behind
 * `model.streamEvents()` (version 3) and handlers that ask for chat-model stream events. Redline
 * streams with `model.stream()` and registers no callback handlers, so none of it runs.
 */
import { unreachable } from "./unreachable";

const usedFor = "LangChain's chat model stream events, model.streamEvents()";
export const ChatModelStream = unreachable("ChatModelStream", usedFor);
export const ReasoningContentStream = unreachable("ReasoningContentStream", usedFor);
export const TextContentStream = unreachable("TextContentStream", usedFor);
export const ToolCallsStream = unreachable("ToolCallsStream", usedFor);
export const UsageMetadataStream = unreachable("UsageMetadataStream", usedFor);
export const convertChunksToEvents = unreachable("convertChunksToEvents", usedFor);
export const finalizeContentBlock = unreachable("finalizeContentBlock", usedFor);
export const convertOpenAICompletionsStream = unreachable("convertOpenAICompletionsStream", usedFor);
