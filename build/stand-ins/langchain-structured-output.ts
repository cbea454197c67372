/**
 * Stand-in for LangChain's structured output in main.js (language_models/structured_output.js and
 * the output parsers it builds on, as ChatOpenAI and BaseChatModel import them): they serve only
 * `withStructuredOutput()`, which Redline never calls (its tools are function definitions read
 * from the model's tool calls, src/agent/propose.ts). Calling it throws naming what is missing.
 */
import { unreachable } from "./unreachable";

const usedFor = "LangChain's withStructuredOutput()";
export const assembleStructuredOutputPipeline = unreachable("assembleStructuredOutputPipeline", usedFor);
export const createContentParser = unreachable("createContentParser", usedFor);
export const createFunctionCallingParser = unreachable("createFunctionCallingParser", usedFor);
export const JsonOutputParser = unreachable("JsonOutputParser", usedFor);
