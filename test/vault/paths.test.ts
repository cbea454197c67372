import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
	basename,
	normalizeFolderPath,
	normalizeVaultPath,
	parentFolder,
} from "../../src/vault/paths";
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
	it("splits a path into parent folder and base name", () => {
		expect(parentFolder("a/b/c.md")).toBe("a/b");
		expect(parentFolder("c.md")).toBe("");
		expect(basename("a/b/c.md")).toBe("c.md");
		expect(basename("c.md")).toBe("c.md");
	});
});
