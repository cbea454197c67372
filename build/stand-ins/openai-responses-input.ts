/**
 * Stand-in for the OpenAI package's Responses API history normaliser in main.js
 * (lib/responses/ResponseInputItems.js, a CommonJS file esbuild cannot shake: about 2 KB), as
 * @langchain/openai's Responses converters import it (see build/cuts/stand-ins.mjs). Only a model on the
 * Responses API (`useResponsesApi`) converts with it; Redline's models are chat completions
 * (src/llm/chat-model.ts).
 */
import { unreachable } from "./unreachable";

export const toResponseInputItems = unreachable("toResponseInputItems", "the OpenAI Responses API");
