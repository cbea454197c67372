// The tools' JSON schemas are made by Redline's own converter (main.js leaves zod's out): for each
// kind it knows, it gives what zod's toJSONSchema gives, byte for byte; for anything else it
// refuses, naming what and where, rather than send the model a schema that says something else.
import { describe, expect, it } from "vitest";
import * as zod from "zod";
import * as z from "zod/mini";
import { toolParameters } from "../../src/tools/json-schema";

/** What zod itself gives for the input side, as the model was sent it before (no `$schema`). */
function zodsOwn(schema: z.core.$ZodType): unknown {
	const json = zod.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as Record<string, unknown>;
	delete json.$schema;
	return json;
}

const described = (text: string) => z.describe(text);

const SCHEMAS: Record<string, z.core.$ZodType> = {
	"a string with bounds, a pattern and a trim": z.object({
		s: z.string().check(z.trim(), z.minLength(2), z.maxLength(9), z.regex(/^a+$/), described("As")),
	}),
	"a string with the tightest of several bounds": z.object({
		s: z.string().check(z.minLength(2), z.minLength(4), z.maxLength(9), z.maxLength(7)),
	}),
	"numbers and integers with bounds": z.object({
		n: z.number(),
		i: z.number().check(z.int()),
		own: z.int().check(z.maximum(3)),
		b: z.number().check(z.minimum(-3), z.maximum(8)),
		ib: z.number().check(z.int(), z.minimum(0), z.maximum(50)),
	}),
	"booleans and enums": z.object({ yes: z.boolean(), pick: z.enum(["a", "b"]).check(described("Pick one")) }),
	"optional fields with their descriptions": z.object({
		a: z.optional(z.string()).check(described("Maybe")),
		b: z.optional(z.number().check(z.int(), z.minimum(1))).check(described("Count")),
		c: z.optional(z.string().check(described("Inner"))),
	}),
	"arrays with bounds": z.object({
		list: z
			.optional(z.array(z.object({ x: z.string() })).check(z.minLength(1), z.maxLength(3)))
			.check(described("Items")),
	}),
	"unions, of objects and of bare types": z.object({
		u: z.union([z.string(), z.object({ label: z.string() })]),
		bare: z.union([z.string(), z.number(), z.string()]),
		nested: z.union([z.boolean(), z.union([z.string(), z.number()])]),
	}),
	"loose objects and pipes into transforms": z.pipe(
		z.looseObject({ a: z.optional(z.string()) }),
		z.transform((value) => value),
	),
	"records of names to values": z.object({
		set: z
			.optional(
				z.record(
					z.string().check(z.minLength(1)),
					z.union([z.string(), z.number(), z.array(z.union([z.string(), z.boolean()]))]),
				),
			)
			.check(described("Set")),
	}),
	"nested objects and empty ones": z.object({ inner: z.object({ deeper: z.object({}) }).check(described("Inner")) }),
};

describe("a tool's JSON schema", () => {
	for (const [kind, schema] of Object.entries(SCHEMAS)) {
		it(`is what zod gives for ${kind}`, () => {
			expect(JSON.stringify(toolParameters(schema))).toBe(JSON.stringify(zodsOwn(schema)));
		});
	}

	it("is the same from zod's classic API, which tests' tools use", () => {
		const classic = zod.object({
			path: zod.string().min(1).describe("Path"),
			n: zod.number().int().max(5).optional().describe("N"),
		});
		expect(JSON.stringify(toolParameters(classic))).toBe(JSON.stringify(zodsOwn(classic)));
	});

	it.each([
		["a kind it does not know", z.object({ when: z.date() }), "a schema of kind date (at arguments.when)"],
		["a nullable field", z.object({ a: z.nullable(z.string()) }), "a schema of kind nullable (at arguments.a)"],
		["a string format", z.object({ mail: z.email() }), "the string format email (at arguments.mail)"],
		["an exclusive bound", z.object({ n: z.number().check(z.gt(0)) }), "an exclusive bound (at arguments.n)"],
		[
			"a check on a boolean",
			z.object({ b: z.boolean().check(z.refine(() => true)) }),
			"the check custom (at arguments.b)",
		],
		[
			"metadata other than a description",
			z.object({ s: z.string().check(z.meta({ title: "S" })) }),
			"the metadata title (at arguments.s)",
		],
		[
			"an object with a typed catchall",
			z.catchall(z.object({}), z.string()),
			"a catchall of kind string (at arguments)",
		],
		[
			"an array of a kind it does not know",
			z.object({ list: z.array(z.bigint()) }),
			"a schema of kind bigint (at arguments.list[])",
		],
	])("refuses %s, naming it", (_, schema, message) => {
		expect(() => toolParameters(schema)).toThrow(`toolParameters: ${message} is not supported`);
	});
});
