/**
 * A modify in the Edits format, through declareEditIntent with the real ChatOpenAI against the
 * scripted apply model: the change comes back as edit blocks, is applied and written; blocks that
 * are malformed, do not apply or are cut off get one whole-note retry, then a refusal with
 * nothing written.
 */
import { describe, expect, it } from "vitest";
import { DIVIDER_MARKER, REPLACE_MARKER, SEARCH_MARKER } from "../../src/composer/edit-blocks";
import { applyModelReply, asksForEditBlocks, messageText, reply } from "../../src/sandbox/model-server";
import type { RecordedRequest, ScriptStep } from "../../src/sandbox/model-server";
import { editHarness, noteInPrompt } from "./harness";

const PATH = "Groceries.md";
const NOTE = [
	"# Groceries",
	"",
	"- Buy teh milk",
	"- Old item",
	"- bread",
	"- eggs",
	"- apples",
	"",
	"## Later",
	"",
	"- flour",
	"",
].join("\n");

/** The apply model making `change` to whatever note it receives, in the format asked. */
function applies(change: (note: string) => string, extra = {}): ScriptStep {
	return (request) => applyModelReply(request, change, extra);
}

const fixTypo = (note: string) => note.replace("- Buy teh milk", "- Buy the milk");

async function edits(replies: ScriptStep[], options: { notes?: Record<string, string>; prediction?: boolean } = {}) {
	return editHarness({
		notes: options.notes ?? { [PATH]: NOTE },
		replies,
		applyFormat: "edits",
		prediction: options.prediction ?? true,
	});
}

function systemText(request: RecordedRequest | undefined): string {
	return messageText(request?.body.messages.find((m) => m.role === "system") ?? { role: "system" });
}

describe("a modify in the Edits format", () => {
	it("asks for edit blocks, without a prediction, and writes the change they make", async () => {
		const h = await edits([applies(fixTypo)]);
		const { result } = await h.declareAndApply({
			path: PATH,
			operation: "modify",
			description: "fix the typo in the milk line",
		});

		expect(result).toMatchObject({ status: "success", data: { editBlocks: 1, added: 1, removed: 1 } });
		expect(await h.vault.read(PATH)).toBe(fixTypo(NOTE));
		expect(h.server.requests).toHaveLength(1);
		const request = h.server.requests[0];
		expect(request?.body.prediction).toBeUndefined();
		// The three marker lines appear literally, each on its own line, with an example.
		const lines = systemText(request).split("\n");
		for (const marker of [SEARCH_MARKER, DIVIDER_MARKER, REPLACE_MARKER])
			expect(lines.filter((l) => l === marker).length).toBeGreaterThanOrEqual(2);
		expect(systemText(request)).toMatch(/exactly one place/);
		expect(systemText(request)).toMatch(/empty REPLACE deletes/);
		expect(noteInPrompt(h.applyPrompt())).toBe(NOTE);
		expect(h.applyPrompt()).toMatch(/^Change: fix the typo in the milk line$/m);
	});

	it("can be reverted byte for byte", async () => {
		const h = await edits([applies(fixTypo)]);
		await h.declareAndApply({ path: PATH, operation: "modify", description: "fix the typo" });
		const reverted = await h.history.revert(PATH);
		expect(reverted.status).toBe("written");
		expect(await h.vault.read(PATH)).toBe(NOTE);
	});

	it("counts the changes in the card's progress as the blocks arrive", async () => {
		const change = (note: string) =>
			fixTypo(note).replace("- apples", "- green apples").replace("- flour", "- rye flour");
		const h = await edits([applies(change)]);
		const { result } = await h.declareAndApply({ path: PATH, operation: "modify", description: "tidy the list" });
		expect(result).toMatchObject({ status: "success", data: { editBlocks: 3 } });
		expect(h.events("tool_call_progress").map((e) => e.changes)).toEqual([0, 1, 2, 3, undefined]);
		expect(h.events("tool_call_progress").at(-1)?.phase).toBe("writing");
		expect(await h.vault.read(PATH)).toBe(change(NOTE));
	});

	it("keeps a CRLF note's line endings and its other lines byte for byte", async () => {
		const crlf = NOTE.replace(/\n/g, "\r\n");
		const h = await edits([applies(fixTypo)], { notes: { [PATH]: crlf } });
		await h.declareAndApply({ path: PATH, operation: "modify", description: "fix the typo" });
		expect(await h.vault.read(PATH)).toBe(fixTypo(NOTE).replace(/\n/g, "\r\n"));
	});

	it("edits a code block of the note whose lines look like edit-block markers", async () => {
		const example = ["```text", "<<<<<<< SEARCH", "old", "=======", "new", ">>>>>>> REPLACE", "```"];
		const note = ["# Merge conflicts", "", ...example, "", "Resolve them by hand.", ""].join("\n");
		const fixed = example.map((line) => (line === "new" ? "newer" : line));
		const output = [SEARCH_MARKER, ...example, DIVIDER_MARKER, ...fixed, REPLACE_MARKER, ""].join("\n");
		const h = await edits([reply.text(output)], { notes: { "Conflicts.md": note } });
		const { result } = await h.declareAndApply({
			path: "Conflicts.md",
			operation: "modify",
			description: "rename new to newer in the example",
		});
		expect(result).toMatchObject({ status: "success", data: { editBlocks: 1 } });
		expect(await h.vault.read("Conflicts.md")).toBe(note.replace("\nnew\n", "\nnewer\n"));
		expect(h.server.requests).toHaveLength(1);
	});

	it("edits lines at the end of a code block with a SEARCH that starts inside it", async () => {
		const note = ["# Script", "", "```python", "x = 1", "```", "", "Run it.", ""].join("\n");
		// The SEARCH holds the code block's closing fence but not its opening one.
		const output = [SEARCH_MARKER, "x = 1", "```", DIVIDER_MARKER, "x = 2", "```", REPLACE_MARKER, ""].join("\n");
		const h = await edits([reply.text(output)], { notes: { "Script.md": note } });
		const { result } = await h.declareAndApply({ path: "Script.md", operation: "modify", description: "set x to 2" });
		expect(result).toMatchObject({ status: "success", data: { editBlocks: 1 } });
		expect(await h.vault.read("Script.md")).toBe(note.replace("x = 1", "x = 2"));
	});

	it("writes a one-line fix to a 50,000-token note from one small reply, without going by sections", async () => {
		const parts = ["# Research log", ""];
		for (let n = 1; n <= 40; n++) {
			parts.push(`## Topic ${n}`, "");
			for (let p = 0; p < 10; p++)
				parts.push(
					`Paragraph ${p} of topic ${n}: ` +
						"observations about the experiment, its setup and what it showed; ".repeat(8).trim(),
					"",
				);
		}
		const long = parts.join("\n");
		expect(long.length / 4).toBeGreaterThan(49_000);
		const fix = (note: string) => note.replace("## Topic 27\n", "## Topic 27 (revisited)\n");
		const h = await edits([applies(fix)], { notes: { "Log.md": long } });
		const { result } = await h.declareAndApply({
			path: "Log.md",
			operation: "modify",
			description: "mark topic 27 as revisited",
		});
		expect(result).toMatchObject({ status: "success", data: { editBlocks: 1, added: 1, removed: 1 } });
		expect(await h.vault.read("Log.md")).toBe(fix(long));
		expect(noteInPrompt(h.applyPrompt())).toBe(long);
	});
});

