/**
 * A thinking model as the apply model (Qwen or DeepSeek-R1 through Ollama or LM Studio are
 * common local choices): its reasoning is never part of the note, in whichever form it comes,
 * and a block it drafts while reasoning is never applied. Through declareEditIntent with the real
 * ChatOpenAI against the scripted apply model. (Before, a `<think>` reply was written into the
 * note, and an edit block drafted in the reasoning was applied.)
 */
import { describe, expect, it } from "vitest";
import { DIVIDER_MARKER, REPLACE_MARKER, SEARCH_MARKER } from "../../src/composer/edit-blocks";
import { reply, type ReasoningForm } from "../../src/sandbox/model-server";
import { editHarness } from "./harness";

const PATH = "Groceries.md";
const NOTE = ["# Groceries", "", "- Buy teh milk", "- bread", "- eggs", ""].join("\n");
const FIXED = NOTE.replace("teh", "the");

describe.each<ReasoningForm>(["think", "think-closed", "reasoning_content", "reasoning"])(
	"an apply model that reasons as %s",
	(form) => {
		it("creates a note with the answer only", async () => {
			const note = "# Packing\n\n- passport\n- charger\n";
			const h = await editHarness({
				replies: [reply.thinking("A packing list: passport first, then the charger.", note, form)],
			});
			const { result } = await h.declareAndApply({
				path: "Packing.md",
				operation: "create",
				description: "write a packing list",
			});
			expect(result.status).toBe("success");
			expect(await h.vault.read("Packing.md")).toBe(note);
		});

		it("rewrites a note in whole-note mode with the answer only", async () => {
			const h = await editHarness({
				notes: { [PATH]: NOTE },
				replies: [reply.thinking("Only the typo changes.", FIXED, form)],
			});
			const { result } = await h.declareAndApply({
				path: PATH,
				operation: "modify",
				description: "fix the typo in the milk line",
			});
			expect(result.status).toBe("success");
			expect(await h.vault.read(PATH)).toBe(FIXED);
		});

		it("applies the edit blocks of the answer, never one it drafted while reasoning", async () => {
			const drafted = [
				"Maybe drop the bread line:",
				SEARCH_MARKER,
				"- bread",
				DIVIDER_MARKER,
				REPLACE_MARKER,
				"No: only the typo is asked for.",
			].join("\n");
			const blocks = [SEARCH_MARKER, "- Buy teh milk", DIVIDER_MARKER, "- Buy the milk", REPLACE_MARKER, ""].join("\n");
			const h = await editHarness({
				notes: { [PATH]: NOTE },
				replies: [reply.thinking(drafted, blocks, form)],
				applyFormat: "edits",
			});
			const { result } = await h.declareAndApply({
				path: PATH,
				operation: "modify",
				description: "fix the typo in the milk line",
			});
			expect(result).toMatchObject({ status: "success", data: { editBlocks: 1 } });
			expect(result.data?.fallback).toBeUndefined();
			expect(await h.vault.read(PATH)).toBe(FIXED);
			expect(h.server.requests).toHaveLength(1);
		});
	},
);

describe("a note that itself opens with a <think> block (notes about reasoning models, a pasted transcript)", () => {
	const OWN = ["<think>", "How R1 reasons, in my words.", "</think>", "", "# Prompts", "", "- Buy teh milk", ""].join(
		"\n",
	);
	const OWN_FIXED = OWN.replace("teh", "the");

	it("keeps that block when the apply model returns the whole note without reasoning", async () => {
		const h = await editHarness({ notes: { [PATH]: OWN }, replies: [reply.text(OWN_FIXED)] });
		const { result } = await h.declareAndApply({
			path: PATH,
			operation: "modify",
			description: "fix the typo in the milk line",
		});
		expect(result.status).toBe("success");
		expect(await h.vault.read(PATH)).toBe(OWN_FIXED);
	});

	it.each<ReasoningForm>(["think", "think-closed", "reasoning_content", "reasoning"])(
		"keeps it, and drops the model's own reasoning, when the model reasons as %s first",
		async (form) => {
			const h = await editHarness({
				notes: { [PATH]: OWN },
				replies: [reply.thinking("Only the typo changes.", OWN_FIXED, form)],
			});
			const { result } = await h.declareAndApply({
				path: PATH,
				operation: "modify",
				description: "fix the typo in the milk line",
			});
			expect(result.status).toBe("success");
			expect(await h.vault.read(PATH)).toBe(OWN_FIXED);
		},
	);

	// Issue 26: the fix is inside the block, so the reply's block no longer matches the note's byte
	// for byte; before, it was taken for reasoning and the note lost its first paragraph.
	const TYPO = ["<think>", "How R1 reasns, in my words.", "</think>", "", "# Prompts", ""].join("\n");
	const TYPO_FIXED = TYPO.replace("reasns", "reasons");

	it.each<"whole" | "edits">(["whole", "edits"])(
		"keeps that block when the change is inside it (%s format, the edits format retrying in whole-note mode)",
		async (applyFormat) => {
			const h = await editHarness({
				notes: { [PATH]: TYPO },
				replies: [reply.text(TYPO_FIXED), reply.text(TYPO_FIXED)],
				applyFormat,
			});
			const { result } = await h.declareAndApply({
				path: PATH,
				operation: "modify",
				description: "fix the typo in the first paragraph",
			});
			expect(result.status).toBe("success");
			expect(await h.vault.read(PATH)).toBe(TYPO_FIXED);
		},
	);

	it("keeps that block on a rewrite", async () => {
		const h = await editHarness({ notes: { [PATH]: TYPO }, replies: [reply.text(TYPO_FIXED)] });
		const { result } = await h.declareAndApply({
			path: PATH,
			operation: "rewrite",
			description: "fix the typo in the first paragraph",
		});
		expect(result.status).toBe("success");
		expect(await h.vault.read(PATH)).toBe(TYPO_FIXED);
	});
});

describe("reasoning with only its closing tag (the chat template opened it)", () => {
	const LETTER = "Dear Sam,\n\nI am writing to confirm Tuesday.\n";

	it("is never written into the note", async () => {
		const h = await editHarness({
			notes: { "Letter.md": "hi sam, tuesday ok\n" },
			replies: [reply.text(`Okay, the user wants a formal version of the letter.\n</think>\n\n${LETTER}`)],
		});
		const { result } = await h.declareAndApply({
			path: "Letter.md",
			operation: "rewrite",
			description: "make it formal",
		});
		expect(result.status).toBe("success");
		expect(await h.vault.read("Letter.md")).toBe(LETTER);
	});

	it("is the note's own text when the note has a </think> of its own", async () => {
		const note = "Close a thought with\n</think>\nin R1's format.\n";
		const fixed = note.replace("thought", "thought block");
		const h = await editHarness({ notes: { [PATH]: note }, replies: [reply.text(fixed)] });
		const { result } = await h.declareAndApply({ path: PATH, operation: "rewrite", description: "say thought block" });
		expect(result.status).toBe("success");
		expect(await h.vault.read(PATH)).toBe(fixed);
	});
});
