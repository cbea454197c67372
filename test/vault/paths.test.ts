import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { basename, isUnder, normalizeFolderPath, normalizeVaultPath, parentFolder } from "../../src/vault/paths";
import { VaultError } from "../../src/vault/vault";

function codeOf(fn: () => unknown): string | undefined {
	try {
		fn();
	} catch (error) {
		return error instanceof VaultError ? error.code : "not a VaultError";
	}
	return undefined;
}

describe("normalizeVaultPath", () => {
	it.each([
		["Daily/Today.md", "Daily/Today.md"],
		["./Daily/Today.md", "Daily/Today.md"],
		["Daily//Today.md", "Daily/Today.md"],
		["Daily/./Today.md", "Daily/Today.md"],
		["Daily/", "Daily"],
		["a..b.md", "a..b.md"],
		["...md", "...md"],
		[" spaced name.md", " spaced name.md"],
		["Re: budget.md", "Re: budget.md"],
		["Meetings/Standup 9:30.md", "Meetings/Standup 9:30.md"],
	])("normalizes %j to %j", (input, expected) => {
		expect(normalizeVaultPath(input)).toBe(expected);
	});

	it.each([
		["", "names no note"],
		["./", "names no note"],
		["..", '".."'],
		["a/../b.md", '".."'],
		["/etc/passwd", "absolute"],
		["C:\\x.md", "\\"],
		["c:x.md", "drive letter"],
		["\\\\server\\share", "\\"],
		["a\\b.md", "\\"],
		["a\u0000b.md", "control character"],
		["a\nb.md", "control character"],
	])("rejects %j with invalid-path and a message naming the path", (input, mention) => {
		try {
			normalizeVaultPath(input);
			expect.unreachable("should have thrown");
		} catch (error) {
			expect(error).toBeInstanceOf(VaultError);
			expect((error as VaultError).code).toBe("invalid-path");
			expect((error as VaultError).message).toContain(JSON.stringify(input));
			expect((error as VaultError).message).toContain(mention);
		}
	});

	it.each([
		["a zero-width space", "Projects/Garden shed\u200b.md", "U+200B", "an invisible character"],
		["a zero-width non-joiner", "Garden\u200cshed.md", "U+200C", "an invisible character"],
		["a zero-width joiner", "Garden\u200dshed.md", "U+200D", "an invisible character"],
		["a byte order mark", "\ufeffGarden shed.md", "U+FEFF", "an invisible character"],
		["a soft hyphen", "Garden\u00adshed.md", "U+00AD", "an invisible character"],
		["a word joiner", "Garden\u2060shed.md", "U+2060", "an invisible character"],
		["a right-to-left override", "Invoices/\u202egpj.md", "U+202E", "an invisible character"],
		["a left-to-right embedding", "\u202aPlan.md", "U+202A", "an invisible character"],
		["a first-strong isolate", "Plan\u2068.md", "U+2068", "an invisible character"],
		["a pop directional isolate", "Plan\u2069.md", "U+2069", "an invisible character"],
		["a Hangul filler (invisible, though a letter)", "Garden shed\u3164.md", "U+3164", "an invisible character"],
		["a C1 next-line control", "Garden\u0085shed.md", "U+0085", "a control character"],
		["a C1 control sequence introducer", "Garden\u009bshed.md", "U+009B", "a control character"],
		["DEL", "Garden\u007fshed.md", "U+007F", "a control character"],
		["a line separator", "Garden\u2028shed.md", "U+2028", "an invisible line break"],
		["a paragraph separator", "Garden\u2029shed.md", "U+2029", "an invisible line break"],
	])("refuses a path with %s, naming the character and showing the path escaped", (_what, input, code, kind) => {
		let message = "";
		try {
			normalizeVaultPath(input);
			expect.unreachable("should have thrown");
		} catch (error) {
			expect(error).toBeInstanceOf(VaultError);
			expect((error as VaultError).code).toBe("invalid-path");
			message = (error as VaultError).message;
		}
		expect(message).toContain(`the path holds ${kind} (${code})`);
		// The quoted path shows the character as an escape, never as itself.
		const escaped = `\\u${code.slice(2)}`;
		expect(message).toContain(escaped);
		expect(message).not.toContain(String.fromCodePoint(Number.parseInt(code.slice(2), 16)));
	});

	it("accepts names that hold a no-break space, an emoji with its variation selector, or letters of any script", () => {
		for (const path of [
			"Garden\u00a0shed.md",
			"\u2764\ufe0f Favorites.md",
			"Notizen/Straße.md",
			"یادداشت.md",
			"日記/今日.md",
			"cafe\u0301.md",
		]) {
			expect(normalizeVaultPath(path)).toBe(path);
		}
	});

	it("refuses a path that is not a string, saying what it got", () => {
		expect(() => normalizeVaultPath(42 as unknown as string)).toThrow(
			new VaultError("invalid-path", "Invalid path: expected a string, got number"),
		);
	});

	it("never returns a path that is absolute, has .. or empty segments, or a backslash", () => {
		fc.assert(
			fc.property(fc.string({ unit: fc.constantFrom("a", "/", ".", "\\", ":", "C", " ") }), (input) => {
				let out: string;
				try {
					out = normalizeVaultPath(input);
				} catch (error) {
					return error instanceof VaultError && error.code === "invalid-path";
				}
				const segments = out.split("/");
				return (
					!/^[A-Za-z]:/.test(out) &&
					!out.startsWith("/") &&
					!out.includes("\\") &&
					segments.every((s) => s !== "" && s !== "." && s !== "..") &&
					normalizeVaultPath(out) === out
				);
			}),
			// Found by this property once: "./a:" became "a:", which reads as a drive letter.
			{ examples: [["./a:"], ["./C:/Windows"]] },
		);
	});
});

describe("normalizeFolderPath", () => {
	it("treats undefined, empty, / and . as the vault root", () => {
		expect([undefined, "", "/", ".", " "].map(normalizeFolderPath)).toEqual(["", "", "", "", ""]);
	});

	it("still refuses .. and absolute folders", () => {
		expect(codeOf(() => normalizeFolderPath("../x"))).toBe("invalid-path");
		expect(codeOf(() => normalizeFolderPath("/x"))).toBe("invalid-path");
	});
});

describe("path helpers", () => {
	it("counts a folder itself as under it, and only whole segments below it", () => {
		expect(isUnder("Redline data", "Redline data")).toBe(true);
		expect(isUnder("Redline data/threads/a.jsonl", "Redline data")).toBe(true);
		expect(isUnder("Redline database/a.md", "Redline data")).toBe(false);
		expect(isUnder("anything.md", "")).toBe(true);
	});

	it("splits a path into parent folder and base name", () => {
		expect(parentFolder("a/b/c.md")).toBe("a/b");
		expect(parentFolder("c.md")).toBe("");
		expect(basename("a/b/c.md")).toBe("c.md");
		expect(basename("c.md")).toBe("c.md");
	});
});
