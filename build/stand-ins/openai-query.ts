/**
 * Stand-in for the OpenAI client's query strings in main.js (`stringifyQuery`, over its copy of
 * the qs package: about 6 KB; client.mjs's import only, see build/cuts/stand-ins.mjs). A chat completion
 * sends its query only when the base URL has one (`?api-version=...` on an Azure-style endpoint):
 * flat names and values, read back from the URL. Those come out exactly as qs writes them (RFC
 * 3986: every byte but letters, digits and `-._~` percent-encoded, in upper case; a null as an
 * empty value, an undefined left out). Nested values and lists, which only the API areas main.js
 * leaves out send, say so instead.
 */
import { unreachable } from "./unreachable";

const nested = unreachable("stringifyQuery", "nested query values and lists of the OpenAI client");

export function stringifyQuery(query: Record<string, unknown>): string {
	const parts: string[] = [];
	for (const [key, value] of Object.entries(query)) {
		if (value === undefined) continue;
		parts.push(`${encode(key)}=${value === null ? "" : encode(flat(value))}`);
	}
	return parts.join("&");
}

function flat(value: unknown): string {
	if (typeof value === "string") return value;
	if (typeof value === "number" || typeof value === "boolean" || typeof value === "bigint") return String(value);
	return (nested as (value: unknown) => never)(value);
}

/** encodeURIComponent leaves `!'()*` as they are; RFC 3986 (and qs) encode them too. */
function encode(text: string): string {
	return encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}
