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

describe.each<ReasoningForm>(["think", "reasoning_content", "reasoning"])("an apply model that reasons as %s", (form) => {
	it("creates a note with the answer only", async () => {
		const note = "# Packing\n\n- passport\n- charger\n";
		const h = await editHarness({ replies: [reply.thinking("A packing list: passport first, then the charger.", note, form)] });
		const { result } = await h.declareAndApply({ path: "Packing.md", operation: "create", description: "write a packing list" });
		expect(result.status).toBe("success");
		expect(await h.vault.read("Packing.md")).toBe(note);
	});

	it("rewrites a note in whole-note mode with the answer only", async () => {
		const h = await editHarness({ notes: { [PATH]: NOTE }, replies: [reply.thinking("Only the typo changes.", FIXED, form)] });
		const { result } = await h.declareAndApply({ path: PATH, operation: "modify", description: "fix the typo in the milk line" });
		expect(result.status).toBe("success");
		expect(await h.vault.read(PATH)).toBe(FIXED);
	});

	it("applies the edit blocks of the answer, never one it drafted while reasoning", async () => {
		const drafted = ["Maybe drop the bread line:", SEARCH_MARKER, "- bread", DIVIDER_MARKER, REPLACE_MARKER, "No: only the typo is asked for."].join("\n");
		const blocks = [SEARCH_MARKER, "- Buy teh milk", DIVIDER_MARKER, "- Buy the milk", REPLACE_MARKER, ""].join("\n");
		const h = await editHarness({ notes: { [PATH]: NOTE }, replies: [reply.thinking(drafted, blocks, form)], applyFormat: "edits" });
		const { result } = await h.declareAndApply({ path: PATH, operation: "modify", description: "fix the typo in the milk line" });
		expect(result).toMatchObject({ status: "success", data: { editBlocks: 1 } });
		expect(result.data?.fallback).toBeUndefined();
		expect(await h.vault.read(PATH)).toBe(FIXED);
		expect(h.server.requests).toHaveLength(1);
	});
});

describe("a note that itself opens with a <think> block (notes about reasoning models, a pasted transcript)", () => {
	const OWN = ["<think>", "How R1 reasons, in my words.", "</think>", "", "# Prompts", "", "- Buy teh milk", ""].join("\n");
	const OWN_FIXED = OWN.replace("teh", "the");

	it("keeps that block when the apply model returns the whole note without reasoning", async () => {
		const h = await editHarness({ notes: { [PATH]: OWN }, replies: [reply.text(OWN_FIXED)] });
		const { result } = await h.declareAndApply({ path: PATH, operation: "modify", description: "fix the typo in the milk line" });
		expect(result.status).toBe("success");
		expect(await h.vault.read(PATH)).toBe(OWN_FIXED);
	});

	it.each<ReasoningForm>(["think", "reasoning_content", "reasoning"])("keeps it, and drops the model's own reasoning, when the model reasons as %s first", async (form) => {
		const h = await editHarness({ notes: { [PATH]: OWN }, replies: [reply.thinking("Only the typo changes.", OWN_FIXED, form)] });
		const { result } = await h.declareAndApply({ path: PATH, operation: "modify", description: "fix the typo in the milk line" });
		expect(result.status).toBe("success");
		expect(await h.vault.read(PATH)).toBe(OWN_FIXED);
	});
});
