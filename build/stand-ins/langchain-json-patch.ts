/**
 * Stand-in for @langchain/core's copy of fast-json-patch in main.js (about 9 KB; as its JSON
 * output parser imports it, see build/cuts/stand-ins.mjs). The parser uses it only with `diff: true`, to
 * stream JSON patches instead of whole values; Redline parses no model output with LangChain's
 * output parsers.
 */
import { unreachable } from "./unreachable";

export const compare = unreachable("compare", "JSON-patch streaming of LangChain's JSON output parser (diff: true)");
