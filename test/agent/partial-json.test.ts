import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { parsePartialJson } from "../../src/agent/partial-json";

describe("parsePartialJson", () => {
	it("returns only the string fields that are complete so far", () => {
		expect(parsePartialJson('{"path": "Daily.md", "description": "Remove all hea')).toEqual({ path: "Daily.md" });
		expect(parsePartialJson('{"path": "Daily.md", "description": "Remove all headings"')).toEqual({
			path: "Daily.md",
			description: "Remove all headings",
		});
	});

	it("leaves out a number or literal that may still grow", () => {
		expect(parsePartialJson('{"limit": 12')).toEqual({});
		expect(parsePartialJson('{"limit": 12,')).toEqual({ limit: 12 });
		expect(parsePartialJson('{"ok": tr')).toEqual({});
	});

	it("shows the complete parts of nested arrays and objects", () => {
		expect(parsePartialJson('{"edits": [{"search": "a", "replace": "b"}, {"search": "c')).toEqual({
			edits: [{ search: "a", replace: "b" }, {}],
		});
	});

	it("decodes escapes and tolerates garbage", () => {
		expect(parsePartialJson('{"text": "line\\nbreak \\"q\\""}')).toEqual({ text: 'line\nbreak "q"' });
		expect(parsePartialJson("")).toEqual({});
		expect(parsePartialJson("not json")).toEqual({});
		expect(parsePartialJson('{"a": @@')).toEqual({});
	});

	it("never contradicts the full parse on any prefix of a JSON object", () => {
		fc.assert(
			fc.property(
				fc.dictionary(fc.string({ maxLength: 5 }), fc.oneof(fc.string(), fc.integer(), fc.boolean())),
				(object) => {
					const text = JSON.stringify(object);
					for (let i = 0; i <= text.length; i++) {
						const partial = parsePartialJson(text.slice(0, i));
						for (const [key, value] of Object.entries(partial)) expect(object[key]).toEqual(value);
					}
					expect(parsePartialJson(text)).toEqual(object);
				},
			),
			{ numRuns: 100 },
		);
	});
});
