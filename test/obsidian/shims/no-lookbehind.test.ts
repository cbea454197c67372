// The openai path helper as main.js bundles it: its lookbehind regex is rewritten at build time
// (iOS before 16.4 cannot parse one), and the rewrite checks paths exactly as the original does.
import type { Plugin } from "esbuild";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { noLookbehind, packageEditsPlugin } from "../../../build/index.mjs";
import { hasLookbehind, regexesIn } from "../support/regex-literals";
import { bundleForTest, runCommonJs } from "./support/load-bundled";

type PathTag = (statics: readonly string[], ...params: unknown[]) => string;

async function bundledPathHelper(plugins: Plugin[]): Promise<{ code: string; path: PathTag }> {
	const entry = "node_modules/openai/internal/utils/path.mjs";
	const built = await bundleForTest({ entryPoints: [entry], plugins });
	const code = built.outputFiles[0].text;
	return { code, path: runCommonJs<{ path: PathTag }>(code, import.meta.url).path };
}

/** What the tag gives: the path, or the error it throws. */
function outcome(tag: PathTag, statics: string[], params: string[]): string {
	try {
		return `ok ${tag(statics, ...params)}`;
	} catch (error) {
		return `error ${error instanceof Error ? error.message : String(error)}`;
	}
}

let original: { code: string; path: PathTag };
let rewritten: { code: string; path: PathTag };

beforeAll(async () => {
	original = await bundledPathHelper([]);
	rewritten = await bundledPathHelper([packageEditsPlugin({ rewrites: noLookbehind })]);
}, 60_000);

describe("the openai path helper without its lookbehind", () => {
	it("has no lookbehind left (the original has one)", () => {
		expect(regexesIn(original.code).some((r) => hasLookbehind(r.pattern))).toBe(true);
		expect(regexesIn(rewritten.code).filter((r) => hasLookbehind(r.pattern))).toEqual([]);
	});

	it("refuses traversal segments with the same message, marking the same places", () => {
		const cases: [string[], string[]][] = [
			[["/files/", "/content"], [".."]],
			[["/files/", ""], ["."]],
			[
				["/a/", "/", "/b"],
				["..", "%2e%2E"],
			],
			[["../", "/x"], ["ok"]],
			[
				["/x/", "?q=", ""],
				["..", ".."],
			],
			[["/files/", "/content"], ["file_123"]],
		];
		for (const [statics, params] of cases)
			expect(outcome(rewritten.path, statics, params)).toBe(outcome(original.path, statics, params));
		expect(outcome(rewritten.path, ["/files/", "/content"], [".."])).toMatch(
			/^error Path parameters result in path with invalid segments:\nValue "\.\." can't be safely passed/,
		);
	});

	it("agrees with the original on any path made of dots, slashes, escapes and text", () => {
		const piece = fc.constantFrom(".", "..", "...", "%2e", "%2E", "/", "?", "#", "a", "b.c", "%2f", "");
		const text = fc.array(piece, { maxLength: 6 }).map((parts) => parts.join(""));
		fc.assert(
			fc.property(
				fc.array(text, { minLength: 1, maxLength: 4 }),
				fc.array(text, { maxLength: 3 }),
				(statics, params) => {
					const cut = statics.slice(0, params.length + 1);
					while (cut.length < params.length + 1) cut.push("");
					expect(outcome(rewritten.path, cut, params)).toBe(outcome(original.path, cut, params));
				},
			),
			{ numRuns: 2000 },
		);
	});
});
