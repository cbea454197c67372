/**
 * An event is one schema entry (src/log/event-schemas.ts): its type, its codec check and its
 * fold follow from it. These tests enumerate the schemas, so a new event type is covered without
 * touching them: each one, built from its schema, survives a write and a reload as itself, is
 * refused on reload when a required field is missing or of the wrong kind, and folds the same
 * live as replayed.
 */
import { describe, expect, it } from "vitest";
import type * as z from "zod/mini";
import { EVENT_SCHEMAS } from "../../src/log/event-schemas";
import { isKnownEvent, type StoredEvent } from "../../src/log/events";
import { encodeEvents, parseLog } from "../../src/log/log-codec";
import { apply, emptyState, project } from "../../src/log/projection";

/** A value the schema accepts; with `full`, every optional field too. */
function sample(schema: z.core.$ZodType, full: boolean): unknown {
	const def = schema._zod.def as z.core.$ZodTypeDef & {
		shape?: Record<string, z.core.$ZodType>;
		options?: z.core.$ZodType[];
		element?: z.core.$ZodType;
		innerType?: z.core.$ZodType;
	};
	switch (def.type) {
		case "string":
			return "text";
		case "number":
			return 2;
		case "boolean":
			return true;
		case "enum":
		case "literal":
			return [...(schema._zod.values ?? [])][0];
		case "unknown":
			return { any: "thing" };
		case "array":
			return def.element ? [sample(def.element, full)] : [];
		case "record":
			return { 0: ["text"] };
		case "optional":
			return def.innerType ? sample(def.innerType, full) : undefined;
		case "union":
			return def.options?.[0] ? sample(def.options[0], full) : undefined;
		case "object": {
			const out: Record<string, unknown> = {};
			for (const [key, value] of Object.entries(def.shape ?? {})) {
				const optional = value._zod.optin === "optional";
				if (optional && !full) continue;
				out[key] = sample(value, full);
			}
			return out;
		}
		default:
			throw new Error(`no sample for a ${def.type} schema: add one here`);
	}
}

function required(schema: z.ZodMiniObject): string[] {
	return Object.entries(schema._zod.def.shape)
		.filter(([, value]) => value._zod.optin !== "optional" && value._zod.def.type !== "unknown")
		.map(([key]) => key);
}

const types = Object.entries(EVENT_SCHEMAS);
const at = "2025-01-01T00:00:00.000Z";
const stamped = (type: string, payload: unknown, seq = 1): StoredEvent =>
	({ ...(payload as object), type, seq, threadId: "t1", at }) as StoredEvent;

describe("every event type, from its schema", () => {
	it.each(types)("%s survives a write and a reload as itself, with and without its optional fields", (type, schema) => {
		for (const full of [false, true]) {
			const event = stamped(type, sample(schema, full));
			const { events, skipped } = parseLog("t1", encodeEvents([event]));
			expect(skipped).toEqual([]);
			expect(events).toStrictEqual([event]);
			expect(events[0] && isKnownEvent(events[0])).toBe(true);
		}
	});

	it.each(types)("%s is skipped on reload without a required field, or with one of the wrong kind", (type, schema) => {
		const event = sample(schema, true) as Record<string, unknown>;
		for (const key of required(schema)) {
			const { [key]: _gone, ...without } = event;
			const wrongKind = { ...event, [key]: typeof event[key] === "string" ? 7 : "7" };
			for (const broken of [without, wrongKind, { ...event, [key]: null }]) {
				const parsed = parseLog("t1", JSON.stringify(stamped(type, broken)) + "\n");
				expect(parsed.events).toEqual([]);
				expect(parsed.skipped).toEqual([`line 1: ${type} without a valid ${key}`]);
			}
		}
	});

	it("folds every type the same live as replayed", () => {
		const events = types.map(([type, schema], i) => stamped(type, sample(schema, true), i + 1));
		expect(events.reduce(apply, emptyState("t1"))).toStrictEqual(project("t1", events));
	});
});
