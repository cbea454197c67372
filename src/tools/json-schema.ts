/**
 * The JSON schema the model sees for a tool's arguments, made from the zod schema that validates
 * them, so the two cannot disagree. zod's own toJSONSchema handles every kind of schema with a
 * processor each (about 20 KB of main.js, compiled at every Obsidian start); this handles the few
 * kinds Redline's tools are written with and gives, for them, exactly what
 * `toJSONSchema(schema, { io: "input" })` gives, key order included (test/tools/json-schema.test.ts
 * compares the two on every kind and every tool). Anything else, a kind, a check or a piece of
 * metadata it does not know, is an error naming it, never a guess: extend this file with a test.
 */
import * as z from "zod/mini";

type Json = Record<string, unknown>;

interface CheckDef {
	check: string;
	value?: number;
	inclusive?: boolean;
	minimum?: number;
	maximum?: number;
	format?: string;
	pattern?: RegExp;
}

/** The parts of zod's schema definitions (`schema._zod.def`) the kinds below use. */
interface SchemaDef {
	type: string;
	checks?: readonly { _zod: { def: CheckDef } }[];
	shape?: Record<string, z.core.$ZodType>;
	catchall?: z.core.$ZodType;
	innerType?: z.core.$ZodType;
	element?: z.core.$ZodType;
	keyType?: z.core.$ZodType;
	valueType?: z.core.$ZodType;
	options?: readonly z.core.$ZodType[];
	entries?: Record<string, unknown>;
	in?: z.core.$ZodType;
	out?: z.core.$ZodType;
}

/** The input JSON schema of a tool's arguments (without `$schema`, which the model is not sent). */
export function toolParameters(schema: z.core.$ZodType): Json {
	return convert(schema, "arguments");
}

function convert(schema: z.core.$ZodType, at: string): Json {
	const def = schema._zod.def as unknown as SchemaDef;
	const meta = metadata(schema, at);
	switch (def.type) {
		// Wrappers: zod writes the wrapper's metadata first and the inner schema's keys after it,
		// the wrapper's values winning.
		case "optional":
			return { ...meta, ...convert(required(def.innerType, at), at), ...meta };
		case "pipe":
			// The model writes what the schema accepts: the input side of a pipe.
			if (!def.in || def.in._zod.def.type === "transform") throw unsupported("a pipe out of a transform", at);
			return { ...meta, ...convert(def.in, at), ...meta };
		case "union":
			return compactUnion({ ...body(schema, def, at), ...meta });
		default:
			return { ...body(schema, def, at), ...meta };
	}
}

function body(schema: z.core.$ZodType, def: SchemaDef, at: string): Json {
	// A format schema (z.int(), z.email()) is its own first check, as zod reads it.
	const own = schema._zod.traits.has("$ZodCheck") ? [def as unknown as CheckDef] : [];
	const checks = [...own, ...(def.checks ?? []).map((check) => check._zod.def)];
	switch (def.type) {
		case "string": {
			const { minimum, maximum, patterns } = bounds(checks, at, [
				"min_length",
				"max_length",
				"string_format",
				"overwrite",
			]);
			if (patterns.length > 1) throw unsupported("more than one pattern", at);
			return {
				type: "string",
				...range("minLength", minimum, "maxLength", maximum),
				...(patterns.length === 1 ? { pattern: patterns[0] } : {}),
			};
		}
		case "number": {
			const { minimum, maximum, isInt } = bounds(checks, at, ["greater_than", "less_than", "number_format"]);
			return { type: isInt ? "integer" : "number", ...range("minimum", minimum, "maximum", maximum) };
		}
		case "boolean":
			noChecks(checks, at);
			return { type: "boolean" };
		case "enum": {
			noChecks(checks, at);
			const values = Object.values(def.entries ?? {});
			if (values.length === 0 || values.some((value) => typeof value !== "string"))
				throw unsupported("an enum of other than strings", at);
			return { type: "string", enum: values };
		}
		case "array": {
			const { minimum, maximum } = bounds(checks, at, ["min_length", "max_length"]);
			return {
				...range("minItems", minimum, "maxItems", maximum),
				type: "array",
				items: convert(required(def.element, at), `${at}[]`),
			};
		}
		case "object":
			noChecks(checks, at);
			return object(def, at);
		case "record":
			// A map of names to values (setProperties' `set`).
			noChecks(checks, at);
			return {
				type: "object",
				propertyNames: convert(required(def.keyType, at), `${at}{key}`),
				additionalProperties: convert(required(def.valueType, at), `${at}{}`),
			};
		case "union":
			noChecks(checks, at);
			return { anyOf: (def.options ?? []).map((option, i) => convert(option, `${at}|${i}`)) };
		default:
			throw unsupported(`a schema of kind ${def.type}`, at);
	}
}

