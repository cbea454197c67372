/**
 * A note's own leading <think> block is never silently lost to the reasoning split (issue 26, the
 * audit). The reply's first block is the note's when it reads close to the note's block; a block
 * changed a lot (a translation) reads as the model's reasoning and is split off. Then the rest of
 * the reply must open with a <think> block itself (the note's, changed), or the edit is refused
 * with nothing written. Before, the write succeeded without the block. A create has no note to
 * compare with: the same holds when its description names a <think> block.
 * Through declareEditIntent with the real ChatOpenAI against the scripted apply model.
 */
import { describe, expect, it } from "vitest";
import { DIVIDER_MARKER, REPLACE_MARKER, SEARCH_MARKER } from "../../src/composer/edit-blocks";
import { reply } from "../../src/sandbox/model-server";
import { editHarness } from "./harness";

const PATH = "Prompts.md";
const OWN = ["<think>", "How R1 reasons, in my words.", "</think>", "", "# Prompts", "", "- Buy the milk", ""].join(
	"\n",
);
const FRENCH = [
	"<think>",
	"Comment R1 raisonne, avec mes mots.",
	"</think>",
	"",
	"# Invites",
	"",
	"- Acheter le lait",
	"",
].join("\n");
const WITHOUT_BLOCK = FRENCH.slice(FRENCH.indexOf("# Invites"));

describe("a note that opens with its own <think> block, changed a lot", () => {
	it.each<["rewrite" | "modify", "whole" | "edits"]>([
		["rewrite", "whole"],
		["modify", "whole"],
	])(
		"is refused on a %s (%s format) when the reply's only block reads as reasoning: nothing written, and the result says why",
		async (operation, applyFormat) => {
			const h = await editHarness({ notes: { [PATH]: OWN }, replies: [reply.text(FRENCH)], applyFormat });
			const { result } = await h.declareAndApply({
				path: PATH,
				operation,
				description: "translate the note to French",
			});
			expect(result.status).toBe("error");
			expect(result.message).toMatch(/<think> block/);
			expect(result.message).toMatch(/nothing was written/i);
			expect(result.data).toMatchObject({ reason: "unclear", output: WITHOUT_BLOCK });
			expect(await h.vault.read(PATH)).toBe(OWN);
		},
	);

	it("is written with its changed block when that block follows the model's reasoning", async () => {
		const h = await editHarness({
			notes: { [PATH]: OWN },
			replies: [reply.thinking("Translate all of it, the block too.", FRENCH, "think")],
		});
		const { result } = await h.declareAndApply({
			path: PATH,
			operation: "rewrite",
			description: "translate the note to French",
		});
		expect(result.status).toBe("success");
		expect(await h.vault.read(PATH)).toBe(FRENCH);
	});

	it("takes edit blocks after the model's <think> reasoning as they are (they are not the note)", async () => {
		const blocks = [SEARCH_MARKER, "- Buy the milk", DIVIDER_MARKER, "- Buy the oat milk", REPLACE_MARKER, ""].join(
			"\n",
		);
		const h = await editHarness({
			notes: { [PATH]: OWN },
			replies: [reply.thinking("Only the milk line changes.", blocks, "think")],
			applyFormat: "edits",
		});
		const { result } = await h.declareAndApply({ path: PATH, operation: "modify", description: "make it oat milk" });
		expect(result.status).toBe("success");
		expect(await h.vault.read(PATH)).toBe(OWN.replace("the milk", "the oat milk"));
	});
});

describe("creating a note that should open with a <think> block", () => {
	const NEW = ["<think>", "How R1 reasons.", "</think>", "", "# Prompts", ""].join("\n");

	it("is refused when the description names the block and the reply's only block reads as reasoning", async () => {
		const h = await editHarness({ replies: [reply.text(NEW)] });
		const { result } = await h.declareAndApply({
			path: PATH,
			operation: "create",
			description: "a prompts note that opens with a <think> block on how R1 reasons",
		});
		expect(result.status).toBe("error");
		expect(result.message).toMatch(/<think> block/);
		expect(result.message).toMatch(/call executeEdit with editId "[^"]+" and the new note's content\.$/);
		expect(await h.vault.exists(PATH)).toBe(false);
	});

	it("is created with the block when it follows the model's reasoning", async () => {
		const h = await editHarness({ replies: [reply.thinking("Block first, then the heading.", NEW, "think")] });
		const { result } = await h.declareAndApply({
			path: PATH,
			operation: "create",
			description: "a prompts note that opens with a <think> block on how R1 reasons",
		});
		expect(result.status).toBe("success");
		expect(await h.vault.read(PATH)).toBe(NEW);
	});

	it("holds a rewrite whose description names <think> to the same rule", async () => {
		const h = await editHarness({ notes: { [PATH]: "# Prompts\n" }, replies: [reply.text(NEW)] });
		const { result } = await h.declareAndApply({
			path: PATH,
			operation: "rewrite",
			description: "open the note with a <think> block on how R1 reasons",
		});
		expect(result.status).toBe("error");
		expect(result.message).toMatch(/the description asks for a <think> block/);
		expect(await h.vault.read(PATH)).toBe("# Prompts\n");
	});

	it("is created without the reply's reasoning block when the description names none", async () => {
		const h = await editHarness({ replies: [reply.thinking("A short prompts note.", "# Prompts\n", "think")] });
		const { result } = await h.declareAndApply({
			path: PATH,
			operation: "create",
			description: "a short prompts note",
		});
		expect(result.status).toBe("success");
		expect(await h.vault.read(PATH)).toBe("# Prompts\n");
	});
});
