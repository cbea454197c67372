/**
 * Stand-in for zod 4's JSON-schema converter (`toJSONSchema` of zod/v4/core, with a processor for
 * every kind of schema: about 20 KB) where @langchain/core's utils/json_schema.js imports it, see
 * build/cuts/stand-ins.mjs. LangChain converts a zod schema there only for a tool written in zod or for
 * withStructuredOutput (stood in too); Redline binds OpenAI function definitions whose JSON schema
 * it made itself (src/tools/json-schema.ts), which LangChain passes through without converting.
 */
import { unreachable } from "./unreachable";

export const toJSONSchema = unreachable(
	"toJSONSchema",
	"zod's JSON-schema converter, for LangChain tools and structured output written in zod",
);
