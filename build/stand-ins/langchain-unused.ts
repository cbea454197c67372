/**
 * Stand-ins for @langchain/core modules that Redline's calls never reach (see build/cuts/stand-ins.mjs):
 * - runnables/graph.js (with its Mermaid drawing, about 6 KB): `Runnable.getGraph()`;
 * - caches/index.js (with a SHA-256, about 8 KB): used only by a model built with `cache: true`,
 *   which Redline never sets (src/llm/chat-model.ts).
 */
import { unreachable } from "./unreachable";

export const Graph = unreachable("Graph", "LangChain's Runnable.getGraph()");
export const InMemoryCache = unreachable("InMemoryCache", "a LangChain model's response cache");
