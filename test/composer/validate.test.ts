import { describe, expect, it } from "vitest";
import {
	invisibleWords,
	modifyRefusal,
	openFenceAtEnd,
	showsNothing,
	unfinishedReason,
	validateApplyOutput,
} from "../../src/composer/validate";
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
		expect(validate({ raw: created, original: "", operation: "create" })).toEqual({
			ok: true,
			text: created,
			stripped: [],
		});
	});

	it("keeps a note that itself contains code blocks and starts with one", () => {
		const withCode = "```js\nlet a = 1;\n```\n\nText";
		expect(validate({ raw: withCode, original: withCode, operation: "modify" })).toEqual({
			ok: true,
			text: withCode,
			stripped: [],
		});
	});

	it("keeps the note's own first line even when it reads like chatter", () => {
		const own = "Here is my plan:\n- a\n- b";
		expect(validate({ raw: own, original: own, operation: "modify" })).toMatchObject({ ok: true, text: own });
	});

	it("strips echoed prompt markers", () => {
		expect(validate({ raw: `<<<BEGIN>>>\n${note}\n<<<END>>>`, original: note, operation: "modify" })).toMatchObject({
			ok: true,
			text: note,
		});
	});

	it("refuses a modify that drops more than half of the note", () => {
		const result = validate({ raw: "# Groceries\n\n- apples", original: note, operation: "modify" });
		expect(result).toMatchObject({ ok: false, reason: "implausible" });
		expect(!result.ok && result.message).toMatch(/2 of 7 lines/);
	});

	it("judges a modify that dropped the frontmatter by the body (the block is restored later)", () => {
		const template =
			"---\n" + Array.from({ length: 12 }, (_, i) => `key${i}: value`).join("\n") + "\n---\n# Movie\n\nNotes.\n";
		expect(validate({ raw: "# Movie\n\n## Cast\n\nNotes.\n", original: template, operation: "modify" })).toMatchObject({
			ok: true,
		});
	});

	it("allows a rewrite to shorten the note", () => {
		expect(validate({ raw: "# Groceries\n\nBread.", original: note, operation: "rewrite" })).toMatchObject({
			ok: true,
		});
	});

	it("refuses empty output for a create", () => {
		expect(validate({ raw: "  \n", original: "", operation: "create" })).toMatchObject({ ok: false, reason: "empty" });
	});

	it("tells an open fence at the end apart from balanced ones", () => {
		expect(openFenceAtEnd("```\na\n```\n~~~\nb\n~~~")).toBe(false);
		expect(openFenceAtEnd("````\n```\nstill inside\n```")).toBe(true);
	});

	it("refuses output whose stream gave no finish reason, and any reason but a clean stop", () => {
		expect(
			validateApplyOutput({
				raw: note,
				finishReason: undefined,
				original: note,
				operation: "modify",
				description: "d",
			}),
		).toMatchObject({ ok: false, reason: "truncated" });
		expect(validate({ raw: note, finishReason: "function_call", original: note, operation: "modify" })).toMatchObject({
			ok: false,
			reason: "truncated",
		});
	});

	it("keeps a new note's first line that talks about something other than the note", () => {
		const speech = "Here is the text of the speech:\n\nFriends, thank you.\n";
		expect(validate({ raw: speech, original: "", operation: "create" })).toEqual({
			ok: true,
			text: speech,
			stripped: [],
		});
		const lesson = "Let me know if you can come!\nI hope this works for everyone.";
		expect(validate({ raw: lesson, original: "", operation: "create" })).toEqual({
			ok: true,
			text: lesson,
			stripped: [],
		});
	});

	it("never takes a Markdown structure for chatter", () => {
		const list = "- Here is the updated note:\n- more";
		expect(validate({ raw: list, original: "", operation: "create" })).toEqual({ ok: true, text: list, stripped: [] });
	});

	it("refuses a modify that drops a line or repeats a block the description does not ask for", () => {
		const dropped = note.replace("- pears\n", "");
		expect(
			validate({ raw: dropped, original: note, operation: "modify", description: "add rye to the bread" }),
		).toMatchObject({ ok: false, reason: "implausible" });
		expect(
			validate({ raw: dropped, original: note, operation: "modify", description: "remove the pears" }),
		).toMatchObject({ ok: true, text: dropped });
		const repeated = note.replace("- milk", "- milk\n- bread\n- milk");
		expect(validate({ raw: repeated, original: note, operation: "modify", description: "add rye" })).toMatchObject({
			ok: false,
			reason: "implausible",
		});
		expect(
			validate({ raw: repeated, original: note, operation: "modify", description: "repeat bread and milk" }),
		).toMatchObject({ ok: true });
	});

	it("accepts a reworded line, a moved line and a list turned into a sentence", () => {
		const reworded = note.replace("Buy on Friday.", "Buy everything on Friday morning.");
		expect(validate({ raw: reworded, original: note, operation: "modify", description: "say when" })).toMatchObject({
			ok: true,
		});
		const moved = note.replace("- apples\n", "").replace("- eggs", "- eggs\n- apples");
		expect(validate({ raw: moved, original: note, operation: "modify", description: "put apples last" })).toMatchObject(
			{ ok: true },
		);
	});

	it("refuses a modify that keeps the characters but fuses the lines into a few (only the lines part of the half rule fails)", () => {
		const items = [
			"# Garden",
			"",
			"- paint the shed door",
			"- oil the hinges",
			"- fix the fence",
			"- plant the tulips",
			"- rake the leaves",
			"- clean the gutter",
			"- mow the lawn",
		];
		const original = items.join("\n");
		const fused = [
			"# Garden",
			"",
			"- paint the shed door - oil the hinges - fix the fence",
			"- plant the tulips - rake the leaves - clean the gutter - mow the lawn",
		].join("\n");
		const result = validate({ raw: fused, original, operation: "modify", description: "combine the items" });
		expect(result).toMatchObject({ ok: false, reason: "implausible" });
		expect(!result.ok && result.message).toMatch(/keeps only 3 of 8 lines/);
	});

	it("refuses a modify that keeps every line but cuts each to a stub (only the characters part of the half rule fails)", () => {
		const original = [
			"# Garden chores for the spring",
			"",
			"- paint the shed door in dark green",
			"- oil the hinges of the garden gate",
			"- fix the broken fence behind the apple tree",
			"- plant the tulip bulbs along the path",
			"- rake the leaves off the front lawn",
		].join("\n");
		const stubs = ["# Garden", "", "- paint", "- oil", "- fix", "- plant", "- rake"].join("\n");
		const result = validate({ raw: stubs, original, operation: "modify", description: "shorten every item" });
		expect(result).toMatchObject({ ok: false, reason: "implausible" });
		expect(!result.ok && result.message).toMatch(/keeps only 6 of 6 lines \(\d+ of \d+ characters\)/);
	});

	it("lets a modify keep exactly half of the lines and characters, and leaves a note under six lines to the other rules", () => {
		const six = ["# Tasks", "- aaaa", "- bbbb", "- cccc", "- dddd", "- eeee"].join("\n");
		const half = ["# Tasks", "- aaaa", "- bbbb"].join("\n");
		expect(
			validate({ raw: half, original: six, operation: "modify", description: "remove the last three tasks" }),
		).toMatchObject({ ok: true, text: half });
		const tooFew = ["# Tasks", "- aaaa"].join("\n");
		expect(
			validate({ raw: tooFew, original: six, operation: "modify", description: "remove four tasks" }),
		).toMatchObject({ ok: false, reason: "implausible" });
		const five = ["# Tasks", "- aaaa", "- bbbb", "- cccc", "- dddd"].join("\n");
		expect(
			validate({ raw: "# Tasks", original: five, operation: "modify", description: "remove every task" }),
		).toMatchObject({ ok: true, text: "# Tasks" });
	});

	it("turns CRLF output from the apply model into the note's lines, without fusing or splitting them", () => {
		const raw = note.replace("- bread", "- rye bread").replace(/\n/g, "\r\n");
		expect(validate({ raw, original: note, operation: "modify" })).toEqual({
			ok: true,
			text: note.replace("- bread", "- rye bread"),
			stripped: [],
		});
	});

	it("refuses output that shows nothing (a zero-width space) for a short note, even when the change removes things", () => {
		const short = "# Plan\n\n- paint the door";
		const result = validate({
			raw: "\u200b\n",
			original: short,
			operation: "modify",
			description: "remove the done items",
		});
		expect(result).toMatchObject({ ok: false, reason: "empty" });
		expect(!result.ok && result.message).toContain(
			"The output is only invisible characters (U+200B) instead of the note",
		);
		expect(validate({ raw: "\u200b", original: short, operation: "modify", description: "clear the note" })).toEqual({
			ok: true,
			text: "",
			stripped: [],
		});
	});

	it("closes a code fence only with the same character, at least as long, and with no info string", () => {
		expect(openFenceAtEnd("```\ncode\n~~~")).toBe(true);
		expect(openFenceAtEnd("~~~\ncode\n```")).toBe(true);
		expect(openFenceAtEnd("````\ncode\n```")).toBe(true);
		expect(openFenceAtEnd("```\ncode\n````")).toBe(false);
		expect(openFenceAtEnd("~~~~\ncode\n~~~~~")).toBe(false);
		expect(openFenceAtEnd("```js\ncode\n```js")).toBe(true);
		expect(openFenceAtEnd("```js\ncode\n```")).toBe(false);
		expect(openFenceAtEnd("no code here\n``not a fence``")).toBe(false);
		expect(openFenceAtEnd("")).toBe(false);
	});

	it("sees a fence that is indented (in a list item) as a fence", () => {
		expect(openFenceAtEnd("- step one:\n  ```sh\n  make\n  ```")).toBe(false);
		expect(openFenceAtEnd("- step one:\n  ```sh\n  make")).toBe(true);
	});

	it("flags as cut off an output that ends inside a nested or an indented code block the note closes", () => {
		const nested = ["# Fences", "", "````md", "```js", "let a = 1;", "```", "````", "", "Done."].join("\n");
		const cutNested = ["# Fences", "", "````md", "```js", "let a = 2;", "```"].join("\n");
		expect(validate({ raw: cutNested, original: nested, operation: "rewrite" })).toMatchObject({
			ok: false,
			reason: "truncated",
		});
		const indented = ["# Setup", "", "- install:", "  ```sh", "  npm ci", "  ```", "- run it"].join("\n");
		const cutIndented = ["# Setup", "", "- install:", "  ```sh", "  npm ci --quiet"].join("\n");
		const result = validate({ raw: cutIndented, original: indented, operation: "rewrite" });
		expect(result).toMatchObject({ ok: false, reason: "truncated" });
		expect(!result.ok && result.message).toMatch(/ends inside a code block that the note closes/);
	});

	it("accepts an output that ends inside a code block when the note itself ends inside one", () => {
		const open = "# Log\n\n```\nline one";
		const raw = "# Log\n\n```\nline one\nline two";
		expect(validate({ raw, original: open, operation: "modify" })).toEqual({ ok: true, text: raw, stripped: [] });
	});

	it("says which way the output ended when it was not a clean stop", () => {
		expect(unfinishedReason("stop")).toBeUndefined();
		expect(unfinishedReason("length")).toBe("The apply model's output was cut off (it hit its output limit).");
		expect(unfinishedReason("content_filter")).toBe(
			"The apply model's output was stopped by the provider's content filter (finish reason content_filter), so its end is missing.",
		);
		expect(unfinishedReason(undefined)).toBe(
			"The apply model's output ended without a finish reason, so it may be cut off.",
		);
		expect(unfinishedReason("")).toBe("The apply model's output ended without a finish reason, so it may be cut off.");
		expect(unfinishedReason("tool_calls")).toBe(
			'The apply model\'s output ended with finish reason "tool_calls" instead of a clean stop, so it may be incomplete.',
		);
	});

	it("says why a cut-off fence was refused: a wrapper never closed, or a code block the note closes", () => {
		const wrapper = validate({ raw: "```markdown\n" + note, original: note, operation: "modify" });
		expect(!wrapper.ok && wrapper.message).toBe(
			"The apply model's output ends inside a code fence that was never closed: it was cut off.",
		);
		const block = validate({ raw: `${note}\n\n\`\`\`js\nconst x = 1;`, original: note, operation: "modify" });
		expect(!block.ok && block.message).toBe(
			"The apply model's output ends inside a code block that the note closes: it was cut off.",
		);
	});

	it("says what a modify that empties the note returned, and lets an empty note stay empty", () => {
		const nothing = validate({ raw: "  \n", original: note, operation: "modify" });
		expect(!nothing.ok && nothing.message).toBe(
			"The output is nothing instead of the note, and the change does not ask to empty it. Nothing was written.",
		);
		const chatter = validate({ raw: "\n\nHere is the updated note:\n", original: note, operation: "modify" });
		expect(chatter).toMatchObject({ ok: false, reason: "empty" });
		expect(!chatter.ok && chatter.message).toBe(
			'The output is only "Here is the updated note:" instead of the note, and the change does not ask to empty it. Nothing was written.',
		);
		expect(validate({ raw: "", original: " \n\n", operation: "modify" })).toEqual({ ok: true, text: "", stripped: [] });
	});

	it("tells the model what to do instead of a modify that keeps too little", () => {
		const result = validate({ raw: "# Groceries\n\n- apples", original: note, operation: "modify" });
		expect(!result.ok && result.message).toBe(
			"The apply model's output keeps only 2 of 7 lines (21 of 67 characters): too much was dropped for a modify, so it looks like a fragment rather than the whole note. Nothing was written. " +
				"If the removal is intended, declare a rewrite, or use executeEdit with edits.",
		);
	});

	it("compares the whole note, frontmatter included, when the output keeps the frontmatter", () => {
		const frontmatter = [
			"---",
			"title: The long and winding list of chores for the garden",
			"tags: garden, chores, spring, summer, autumn, winter",
			"status: in progress and never quite finished",
			"---",
		];
		const body = Array.from({ length: 12 }, (_, i) => `- task ${i + 1}`);
		const original = [...frontmatter, ...body].join("\n");
		const proposed = [...frontmatter, "- task 1", "- task 2"].join("\n");
		const result = validate({ raw: proposed, original, operation: "modify", description: "remove the done tasks" });
		expect(result).toMatchObject({ ok: false, reason: "implausible" });
		expect(!result.ok && result.message).toMatch(/keeps only 7 of 17 lines/);
	});

	it("counts characters without the whitespace around the note, and lines without the blank ones", () => {
		const six = ["# Tasks", "- aaaa", "- bbbb", "- cccc", "- dddd", "- eeee"].join("\n");
		// Blank padding around the original does not make a faithful copy look like a fragment.
		expect(validate({ raw: six, original: `${six}\n${"\n".repeat(60)}`, operation: "modify" })).toMatchObject({
			ok: true,
		});
		// Padding around stubs does not make them look whole.
		const long = [
			"# Garden chores for the spring",
			"- paint the shed door in dark green",
			"- oil the hinges of the garden gate",
			"- fix the broken fence behind the tree",
			"- plant the tulip bulbs along the path",
			"- rake the leaves off the front lawn",
		].join("\n");
		const padded = `${["# Garden", "- paint", "- oil", "- fix", "- plant", "- rake"].join("\n")}${" \n".repeat(120)}`;
		expect(
			validate({ raw: padded, original: long, operation: "modify", description: "shorten every item" }),
		).toMatchObject({ ok: false, reason: "implausible" });
		// Lines of spaces are blank: three long lines kept of six real ones is half, whatever the spaces between them.
		const spaced = [
			"# A heading that is long enough to carry the note",
			"   ",
			"- a first item that is long enough as well, surely",
			"   ",
			"- a second item that is long enough, as the others",
			"   ",
			"- x",
			"   ",
			"- y",
			"   ",
			"- z",
		].join("\n");
		const kept = [
			"# A heading that is long enough to carry the note",
			"- a first item that is long enough as well, surely",
			"- a second item that is long enough, as the others",
		].join("\n");
		expect(
			validate({ raw: kept, original: spaced, operation: "modify", description: "remove x, y and z" }),
		).toMatchObject({ ok: true });
	});

	it("takes only a line that starts with a fence marker for a fence", () => {
		expect(openFenceAtEnd("Type ``` to start a code block.")).toBe(false);
		expect(openFenceAtEnd("```\ncode\nthe closing ``` is not at the start\n```")).toBe(false);
	});

	it("refuses a whole new text (executeEdit's content) that empties the note or shows nothing", () => {
		expect(modifyRefusal(note, " \n", "edit the list")).toMatchObject({ reason: "empty" });
		expect(modifyRefusal(note, "\u200b", "remove the list")).toMatchObject({ reason: "empty" });
		expect(modifyRefusal(note, "", "clear the note")).toBeUndefined();
		expect(modifyRefusal(note, note.replace("pears", "plums"), "change pears to plums")).toBeUndefined();
	});

	it("names at most three of the invisible characters a blank-looking text holds, by their codes", () => {
		expect(invisibleWords("\u200b \u200c\n\u200d\u2060\u200b")).toBe("invisible characters (U+200B, U+200C, U+200D)");
		expect(invisibleWords("\u00ad")).toBe("invisible characters (U+00AD)");
	});

	it("quotes at most 80 characters of what a modify that empties the note returned", () => {
		const chatter =
			"Here is the updated note:\n\nLet me know if you need anything else, at any time.\nI hope this helps!";
		const result = validate({ raw: chatter, original: note, operation: "modify" });
		expect(result).toMatchObject({ ok: false, reason: "empty" });
		expect(!result.ok && result.message).toBe(
			`The output is only ${JSON.stringify(chatter.slice(0, 80))} instead of the note, and the change does not ask to empty it. Nothing was written.`,
		);
	});

	it("sees only whitespace and invisible characters as showing nothing", () => {
		for (const text of ["", " \n\t", "\u200b", "\u200d\u2060\ufeff", "\u00a0\u3000", "\u202e"])
			expect(showsNothing(text), JSON.stringify(text)).toBe(true);
		for (const text of ["a", " \u200bx", ".", "\u2764"]) expect(showsNothing(text), JSON.stringify(text)).toBe(false);
	});
});

