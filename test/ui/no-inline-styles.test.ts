// Obsidian's guidelines: styles live in styles.css (themes and snippets can override them), not in
// style attributes. No JSX in src/ sets one (found with TypeScript's parser, not by searching text).
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { repoRoot } from "../support/corpus";
import { readdir, readFile } from "../../src/node/fs";
import { join, relative } from "../../src/node/path";

/** `file:line` of every JSX style attribute in the source. */
function inlineStyles(path: string, source: string): string[] {
	const file = ts.createSourceFile(path, source, ts.ScriptTarget.ES2022, true, ts.ScriptKind.TSX);
	const found: string[] = [];
	const visit = (node: ts.Node): void => {
		if (ts.isJsxAttribute(node) && node.name.getText(file) === "style")
			found.push(`${path}:${file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1}`);
		ts.forEachChild(node, visit);
	};
	visit(file);
	return found;
}

describe("styles", () => {
	it("are never inline in JSX", async () => {
		const src = join(repoRoot, "src");
		const files = (await readdir(src, { recursive: true })).filter((name) => name.endsWith(".tsx"));
		expect(files.length).toBeGreaterThan(10);
		const found: string[] = [];
		for (const name of files)
			found.push(...inlineStyles(relative(repoRoot, join(src, name)), await readFile(join(src, name), "utf8")));
		expect(found).toEqual([]);
	});

	it("finds a style attribute where there is one", () => {
		expect(inlineStyles("x.tsx", "const a = <div className='x' style={{ width: '3%' }} />;")).toEqual(["x.tsx:1"]);
	});
});
