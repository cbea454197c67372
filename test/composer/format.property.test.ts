import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { applyEdits } from "../../src/composer/search-replace";
import { detectFormat, fromModelText, toModelText } from "../../src/composer/text-format";

const line = fc.string({ unit: fc.constantFrom("a", "b", " ", "\t", "#", "-", "é", "x"), maxLength: 12 });

describe("format and edit properties", () => {
	it("round-trips any note with consistent line endings through model text unchanged", () => {
		fc.assert(
			fc.property(fc.array(line, { maxLength: 20 }), fc.boolean(), fc.boolean(), fc.nat(3), (lines, crlf, bom, finals) => {
				const eol = crlf ? "\r\n" : "\n";
				const body = lines.join(eol).replace(/\s+$/, "");
				if (body === "") return;
				const note = (bom ? "\uFEFF" : "") + body + eol.repeat(finals);
				expect(fromModelText(toModelText(note), detectFormat(note))).toBe(note);
			}),
		);
	});

	it("replaces a search that occurs exactly once just like a plain string replace", () => {
		fc.assert(
			fc.property(fc.array(line, { minLength: 1, maxLength: 15 }), fc.nat(), fc.string({ maxLength: 10 }), (lines, pick, replacement) => {
				const text = lines.join("\n");
				const search = `\u0001${pick}\u0002`;
				const at = pick % (lines.length + 1);
				const withMarker = [...lines.slice(0, at), search, ...lines.slice(at)].join("\n");
				const result = applyEdits(withMarker, [{ search, replace: replacement }]);
				expect(result).toMatchObject({ ok: true, text: withMarker.replace(search, () => replacement) });
				expect(text).not.toContain(search);
			}),
		);
	});
});
