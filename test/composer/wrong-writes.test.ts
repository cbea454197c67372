/**
 * Issue 14, "wrong writes seen": each case wrote wrong text through the real apply path (the
 * real ChatOpenAI against the scripted server, a MemoryVault, the real history) before its fix.
 * Each outcome is either the right note or a refusal with the note and its history unchanged.
 */
import { describe, expect, it } from "vitest";
import { reply } from "../../src/sandbox/model-server";
import { editHarness } from "./harness";

const SHORT = "- milk\n- eggs\n- bread\n";

async function expectRefused(
	h: Awaited<ReturnType<typeof editHarness>>,
	path: string,
	before: string | null,
	result: { status: string; message: string },
) {
	expect(result.status).not.toBe("success");
	expect(result.message).toMatch(/nothing was written/i);
	if (before === null) expect(await h.vault.exists(path)).toBe(false);
	else expect(await h.vault.read(path)).toBe(before);
	expect(await h.history.list(path)).toEqual([]);
	expect(h.events("edit_applied")).toEqual([]);
}

describe("a code block at the top is not a wrapper unless it clearly is one", () => {
	it("creates a note that starts with a js block followed by prose, whole", async () => {
		const text = "```js\nconst total = items.reduce((a, b) => a + b, 0);\n```\n\nThis sums the basket.\n";
		const h = await editHarness({ replies: [reply.text(text)] });
		const { result } = await h.declareAndApply({
			path: "Code.md",
			operation: "create",
			description: "explain the sum",
		});
		expect(result.status).toBe("success");
		expect(await h.vault.read("Code.md")).toBe(text);
	});

	it("keeps a note whole when a modify adds a bash block on top of a short note", async () => {
		const updated = "```bash\nnpm ci\n```\n" + SHORT;
		const h = await editHarness({ notes: { "List.md": SHORT }, replies: [reply.text(updated)] });
		const { result } = await h.declareAndApply({
			path: "List.md",
			operation: "modify",
			description: "add the install command on top",
		});
		expect(result.status).toBe("success");
		expect(await h.vault.read("List.md")).toBe(updated);
	});

	it("still unwraps a clear wrapper (markdown fence, closing fence last)", async () => {
		const h = await editHarness({
			notes: { "List.md": SHORT },
			replies: [reply.text("```markdown\n- milk\n- oat milk\n- eggs\n- bread\n```")],
		});
		const { result } = await h.declareAndApply({ path: "List.md", operation: "modify", description: "add oat milk" });
		expect(result.status).toBe("success");
		expect(await h.vault.read("List.md")).toBe("- milk\n- oat milk\n- eggs\n- bread\n");
	});
});

describe("a modify never empties a non-empty note unless the intent says so", () => {
	for (const [label, output] of [
		["a chatter-only reply", "Done."],
		["an empty reply", ""],
		["a reply of blank lines", "\n\n"],
		["a one-line sign-off", "I've made the requested changes."],
	] as const) {
		it(`refuses ${label} to a modify of a short note`, async () => {
			const h = await editHarness({ notes: { "List.md": SHORT }, replies: [reply.text(output)] });
			const { result } = await h.declareAndApply({ path: "List.md", operation: "modify", description: "add butter" });
			expect(result.data?.reason).toBe("empty");
			await expectRefused(h, "List.md", SHORT, result);
		});
	}

	// Before: the apply phase refused these, but executeEdit wrote them (a rewrite, a follow-up
	// of a create, search/replace edits that take out everything).
	const CUT = reply.text("cut", { finishReason: "length" });
	it("refuses executeEdit content that empties a note under a rewrite intent", async () => {
		const h = await editHarness({ notes: { "List.md": SHORT }, replies: [CUT] });
		const { editId } = await h.declareAndApply({ path: "List.md", operation: "rewrite", description: "tidy the list" });
		const result = await h.executeEdit({ editId, content: "" });
		expect(result.data?.reason).toBe("empty");
		expect(result.message).toMatch(/nothing was written/i);
		expect(await h.vault.read("List.md")).toBe(SHORT);
		expect(await h.history.list("List.md")).toEqual([]);
	});

	it("refuses executeEdit content of blank lines for a note its create intent made", async () => {
		const h = await editHarness({ replies: [reply.text(SHORT)] });
		const { editId } = await h.declareAndApply({
			path: "List.md",
			operation: "create",
			description: "a shopping list",
		});
		const result = await h.executeEdit({ editId, content: "  \n\n" });
		expect(result.data?.reason).toBe("empty");
		expect(await h.vault.read("List.md")).toBe(SHORT);
		expect(await h.history.list("List.md")).toHaveLength(1);
	});

	it("refuses search/replace edits that take out the whole note", async () => {
		const h = await editHarness({ notes: { "List.md": SHORT }, replies: [CUT] });
		const { editId } = await h.declareAndApply({ path: "List.md", operation: "modify", description: "add butter" });
		const result = await h.executeEdit({ editId, edits: [{ search: SHORT, replace: "" }] });
		expect(result.data?.reason).toBe("empty");
		expect(result.message).toMatch(/nothing was written/i);
		expect(await h.vault.read("List.md")).toBe(SHORT);
	});

	it("lets executeEdit empty a note when the intent asks for exactly that", async () => {
		const h = await editHarness({ notes: { "List.md": SHORT }, replies: [CUT] });
		const { editId } = await h.declareAndApply({
			path: "List.md",
			operation: "rewrite",
			description: "clear the note",
		});
		const result = await h.executeEdit({ editId, content: "" });
		expect(result.status).toBe("success");
		expect(await h.vault.read("List.md")).toBe("");
	});

	it("empties the note when the intent asks for exactly that", async () => {
		const h = await editHarness({ notes: { "List.md": SHORT }, replies: [reply.text("")] });
		const { result } = await h.declareAndApply({ path: "List.md", operation: "modify", description: "clear the note" });
		expect(result.status).toBe("success");
		expect(await h.vault.read("List.md")).toBe("");
	});
});