describe("a modify in the Edits format: the whole-note retry", () => {
	const malformed = reply.text("<<<<<<< SEARCH\n- Buy teh milk\n>>>>>>> REPLACE\n");

	it("retries once with the whole note when the blocks are malformed, and writes the retry", async () => {
		const h = await edits([malformed, applies(fixTypo)]);
		const { result } = await h.declareAndApply({ path: PATH, operation: "modify", description: "fix the typo" });
		expect(result).toMatchObject({ status: "success", data: { fallback: "malformed" } });
		expect(await h.vault.read(PATH)).toBe(fixTypo(NOTE));
		expect(h.server.requests).toHaveLength(2);
		const retry = h.server.requests[1];
		expect(retry && asksForEditBlocks(retry)).toBe(false);
		expect(retry?.body.prediction).toEqual({ type: "content", content: NOTE });
		expect(h.events("tool_call_progress").some((e) => e.phase === "retrying")).toBe(true);
	});

	it.each<[string, ScriptStep, string]>([
		["holds the whole note instead of blocks", reply.text(fixTypo(NOTE)), "no-blocks"],
		[
			"is cut off by the output limit",
			reply.text("<<<<<<< SEARCH\n- Buy teh milk\n=======\n- Buy the milk\n>>>>>>> REPLACE\n", {
				finishReason: "length",
			}),
			"cut-off",
		],
		[
			"is stopped by the content filter",
			reply.text("<<<<<<< SEARCH\n- Buy teh milk\n=======\n- Buy the milk\n>>>>>>> REPLACE\n", {
				finishReason: "content_filter",
			}),
			"cut-off",
		],
		["ends inside a block", reply.text("<<<<<<< SEARCH\n- Buy teh milk\n=======\n- Buy the"), "cut-off"],
		[
			"breaks off when the connection drops",
			reply.drop(3, "<<<<<<< SEARCH\n- Buy teh milk\n=======\n- Buy the milk\n>>>>>>> REPLACE\n"),
			"cut-off",
		],
		[
			"has a SEARCH that is not in the note",
			reply.text("<<<<<<< SEARCH\n- Buy tea milk\n=======\n- Buy the milk\n>>>>>>> REPLACE\n"),
			"not-applying",
		],
		[
			"has a SEARCH that matches several places",
			reply.text(
				"<<<<<<< SEARCH\n\n=======\nx\n>>>>>>> REPLACE\n<<<<<<< SEARCH\n- eggs\n- apples\n\n=======\n>>>>>>> REPLACE\n",
			),
			"not-applying",
		],
		[
			"has an empty SEARCH on a non-empty note",
			reply.text("<<<<<<< SEARCH\n=======\n# Groceries\n>>>>>>> REPLACE\n"),
			"not-applying",
		],
		[
			"has overlapping blocks",
			reply.text(
				"<<<<<<< SEARCH\n- Buy teh milk\n- Old item\n=======\n- Buy the milk\n- Old item\n>>>>>>> REPLACE\n<<<<<<< SEARCH\n- Old item\n- bread\n=======\n- bread\n>>>>>>> REPLACE\n",
			),
			"not-applying",
		],
	])("retries with the whole note when the reply %s", async (_what, first, reason) => {
		const h = await edits([first, applies(fixTypo)]);
		const { result } = await h.declareAndApply({ path: PATH, operation: "modify", description: "fix the typo" });
		expect(result).toMatchObject({ status: "success", data: { fallback: reason } });
		expect(await h.vault.read(PATH)).toBe(fixTypo(NOTE));
		expect(h.server.requests).toHaveLength(2);
	});

	it("stops reading a reply as soon as a block cannot apply", async () => {
		const junk = Array.from(
			{ length: 200 },
			(_, i) => `<<<<<<< SEARCH\n- item ${i}\n=======\n- item ${i}!\n>>>>>>> REPLACE`,
		).join("\n");
		const first: ScriptStep = reply.text(`<<<<<<< SEARCH\n- not in the note\n=======\nx\n>>>>>>> REPLACE\n${junk}\n`, {
			pace: { firstTokenMs: 0, tokensPerSecond: 200 },
		});
		const h = await edits([first, applies(fixTypo)]);
		const { result } = await h.declareAndApply({ path: PATH, operation: "modify", description: "fix the typo" });
		expect(result).toMatchObject({ status: "success", data: { fallback: "not-applying" } });
		// At 200 tokens/s the junk would take seconds: the first reply was dropped long before.
		expect(h.server.requests[0]?.outcome).toBe("client-closed");
	});

	it("refuses with nothing written when the whole-note retry fails too", async () => {
		const h = await edits([malformed, reply.text(NOTE.slice(0, 40), { finishReason: "length" })]);
		const { result, editId } = await h.declareAndApply({
			path: PATH,
			operation: "modify",
			description: "fix the typo",
		});
		expect(result).toMatchObject({ status: "error", data: { editId, reason: "truncated", fallback: "malformed" } });
		expect(result.message).toMatch(
			/edit blocks failed .*without its ======= divider.*retry with the whole note.*cut off/s,
		);
		expect(result.message).toMatch(/Nothing was written/);
		expect(await h.vault.read(PATH)).toBe(NOTE);
		expect(await h.history.list(PATH)).toEqual([]);
		expect(h.events("edit_applied")).toEqual([]);
		expect(h.server.requests).toHaveLength(2);
	});

	it("retries a long note by the sections the description names", async () => {
		const parts = ["# Log", ""];
		for (let n = 1; n <= 30; n++)
			parts.push(`## Topic ${n}`, "", `Notes on topic ${n}: ` + "a sentence about it. ".repeat(300).trim(), "");
		const long = parts.join("\n");
		const section = (text: string) => text.replace("Notes on topic 7:", "Notes on topic seven:");
		const h = await edits([malformed, applies(section)], { notes: { "Log.md": long } });
		const { result } = await h.declareAndApply({
			path: "Log.md",
			operation: "modify",
			description: "spell out the number in Topic 7",
		});
		expect(result).toMatchObject({ status: "success", data: { fallback: "malformed", sections: ["Topic 7"] } });
		expect(noteInPrompt(h.applyPrompt(1)).startsWith("## Topic 7\n")).toBe(true);
		expect(await h.vault.read("Log.md")).toBe(section(long));
	});
});

