/**
 * Stand-in for @cfworker/json-schema in main.js (a JSON-schema validator with its format checks,
 * about 8 KB; as @langchain/core's tools, utils/json_schema and output_parsers/transform import
 * it, see build/cuts/stand-ins.mjs). LangChain validates with it only the input of its own tools defined
 * by a JSON schema and resolves `$ref`s of such schemas; Redline runs its own tools and validates
 * their arguments with zod (src/tools/registry.ts). What output parsers use while streaming, a
 * strict deep equality, is kept with the same results.
 */
import { unreachable } from "./unreachable";

/** True when a and b are equal JSON-like values: same types, array items in order, own keys. */
export function deepCompareStrict(a: unknown, b: unknown): boolean {
	if (typeof a !== typeof b || Array.isArray(a) !== Array.isArray(b)) return false;
	if (Array.isArray(a)) {
		const other = b as unknown[];
		return a.length === other.length && a.every((item, i) => deepCompareStrict(item, other[i]));
	}
	if (typeof a === "object" && a !== null && b !== null) {
		const left = a as Record<string, unknown>;
		const right = b as Record<string, unknown>;
		const keys = Object.keys(left);
		return (
			keys.length === Object.keys(right).length &&
			keys.every((key) => Object.prototype.hasOwnProperty.call(right, key) && deepCompareStrict(left[key], right[key]))
		);
	}
	return a === b;
}

const usedFor = "validating LangChain tools defined by a JSON schema";
export const Validator = unreachable("Validator", usedFor);
export const validate = unreachable("validate", usedFor);
export const dereference = unreachable("dereference", usedFor);