describe("only a clean stop counts as finished", () => {
	for (const finishReason of ["content_filter", "length", "tool_calls"] as const) {
		it(`refuses output that ended with finish_reason ${finishReason}`, async () => {
			const cut = "- milk\n- eggs\n";
			const h = await editHarness({ notes: { "List.md": SHORT }, replies: [reply.text(cut, { finishReason })] });
			const { result } = await h.declareAndApply({ path: "List.md", operation: "modify", description: "add butter" });
			expect(result.data?.reason).toBe("truncated");
			expect(result.message).toContain(finishReason === "length" ? "output limit" : finishReason);
			await expectRefused(h, "List.md", SHORT, result);
		});
	}
});

describe("chatter stripping keeps a new note's real first and last lines", () => {
	it("keeps 'Here are my goals for 2025:' and 'Let me know if you can come!'", async () => {
		const goals = "Here are my goals for 2025:\n\n- run a marathon\n- read 20 books\n";
		const invite = "# Party\n\nSaturday at 8, bring snacks.\n\nLet me know if you can come!\n";
		const h = await editHarness({ replies: [reply.text(goals), reply.text(invite)] });
		await h.declareAndApply({ path: "Goals.md", operation: "create", description: "my goals" });
		await h.declareAndApply({ path: "Party.md", operation: "create", description: "an invitation" });
		expect(await h.vault.read("Goals.md")).toBe(goals);
		expect(await h.vault.read("Party.md")).toBe(invite);
	});

	it("still strips chatter that talks about the note itself", async () => {
		const h = await editHarness({
			replies: [
				reply.text("Here is the new note:\n\n# Party\n\nSaturday at 8.\n\nLet me know if you need any other changes."),
			],
		});
		const { result } = await h.declareAndApply({ path: "Party.md", operation: "create", description: "an invitation" });
		expect(result.data?.stripped).toEqual(["leading chatter", "trailing chatter"]);
		expect(await h.vault.read("Party.md")).toBe("# Party\n\nSaturday at 8.\n");
	});
});

describe("mixed line endings are kept line by line", () => {
	const mixed = "# Log\r\n\r\nline one\nline two\r\nline three\n";

	it("keeps the endings of every unchanged line when the apply model edits one line", async () => {
		const h = await editHarness({
			notes: { "Log.md": mixed },
			replies: [reply.text("# Log\n\nline one\nline 2\nline three\n")],
		});
		const { result } = await h.declareAndApply({
			path: "Log.md",
			operation: "modify",
			description: "number the second line",
		});
		expect(result.status).toBe("success");
		expect(await h.vault.read("Log.md")).toBe("# Log\r\n\r\nline one\nline 2\r\nline three\n");
		expect(result.data).toMatchObject({ added: 1, removed: 1 });
	});

	it("keeps them for an executeEdit that adds a line", async () => {
		const h = await editHarness({
			notes: { "Log.md": mixed },
			replies: [reply.text("cut", { finishReason: "length" })],
		});
		const { editId } = await h.declareAndApply({ path: "Log.md", operation: "modify", description: "add a line" });
		const result = await h.executeEdit({ editId, edits: [{ search: "line one", replace: "line zero\nline one" }] });
		expect(result.status).toBe("success");
		expect(await h.vault.read("Log.md")).toBe("# Log\r\n\r\nline zero\r\nline one\nline two\r\nline three\n");
	});
});

