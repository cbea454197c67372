import { describe, expect, it } from "vitest";
import {
	detectFormat,
	fromModelText,
	keepFrontmatter,
	mayTouchFrontmatter,
	splitFrontmatter,
	toModelText,
} from "../../src/composer/text-format";

describe("note format", () => {
	it("detects a BOM and CRLF line endings and hides both from the model", () => {
		const note = "\uFEFF# Title\r\n\r\nBody\r\n";
		expect(detectFormat(note)).toEqual({ bom: true, eol: "\r\n", trailingNewlines: 1 });
		expect(toModelText(note)).toBe("# Title\n\nBody\n");
	});

	it("puts model output back into a CRLF note's format, whatever line endings the model used", () => {
		const format = detectFormat("\uFEFFa\r\nb\r\n");
		expect(fromModelText("a\nB\r\nc", format)).toBe("\uFEFFa\r\nB\r\nc\r\n");
	});

	it("keeps the note's final newlines exactly, even when the model adds or drops some", () => {
		expect(fromModelText("x\n\n\n", detectFormat("a"))).toBe("x");
		expect(fromModelText("x", detectFormat("a\n\n"))).toBe("x\n\n");
	});

	it("treats a mostly-LF note as LF", () => {
		expect(detectFormat("a\nb\nc\r\n").eol).toBe("\n");
	});
});

describe("frontmatter", () => {
	const note = "---\ntags:\n  - x\nstatus: draft\n---\n# Title\nBody\n";

	it("splits the YAML block and lists its property names", () => {
		const { frontmatter, body } = splitFrontmatter(note);
		expect(frontmatter?.keys).toEqual(["tags", "status"]);
		expect(body).toBe("# Title\nBody\n");
	});

	it("restores the original block when the model dropped it on an edit unrelated to properties", () => {
		const result = keepFrontmatter(note, "# Title\nBody, edited\n", "reword the body");
		expect(result).toEqual({ text: "---\ntags:\n  - x\nstatus: draft\n---\n# Title\nBody, edited\n", restored: true });
	});

	it("restores the original block when the model altered it on an unrelated edit", () => {
		const result = keepFrontmatter(note, "---\ntags: [x]\nstatus: draft\n---\n# Title\nNew\n", "reword the body");
		expect(result.text).toBe("---\ntags:\n  - x\nstatus: draft\n---\n# Title\nNew\n");
	});

	it("lets an edit that names the frontmatter or one of its properties change it", () => {
		const changed = "---\ntags:\n  - x\nstatus: done\n---\n# Title\nBody\n";
		expect(keepFrontmatter(note, changed, "set status to done")).toEqual({ text: changed, restored: false });
		expect(mayTouchFrontmatter("add a tag", splitFrontmatter(note).frontmatter!)).toBe(true);
		expect(mayTouchFrontmatter("Update the properties", splitFrontmatter(note).frontmatter!)).toBe(true);
		expect(mayTouchFrontmatter("fix typos", splitFrontmatter(note).frontmatter!)).toBe(false);
	});

	it("leaves notes without frontmatter alone", () => {
		expect(keepFrontmatter("# A\n", "---\nx: 1\n---\n# A\n", "add x")).toEqual({
			text: "---\nx: 1\n---\n# A\n",
			restored: false,
		});
	});
});

describe("frontmatter or a divider", () => {
	it("reads a block of YAML properties as frontmatter, an empty block too", () => {
		expect(splitFrontmatter("---\ntags:\n  - x\n# a comment\nstatus: draft\n---\n# T\n").frontmatter?.keys).toEqual([
			"tags",
			"status",
		]);
		expect(splitFrontmatter("---\n---\n# T\n").frontmatter?.block).toBe("---\n---\n");
	});

	it("reads a note that opens with --- around ordinary text as having no frontmatter", () => {
		for (const text of ["---\n\nA thought, set apart.\n\n---\nRest\n", "---\n- one\n- two\n---\n"]) {
			expect(splitFrontmatter(text), text).toEqual({ frontmatter: null, body: text });
		}
	});
});
