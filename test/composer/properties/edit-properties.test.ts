/**
 * setProperties' change to a frontmatter block (issue 31), with the real `yaml` library: only the
 * lines of the properties asked for change, the rest of the note stays byte for byte, dates stay
 * the strings they are written as, and a block that is not valid YAML is refused, not rewritten.
 */
import { describe, expect, it } from "vitest";
import { editProperties, type PropertiesEdit } from "../../../src/composer/properties/edit-properties";
import { yamlLibraryCodec as codec } from "../../../src/sandbox/yaml-library-codec";

function written(edit: PropertiesEdit): string {
	if (!edit.ok) throw new Error(`refused: ${edit.message}`);
	return edit.text;
}

const NOTE = [
	"---",
	"# kept comment",
	'title: "Quoted: yes"',
	"single: 'it''s'",
	"date: 2024-01-05",
	"inline: [a, b]   # trailing",
	"tags:",
	"- one",
	"- two",
	"hex: 0x1F",
	"---",
	"# Body",
	"",
	"text: not a property",
	"",
].join("\n");

describe("setting and removing properties", () => {
	it("creates a frontmatter block on a note without one, and keeps the note after it byte for byte", () => {
		const note = "# Plan\n\nfirst para\n";
		const edit = editProperties(note, { set: { status: "draft", tags: ["project", "q3"] } }, codec);
		expect(written(edit)).toBe("---\nstatus: draft\ntags:\n  - project\n  - q3\n---\n# Plan\n\nfirst para\n");
		expect(edit).toMatchObject({ set: ["status", "tags"], removed: [], absent: [] });
	});

	it("creates the block after a BOM and with the note's CRLF line endings", () => {
		const note = "\uFEFF# Plan\r\nline\r\n";
		expect(written(editProperties(note, { set: { a: 1 } }, codec))).toBe(
			"\uFEFF---\r\na: 1\r\n---\r\n# Plan\r\nline\r\n",
		);
	});

	it("changes one property and leaves every other line as written: quotes, comments, lists, dates", () => {
		const text = written(editProperties(NOTE, { set: { date: "2024-02-01" } }, codec));
		expect(text).toBe(NOTE.replace("date: 2024-01-05", "date: 2024-02-01"));
	});

	it("keeps dates as the strings they are written as, and quotes a string that would read as a number", () => {
		const text = written(editProperties(NOTE, { set: { due: "2025-12-31", count: "12", n: 12 } }, codec));
		expect(text).toContain("date: 2024-01-05\n");
		expect(text).toContain('hex: 0x1F\ndue: 2025-12-31\ncount: "12"\nn: 12\n---\n# Body');
		expect(codec.parse(text.split("---\n")[1] ?? "")).toMatchObject({ date: "2024-01-05", due: "2025-12-31" });
	});

	it("replaces a whole list, its items in column 0 included, and quotes what needs quoting", () => {
		const text = written(editProperties(NOTE, { set: { tags: ["x", "a: b"], title: "it's: here" } }, codec));
		expect(text).toContain('title: "it\'s: here"\n');
		expect(text).toContain('tags:\n  - x\n  - "a: b"\nhex: 0x1F\n');
		expect(text).not.toContain("- one");
		expect(text).toContain("# kept comment\n");
		expect(text).toContain("inline: [a, b]   # trailing\n");
	});

	it("removes properties with their lines, and says which asked-for ones were not there", () => {
		const edit = editProperties(NOTE, { remove: ["tags", "single", "missing"] }, codec);
		expect(written(edit)).toBe(NOTE.replace("single: 'it''s'\n", "").replace("tags:\n- one\n- two\n", ""));
		expect(edit).toMatchObject({ set: [], removed: ["tags", "single"], absent: ["missing"] });
	});

	it("drops the block when the last property is removed, and keeps the body byte for byte", () => {
		const note = "---\nstatus: done\n---\nBody\n";
		expect(written(editProperties(note, { remove: ["status"] }, codec))).toBe("Body\n");
	});

	it("keeps a block that still holds a comment once the last property is removed", () => {
		const note = "---\n# mine\nstatus: done\n---\nBody\n";
		expect(written(editProperties(note, { remove: ["status"] }, codec))).toBe("---\n# mine\n---\nBody\n");
	});

	it("changes nothing when every value is already so: the text is the note itself", () => {
		const edit = editProperties(NOTE, { set: { date: "2024-01-05", tags: ["one", "two"] } }, codec);
		expect(edit).toMatchObject({ ok: true, text: NOTE, set: [], removed: [] });
	});

	it("adds to an empty block", () => {
		expect(written(editProperties("---\n---\nBody\n", { set: { a: true } }, codec))).toBe("---\na: true\n---\nBody\n");
	});

	it("prints a flow-style block whole from its data when its lines cannot be told apart", () => {
		const text = written(editProperties("---\n{a: 1, b: 2}\n---\nBody\n", { set: { b: 3 } }, codec));
		expect(text).toBe("---\na: 1\nb: 3\n---\nBody\n");
	});

	it("reads quoted keys", () => {
		const note = "---\n\"my key\": 1\n'other': 2\n---\n";
		expect(written(editProperties(note, { set: { "my key": 5 }, remove: ["other"] }, codec))).toBe(
			"---\nmy key: 5\n---\n",
		);
	});
});

describe("refusing what it must not rewrite", () => {
	it.each([
		["invalid YAML", "---\ntitle: [unclosed\nstatus: x\n---\nBody\n", "invalid-yaml"],
		["a duplicated key", "---\na: 1\na: 2\n---\nBody\n", "invalid-yaml"],
		["a list instead of properties", "---\n- a\n- b\n---\nBody\n", "not-a-map"],
		["a block never closed", "---\ntitle: x\nBody\n", "unclosed"],
	])("refuses %s and changes nothing", (_kind, note, reason) => {
		const edit = editProperties(note, { set: { status: "done" } }, codec);
		expect(edit).toMatchObject({ ok: false, reason });
		if (!edit.ok) expect(edit.message).not.toBe("");
	});

	it("refuses a property both set and removed", () => {
		expect(editProperties("Body\n", { set: { a: 1 }, remove: ["a"] }, codec)).toMatchObject({
			ok: false,
			reason: "set-and-removed",
		});
	});
});