/** As zod does, a union of bare types (`{ type }` and nothing else) is spelled as a list of types. */
function compactUnion(json: Json): Json {
	const { anyOf, ...rest } = json;
	const options = anyOf as Json[];
	const types: unknown[] = [];
	for (const option of options) {
		const keys = Object.keys(option);
		if (keys.length !== 1 || keys[0] !== "type") return json;
		for (const type of Array.isArray(option.type) ? (option.type as unknown[]) : [option.type]) {
			if (typeof type !== "string") return json;
			if (!types.includes(type)) types.push(type);
		}
	}
	if (options.length === 0) return json;
	return { ...rest, type: types.length === 1 ? types[0] : types };
}

function object(def: SchemaDef, at: string): Json {
	const shape = def.shape ?? {};
	const properties: Json = {};
	const requiredKeys: string[] = [];
	for (const [key, field] of Object.entries(shape)) {
		properties[key] = convert(field, `${at}.${key}`);
		if (field._zod.optin === undefined) requiredKeys.push(key);
	}
	const json: Json = { type: "object", properties, ...(requiredKeys.length > 0 ? { required: requiredKeys } : {}) };
	if (def.catchall) {
		// A loose object (z.looseObject): other keys are allowed, of any value.
		if (def.catchall._zod.def.type !== "unknown")
			throw unsupported(`a catchall of kind ${def.catchall._zod.def.type}`, at);
		json.additionalProperties = {};
	}
	return json;
}

const SAFE_INTEGER: readonly [number, number] = [Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER];

/** The tightest bounds the checks set (as zod aggregates them), refusing checks not listed. */
function bounds(
	checks: CheckDef[],
	at: string,
	allowed: readonly string[],
): { minimum?: number; maximum?: number; isInt: boolean; patterns: string[] } {
	let minimum: number | undefined;
	let maximum: number | undefined;
	let isInt = false;
	const patterns: string[] = [];
	const atLeast = (value: number | undefined) => {
		if (value !== undefined && (minimum === undefined || value > minimum)) minimum = value;
	};
	const atMost = (value: number | undefined) => {
		if (value !== undefined && (maximum === undefined || value < maximum)) maximum = value;
	};
	for (const check of checks) {
		if (check.check === "describe") continue;
		if (!allowed.includes(check.check)) throw unsupported(`the check ${check.check}`, at);
		if ((check.check === "greater_than" || check.check === "less_than") && !check.inclusive)
			throw unsupported("an exclusive bound", at);
		if (check.check === "greater_than") atLeast(check.value);
		else if (check.check === "less_than") atMost(check.value);
		else if (check.check === "min_length") atLeast(check.minimum);
		else if (check.check === "max_length") atMost(check.maximum);
		else if (check.check === "number_format") {
			if (check.format !== "safeint") throw unsupported(`the number format ${check.format}`, at);
			isInt = true;
			atLeast(SAFE_INTEGER[0]);
			atMost(SAFE_INTEGER[1]);
		} else if (check.check === "string_format") {
			if (check.format !== "regex" || !check.pattern) throw unsupported(`the string format ${check.format}`, at);
			if (!patterns.includes(check.pattern.source)) patterns.push(check.pattern.source);
		}
		// "overwrite" (trim) changes the value after it is read: nothing to say in the schema.
	}
	return { minimum, maximum, isInt, patterns };
}

function range(lowKey: string, low: number | undefined, highKey: string, high: number | undefined): Json {
	return { ...(low !== undefined ? { [lowKey]: low } : {}), ...(high !== undefined ? { [highKey]: high } : {}) };
}

/** Refuses any check but a description (on kinds whose checks say nothing to the model). */
function noChecks(checks: CheckDef[], at: string): void {
	bounds(checks, at, []);
}

/** A schema's description (z.describe), the only metadata the tools use. */
function metadata(schema: z.core.$ZodType, at: string): Json {
	const meta = z.globalRegistry.get(schema);
	if (!meta) return {};
	const keys = Object.keys(meta);
	const other = keys.find((key) => key !== "description");
	if (other !== undefined) throw unsupported(`the metadata ${other}`, at);
	return typeof meta.description === "string" ? { description: meta.description } : {};
}

function required(schema: z.core.$ZodType | undefined, at: string): z.core.$ZodType {
	if (!schema) throw unsupported("a wrapper without its schema", at);
	return schema;
}

function unsupported(what: string, at: string): Error {
	return new Error(
		`toolParameters: ${what} (at ${at}) is not supported: add it to src/tools/json-schema.ts with a test`,
	);
}