describe("a change the formatting pass undid is reported as dropped, with the reason", () => {
	const note = "---\nstatus: draft\n---\n# Plan\n\n- a\n";

	it("says the frontmatter was kept, not that the note already reads that way", async () => {
		const h = await editHarness({
			notes: { "Plan.md": note },
			replies: [reply.text("cut", { finishReason: "length" })],
		});
		const { editId } = await h.declareAndApply({ path: "Plan.md", operation: "rewrite", description: "fix a typo" });
		const result = await h.executeEdit({ editId, content: "---\nstatus: done\n---\n# Plan\n\n- a\n" });
		expect(result.status).toBe("no-op");
		expect(result.message).not.toContain("already reads that way");
		expect(result.message).toMatch(/the only change was to the frontmatter \(the description does not mention/);
		expect(result.data?.dropped).toEqual(["the frontmatter"]);
		expect(await h.vault.read("Plan.md")).toBe(note);
	});

	it("says the final newlines were kept when an explicit edit only added blank lines at the end", async () => {
		const h = await editHarness({
			notes: { "Plan.md": note },
			replies: [reply.text("cut", { finishReason: "length" })],
		});
		const { editId } = await h.declareAndApply({
			path: "Plan.md",
			operation: "modify",
			description: "add space at the end",
		});
		const result = await h.executeEdit({ editId, edits: [{ search: "- a\n", replace: "- a\n\n\n" }] });
		expect(result).toMatchObject({ status: "no-op", data: { dropped: ["the final newlines"] } });
		expect(result.message).toContain("Redline keeps a note's final newlines as they were");
	});

	it("says what was kept when the rest of the change was written", async () => {
		const h = await editHarness({
			notes: { "Plan.md": note },
			replies: [reply.text("---\nstatus: done\n---\n# Plan\n\n- a\n- b\n")],
		});
		const { result } = await h.declareAndApply({ path: "Plan.md", operation: "modify", description: "add b" });
		expect(result.status).toBe("success");
		expect(result.message).toContain("Kept as they were: the frontmatter");
		expect(await h.vault.read("Plan.md")).toBe("---\nstatus: draft\n---\n# Plan\n\n- a\n- b\n");
	});
});

describe("a note that opens with a --- divider has no frontmatter", () => {
	const divided = "---\n\nA first thought, set apart.\n\n---\n\nThe rest of the note.\n";

	it("writes a change to the text between the dividers", async () => {
		const changed = divided.replace("A first thought", "An opening thought");
		const h = await editHarness({ notes: { "Essay.md": divided }, replies: [reply.text(changed)] });
		const { result } = await h.declareAndApply({
			path: "Essay.md",
			operation: "modify",
			description: "reword the opening",
		});
		expect(result.status).toBe("success");
		expect(await h.vault.read("Essay.md")).toBe(changed);
	});
});

describe("a note that is not valid UTF-8 is refused, never written back with replacement characters", () => {
	const latin1 = new Uint8Array([
		...new TextEncoder().encode("# Caf"),
		0xe9,
		0x0a,
		...new TextEncoder().encode("- item\n"),
	]);

	it("refuses a modify before the apply model is called, and writes nothing", async () => {
		const h = await editHarness({
			notes: { "Cafe.md": latin1 },
			replies: [reply.text("# Caf\uFFFD\n- item\n- more\n")],
		});
		const { result } = await h.declareAndApply({ path: "Cafe.md", operation: "modify", description: "add more" });
		expect(result.status).toBe("error");
		expect(result.message).toContain("not valid UTF-8");
		expect(h.server.requests).toHaveLength(0);
		await expect(h.vault.read("Cafe.md")).rejects.toMatchObject({ code: "not-text" });
		expect(await h.history.list("Cafe.md")).toEqual([]);
	});
});
