/**
 * Stand-in for @langchain/core's copy of zod-to-json-schema in main.js (see build/cuts/stand-ins.mjs): that
 * code converts zod 3 schemas only, and main.js holds no zod 3 (LangChain's zod/v3 imports
 * resolve to zod 4, whose schemas LangChain converts with zod's own toJSONSchema). Reaching this
 * means something handed LangChain a zod 3 schema from outside the bundle: say so.
 */
export function zodToJsonSchema(): never {
	throw new Error(
		"Converting a zod 3 schema to JSON schema is not included in Redline's bundle (its schemas are zod 4)",
	);
}
