import { describe, expect, it } from "vitest";
import { openFenceAtEnd, validateApplyOutput } from "../../src/composer/validate";
import type { ApplyOutput } from "../../src/composer/validate";

/** An apply output that ended cleanly, for a change that asks nothing special. */
function validate(output: Omit<ApplyOutput, "finishReason" | "description"> & Partial<ApplyOutput>) {
	return validateApplyOutput({ finishReason: "stop", description: "edit the list", ...output });
}

const note = ["# Groceries", "", "- apples", "- pears", "- bread", "- milk", "- eggs", "", "Buy on Friday."].join("\n");

describe("validating the apply model's output", () => {
	it("accepts a plain complete note unchanged", () => {
		const raw = note.replace("- bread", "- rye bread");
		expect(validate({ raw, original: note, operation: "modify" })).toEqual({ ok: true, text: raw, stripped: [] });
	});

	it("refuses output cut off at the output limit (finish_reason length)", () => {
		const result = validate({ raw: note, finishReason: "length", original: note, operation: "modify" });
		expect(result).toMatchObject({ ok: false, reason: "truncated" });
	});

	it("refuses output that ends inside a code fence the note does not have", () => {
		const raw = `${note}\n\n\`\`\`js\nconst x = 1;`;
		expect(validate({ raw, original: note, operation: "modify" })).toMatchObject({ ok: false, reason: "truncated" });
	});

	it("refuses a wrapping fence that never closes", () => {
		const raw = "```markdown\n" + note;
		expect(validate({ raw, original: note, operation: "modify" })).toMatchObject({ ok: false, reason: "truncated" });
	});

	it("strips a wrapping code fence and chatter around it", () => {
		const raw = "Here is the updated note:\n\n```markdown\n" + note + "\n```\n\nLet me know if you need anything else.";
		const result = validate({ raw, original: note, operation: "modify" });
		expect(result).toMatchObject({ ok: true, text: note });
		expect(result.ok && result.stripped).toEqual(["leading chatter", "trailing chatter", "code fence"]);
	});

	it("strips chatter without a fence", () => {
		const raw = "Sure! Here's the note:\n" + note + "\n\nI hope this helps!";
		expect(validate({ raw, original: note, operation: "modify" })).toMatchObject({ ok: true, text: note });
		const twoLines = "Certainly!\n\nHere is the updated note:\n\n" + note;
		expect(validate({ raw: twoLines, original: note, operation: "modify" })).toMatchObject({ ok: true, text: note });
	});

	it("keeps a new note's own first and last sentences that merely sound like chatter", () => {
		const created = "The new policy is in effect from May.\n\n- rule one\n- rule two\n\nThis version is final.";
		expect(validate({ raw: created, original: "", operation: "create" })).toEqual({ ok: true, text: created, stripped: [] });
	});

	it("keeps a note that itself contains code blocks and starts with one", () => {
		const withCode = "```js\nlet a = 1;\n```\n\nText";
		expect(validate({ raw: withCode, original: withCode, operation: "modify" })).toEqual({ ok: true, text: withCode, stripped: [] });
	});

	it("keeps the note's own first line even when it reads like chatter", () => {
		const own = "Here is my plan:\n- a\n- b";
		expect(validate({ raw: own, original: own, operation: "modify" })).toMatchObject({ ok: true, text: own });
	});

	it("strips echoed prompt markers", () => {
		expect(validate({ raw: `<<<BEGIN>>>\n${note}\n<<<END>>>`, original: note, operation: "modify" })).toMatchObject({ ok: true, text: note });
	});

	it("refuses a modify that drops more than half of the note", () => {
		const result = validate({ raw: "# Groceries\n\n- apples", original: note, operation: "modify" });
		expect(result).toMatchObject({ ok: false, reason: "implausible" });
		expect(!result.ok && result.message).toMatch(/2 of 7 lines/);
	});

	it("judges a modify that dropped the frontmatter by the body (the block is restored later)", () => {
		const template = "---\n" + Array.from({ length: 12 }, (_, i) => `key${i}: value`).join("\n") + "\n---\n# Movie\n\nNotes.\n";
		expect(validate({ raw: "# Movie\n\n## Cast\n\nNotes.\n", original: template, operation: "modify" })).toMatchObject({ ok: true });
	});

	it("allows a rewrite to shorten the note", () => {
		expect(validate({ raw: "# Groceries\n\nBread.", original: note, operation: "rewrite" })).toMatchObject({ ok: true });
	});

	it("refuses empty output for a create", () => {
		expect(validate({ raw: "  \n", original: "", operation: "create" })).toMatchObject({ ok: false, reason: "empty" });
	});

	it("tells an open fence at the end apart from balanced ones", () => {
		expect(openFenceAtEnd("```\na\n```\n~~~\nb\n~~~")).toBe(false);
		expect(openFenceAtEnd("````\n```\nstill inside\n```")).toBe(true);
	});

	it("refuses output whose stream gave no finish reason, and any reason but a clean stop", () => {
		expect(validateApplyOutput({ raw: note, finishReason: undefined, original: note, operation: "modify", description: "d" })).toMatchObject({ ok: false, reason: "truncated" });
		expect(validate({ raw: note, finishReason: "function_call", original: note, operation: "modify" })).toMatchObject({ ok: false, reason: "truncated" });
	});

	it("keeps a new note's first line that talks about something other than the note", () => {
		const speech = "Here is the text of the speech:\n\nFriends, thank you.\n";
		expect(validate({ raw: speech, original: "", operation: "create" })).toEqual({ ok: true, text: speech, stripped: [] });
		const lesson = "Let me know if you can come!\nI hope this works for everyone.";
		expect(validate({ raw: lesson, original: "", operation: "create" })).toEqual({ ok: true, text: lesson, stripped: [] });
	});

	it("never takes a Markdown structure for chatter", () => {
		const list = "- Here is the updated note:\n- more";
		expect(validate({ raw: list, original: "", operation: "create" })).toEqual({ ok: true, text: list, stripped: [] });
	});

	it("refuses a modify that drops a line or repeats a block the description does not ask for", () => {
		const dropped = note.replace("- pears\n", "");
		expect(validate({ raw: dropped, original: note, operation: "modify", description: "add rye to the bread" })).toMatchObject({ ok: false, reason: "implausible" });
		expect(validate({ raw: dropped, original: note, operation: "modify", description: "remove the pears" })).toMatchObject({ ok: true, text: dropped });
		const repeated = note.replace("- milk", "- milk\n- bread\n- milk");
		expect(validate({ raw: repeated, original: note, operation: "modify", description: "add rye" })).toMatchObject({ ok: false, reason: "implausible" });
		expect(validate({ raw: repeated, original: note, operation: "modify", description: "repeat bread and milk" })).toMatchObject({ ok: true });
	});

	it("accepts a reworded line, a moved line and a list turned into a sentence", () => {
		const reworded = note.replace("Buy on Friday.", "Buy everything on Friday morning.");
		expect(validate({ raw: reworded, original: note, operation: "modify", description: "say when" })).toMatchObject({ ok: true });
		const moved = note.replace("- apples\n", "").replace("- eggs", "- eggs\n- apples");
		expect(validate({ raw: moved, original: note, operation: "modify", description: "put apples last" })).toMatchObject({ ok: true });
	});
});
