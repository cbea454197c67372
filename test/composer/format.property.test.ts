import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { applyEdits } from "../../src/composer/search-replace";
import { detectFormat, fromModelText, toModelText } from "../../src/composer/text-format";

const line = fc.string({ unit: fc.constantFrom("a", "b", " ", "\t", "#", "-", "é", "x"), maxLength: 12 });

describe("format and edit properties", () => {
	it("round-trips any note with consistent line endings through model text unchanged", () => {
		fc.assert(
			fc.property(
				fc.array(line, { maxLength: 20 }),
				fc.boolean(),
				fc.boolean(),
				fc.nat(3),
				(lines, crlf, bom, finals) => {
					const eol = crlf ? "\r\n" : "\n";
					const body = lines.join(eol).replace(/\s+$/, "");
					if (body === "") return;
					const note = (bom ? "\uFEFF" : "") + body + eol.repeat(finals);
					expect(fromModelText(toModelText(note), detectFormat(note))).toBe(note);
				},
			),
		);
	});

	it("replaces a search that occurs exactly once just like a plain string replace", () => {
		fc.assert(
			fc.property(
				fc.array(line, { minLength: 1, maxLength: 15 }),
				fc.nat(),
				fc.string({ maxLength: 10 }),
				(lines, pick, replacement) => {
					const text = lines.join("\n");
					const search = `\u0001${pick}\u0002`;
					const at = pick % (lines.length + 1);
					const withMarker = [...lines.slice(0, at), search, ...lines.slice(at)].join("\n");
					const result = applyEdits(withMarker, [{ search, replace: replacement }]);
					expect(result).toMatchObject({ ok: true, text: withMarker.replace(search, () => replacement) });
					expect(text).not.toContain(search);
				},
			),
		);
	});

	it("never splits a line with a whitespace-tolerant match: every line outside the match stays whole", () => {
		const word = fc.stringMatching(/^[a-z]{1,6}$/);
		const textLine = fc
			.tuple(
				fc.constantFrom("", "  ", "\t"),
				fc.array(word, { minLength: 1, maxLength: 4 }),
				fc.constantFrom("", " ", "  "),
			)
			.map(([lead, words, tail]) => lead + words.join(" ") + tail);
		fc.assert(
			fc.property(
				fc.array(textLine, { minLength: 1, maxLength: 12 }),
				fc.nat(),
				fc.nat(3),
				fc.option(fc.nat(), { nil: undefined }),
				(lines, pick, span, part) => {
					const start = pick % lines.length;
					const end = Math.min(lines.length, start + 1 + span);
					// Whole lines, or (part) some words from inside one line, which must never match mid-line.
					const chosen =
						part === undefined
							? lines.slice(start, end)
							: [
									(lines[start] ?? "")
										.trim()
										.split(" ")
										.slice(part % 2, 1 + (part % 3))
										.join(" "),
								];
					// Whitespace mangled, ending in a " \t" no line of the text has: never found literally.
					const search = chosen.map((l) => `${l.trim().split(" ").join(" \t ")} \t`).join("\n");
					const result = applyEdits(lines.join("\n"), [{ search, replace: "REPLACED" }]);
					if (!result.ok) return;
					const out = result.text.split("\n");
					const replacedAt = out.findIndex((l) => l.includes("REPLACED"));
					expect(replacedAt).toBeGreaterThanOrEqual(0);
					// The lines before and after the match are the note's own, untouched and unsplit.
					const before = out.slice(0, replacedAt);
					const after = out.slice(replacedAt + 1);
					expect(lines.join("\n").startsWith(before.join("\n"))).toBe(true);
					expect(lines.join("\n").endsWith(after.join("\n"))).toBe(true);
					expect(before.length + 1 + after.length).toBeLessThanOrEqual(lines.length);
					expect(out[replacedAt]?.trim()).toBe("REPLACED");
				},
			),
			{ numRuns: 500 },
		);
	});
});