describe("the fragment rule when the user reviews the draft (doubts: warn)", () => {
	it("offers a modify that keeps too few lines, with a warning naming how many it removes", () => {
		const result = validate({
			raw: "# Groceries\n\n- apples",
			original: note,
			operation: "modify",
			description: "remove what I bought",
			doubts: "warn",
		});
		expect(result).toEqual({
			ok: true,
			text: "# Groceries\n\n- apples",
			stripped: [],
			warnings: [
				"This draft removes 5 of the note's 7 lines. Check that nothing you need is lost before you apply it.",
			],
		});
	});

	it("words a loss of text as a share of it when every line is kept but cut short", () => {
		const long = Array.from({ length: 8 }, (_, i) => `- item ${i + 1} with a long description of what it is`).join(
			"\n",
		);
		const short = Array.from({ length: 8 }, (_, i) => `- item ${i + 1}`).join("\n");
		const result = validate({
			raw: short,
			original: long,
			operation: "modify",
			description: "shorten every item",
			doubts: "warn",
		});
		expect(result.ok && result.warnings?.[0]).toMatch(/^This draft removes \d+% of the note's text\. /);
	});

	it("still refuses what is not a doubt: a cut-off, an emptied note, a repeated block", () => {
		expect(
			validate({ raw: "# Groceries", finishReason: "length", original: note, operation: "modify", doubts: "warn" }),
		).toMatchObject({ ok: false, reason: "truncated" });
		expect(validate({ raw: "", original: note, operation: "modify", doubts: "warn" })).toMatchObject({
			ok: false,
			reason: "empty",
		});
		const twice = `${note}\n\n${note}`;
		expect(validate({ raw: twice, original: note, operation: "modify", doubts: "warn" })).toMatchObject({
			ok: false,
			reason: "implausible",
		});
	});

	it("a draft that keeps enough carries no warnings", () => {
		const raw = note.replace("- bread", "- rye bread");
		expect(validate({ raw, original: note, operation: "modify", doubts: "warn" })).toEqual({
			ok: true,
			text: raw,
			stripped: [],
		});
	});
});