describe("a modify in the Edits format: refusals without a retry", () => {
	it("does not retry when the apply model fails before replying", async () => {
		const h = await edits([reply.httpError(500, { message: "upstream exploded" })]);
		const { result } = await h.declareAndApply({ path: PATH, operation: "modify", description: "fix the typo" });
		expect(result).toMatchObject({ status: "error", data: { reason: "model-error" } });
		expect(result.message).toMatch(/upstream exploded/);
		expect(h.server.requests).toHaveLength(1);
		expect(await h.vault.read(PATH)).toBe(NOTE);
	});

	it("stops without a retry when the user stops the edit", async () => {
		const stop = new AbortController();
		const slow: ScriptStep = (request) => {
			setTimeout(() => stop.abort(), 200);
			return applyModelReply(request, fixTypo, { pace: { firstTokenMs: 5_000, tokensPerSecond: 10 } });
		};
		const h = await edits([slow]);
		const { result } = await h.declareAndApply(
			{ path: PATH, operation: "modify", description: "fix the typo" },
			stop.signal,
		);
		expect(result).toMatchObject({ status: "error", data: { reason: "aborted" } });
		expect(h.server.requests).toHaveLength(1);
		expect(await h.vault.read(PATH)).toBe(NOTE);
	});

	it("refuses blocks that empty a short note the description does not ask to empty", async () => {
		const short = "# Call\n\nAna on Monday.\n";
		const h = await edits([applies(() => "")], { notes: { "Call.md": short } });
		const { result } = await h.declareAndApply({ path: "Call.md", operation: "modify", description: "fix the typo" });
		expect(result).toMatchObject({ status: "error", data: { reason: "empty" } });
		expect(h.server.requests).toHaveLength(1);
		expect(await h.vault.read("Call.md")).toBe(short);
	});

	it("refuses blocks that drop a line the description does not ask to remove", async () => {
		const h = await edits([applies((note) => fixTypo(note).replace("- Old item\n", ""))]);
		const { result } = await h.declareAndApply({ path: PATH, operation: "modify", description: "fix the typo" });
		expect(result).toMatchObject({ status: "error", data: { reason: "implausible" } });
		expect(result.message).toMatch(/drops .* the description does not ask to remove anything/);
		expect(await h.vault.read(PATH)).toBe(NOTE);
	});

	it("writes blocks that remove lines when the description asks for it", async () => {
		const change = (note: string) => note.replace("- Old item\n", "");
		const h = await edits([applies(change)]);
		const { result } = await h.declareAndApply({ path: PATH, operation: "modify", description: "remove the old item" });
		expect(result.status).toBe("success");
		expect(await h.vault.read(PATH)).toBe(change(NOTE));
	});

	it("writes blocks that remove most lines when that is the change asked for: each block says what it removes", async () => {
		const sections = Array.from({ length: 30 }, (_, i) => `## Day ${i + 1}\n\nWalked ${i + 1} km.\n`).join("\n");
		const note = `# Log\n\n${sections}`;
		const change = (text: string) => text.replace(/^#+ .*\n\n?/gm, "");
		const h = await edits([applies(change)], { notes: { "Log.md": note } });
		const { result } = await h.declareAndApply({
			path: "Log.md",
			operation: "modify",
			description: "remove all headings",
		});
		expect(result.status).toBe("success");
		expect(await h.vault.read("Log.md")).toBe(change(note));
	});

	it("refuses blocks that would delete most of the note", async () => {
		const h = await edits([applies((note) => note.split("\n").slice(0, 2).join("\n"))]);
		const { result } = await h.declareAndApply({ path: PATH, operation: "modify", description: "fix the typo" });
		expect(result).toMatchObject({ status: "error", data: { reason: "implausible" } });
		expect(result.message).toMatch(/Nothing was written/);
		expect(h.server.requests).toHaveLength(1);
		expect(await h.vault.read(PATH)).toBe(NOTE);
	});
});

describe("the apply formats", () => {
	it("asks for the whole note, with a prediction, when the setting is Whole note", async () => {
		const h = await editHarness({
			notes: { [PATH]: NOTE },
			replies: [applies(fixTypo)],
			applyFormat: "whole",
			prediction: true,
		});
		const { result } = await h.declareAndApply({ path: PATH, operation: "modify", description: "fix the typo" });
		expect(result.status).toBe("success");
		expect(result.data?.editBlocks).toBeUndefined();
		const request = h.server.requests[0];
		expect(request && asksForEditBlocks(request)).toBe(false);
		expect(request?.body.prediction).toEqual({ type: "content", content: NOTE });
	});

	it("returns the whole note for create and rewrite, with a prediction for rewrite, in the Edits format too", async () => {
		const h = await edits([applies(() => "# Pantry\n\n- rice\n"), applies(() => "# Groceries\n\n- everything new\n")]);
		expect(
			(await h.declareAndApply({ path: "Pantry.md", operation: "create", description: "start a pantry list" })).result
				.status,
		).toBe("success");
		expect(
			(await h.declareAndApply({ path: PATH, operation: "rewrite", description: "start the list again" })).result
				.status,
		).toBe("success");
		expect(h.server.requests.map((r) => asksForEditBlocks(r))).toEqual([false, false]);
		expect(h.server.requests[1]?.body.prediction).toEqual({ type: "content", content: NOTE });
		expect(await h.vault.read(PATH)).toBe("# Groceries\n\n- everything new\n");
	});
});
