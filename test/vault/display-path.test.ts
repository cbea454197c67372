import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { displayPath, escapeLookalikes, refusedCharacter } from "../../src/vault/display-path";

/** Reads a shown path back: `\\` is a backslash, `\uXXXX` and `\u{X…}` a character, the rest itself. */
function readBack(shown: string): string {
	return shown.replace(
		/\\(\\|u\{([0-9A-F]+)\}|u([0-9A-F]{4}))/g,
		(_all, what: string, long?: string, short?: string) =>
			what === "\\" ? "\\" : String.fromCodePoint(Number.parseInt(long ?? short ?? "", 16)),
	);
}

describe("showing a path to a person", () => {
	it("shows a zero-width space as an escape, so the name never reads like the one without it", () => {
		expect(displayPath("Projects/Garden shed\u200b.md")).toBe("Projects/Garden shed\\u200B.md");
		expect(displayPath("Projects/Garden shed\u200b.md")).not.toBe(displayPath("Projects/Garden shed.md"));
	});

	it("shows a no-break space and the other wide or narrow spaces escaped, and a plain space as itself", () => {
		expect(displayPath("Garden\u00a0shed.md")).toBe("Garden\\u00A0shed.md");
		expect(displayPath("Garden\u2007shed\u3000.md")).toBe("Garden\\u2007shed\\u3000.md");
		expect(displayPath("Garden shed.md")).toBe("Garden shed.md");
	});

	it("shows bidi overrides, C1 controls, line separators and tag characters escaped", () => {
		expect(displayPath("Invoices/\u202egpj.md")).toBe("Invoices/\\u202Egpj.md");
		expect(displayPath("a\u0085b\u2028c\u2029.md")).toBe("a\\u0085b\\u2028c\\u2029.md");
		expect(displayPath("Flag\u{e0067}.md")).toBe("Flag\\u{E0067}.md");
	});

	it("shows a lone surrogate and an invisible letter (a Hangul filler) escaped", () => {
		expect(displayPath("a\ud800b.md")).toBe("a\\uD800b.md");
		expect(displayPath("Garden shed\u3164.md")).toBe("Garden shed\\u3164.md");
	});

	it("shows look-alikes of the folder slash and of the extension's dot escaped", () => {
		expect(displayPath("Projects\u2215Secret.md")).toBe("Projects\\u2215Secret.md");
		expect(displayPath("Projects\uff0fSecret\u2024md")).toBe("Projects\\uFF0FSecret\\u2024md");
		expect(displayPath("a\u2044b\u2571c\u29f8d\ufe52e\uff0e")).toBe("a\\u2044b\\u2571c\\u29F8d\\uFE52e\\uFF0E");
	});

	it("shows a decomposed accent escaped, since it names another file than the composed one", () => {
		expect(displayPath("cafe\u0301.md")).toBe("cafe\\u0301.md");
		expect(displayPath("caf\u00e9.md")).toBe("caf\u00e9.md");
		// A composed name keeps the marks its script needs.
		expect(displayPath("हिन्दी.md")).toBe("हिन्दी.md");
	});

	it("keeps an emoji's own variation selector, and escapes one that follows a letter", () => {
		expect(displayPath("\u2764\ufe0f Favorites.md")).toBe("\u2764\ufe0f Favorites.md");
		expect(displayPath("Garden shed\ufe0f.md")).toBe("Garden shed\\uFE0F.md");
		expect(displayPath("\ufe0fGarden.md")).toBe("\\uFE0FGarden.md");
	});

	it("escapes a backslash of an invalid path, so an escape is never the name's own text", () => {
		expect(displayPath("Garden shed\\u200B.md")).toBe("Garden shed\\\\u200B.md");
		expect(displayPath("Garden shed\\u200B.md")).not.toBe(displayPath("Garden shed\u200b.md"));
	});

	it("never shows two different paths the same, and never shows an invisible character", () => {
		const unit = fc.constantFrom(
			"a",
			" ",
			"/",
			".",
			"\\",
			"u",
			"2",
			"0",
			"B",
			"\u200b",
			"\u00a0",
			"\u202e",
			"\u0085",
			"\u2028",
			"\ufe0f",
			"\u2764",
			"e",
			"\u0301",
			"\u{e0067}",
			"\u2215",
		);
		fc.assert(
			fc.property(fc.string({ unit }), fc.string({ unit }), (a, b) => {
				const shown = displayPath(a);
				expect(readBack(shown)).toBe(a);
				if (a !== b) expect(displayPath(b)).not.toBe(shown);
				expect(shown).not.toMatch(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\u00a0\u202e]/u);
			}),
		);
	});

	it("escapes text without touching backslashes it already holds (for quoting a path in an error)", () => {
		expect(escapeLookalikes(JSON.stringify("a\\b\u200b.md"))).toBe('"a\\\\b\\u200B.md"');
	});
});

describe("the characters a vault path may not hold", () => {
	it("names the first one with its code and kind", () => {
		expect(refusedCharacter("Garden shed\u200b.md")).toEqual({ code: "U+200B", kind: "an invisible character" });
		expect(refusedCharacter("a\u0009b")).toEqual({ code: "U+0009", kind: "a control character" });
		expect(refusedCharacter("a\u2029b")).toEqual({ code: "U+2029", kind: "an invisible line break" });
		expect(refusedCharacter("\u{e0001}x")).toEqual({ code: "U+E0001", kind: "an invisible character" });
	});

	it("allows a no-break space, variation selectors and look-alikes, which are only shown escaped", () => {
		for (const path of ["Garden\u00a0shed.md", "\u2764\ufe0f.md", "a\u2215b.md", "cafe\u0301.md"])
			expect(refusedCharacter(path), path).toBeUndefined();
	});
});
