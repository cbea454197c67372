/**
 * A note's own opening `<think>` block is never lost to the reasoning split without a word. The
 * split (src/llm/reasoning-split.ts) keeps the reply's first block as the note's when it reads
 * close to the note's own block, and otherwise takes it for the apply model's reasoning; a block
 * changed a lot (translated, rewritten) reads like reasoning. Which it was cannot be told from
 * the reply. So when the new note is to open with a block (the current note does; a create has
 * no note, so: its description names `<think>`), a whole-note reply whose first block was split
 * off must itself open with a `<think>` block: the note's, changed. Otherwise the edit is refused
 * and nothing is written; executeEdit, whose text no split reads, can still make it. (Edit blocks
 * are not the note: they are never held to this.)
 */
import type { ApplyGeneration } from "./apply";

const OPEN = "<think>";

/**
 * Why the reply cannot be written as the note, or undefined when it can. Like the validator's
 * "unclear" refusals, it does not say that nothing was written: the tool's words add that
 * (regenerate.ts SAYS_NOTHING_WRITTEN, src/tools/edit-result.ts).
 */
export function lostThinkBlock(original: string, description: string, reply: ApplyGeneration): string | undefined {
	if (!reply.reasoningBlock || reply.text.trimStart().startsWith(OPEN)) return undefined;
	const noteHasOne = original.trimStart().startsWith(OPEN);
	if (!noteHasOne && !description.toLowerCase().includes(OPEN)) return undefined;
	const expected = noteHasOne
		? "the note opens with a <think> block of its own"
		: "the description asks for a <think> block";
	return (
		`The apply model's reply opened with a <think> block, which Redline took for the model's reasoning, and no <think> block followed it; ` +
		`but ${expected}, so that block may have been the note's, changed. Written as it stands, the note would lose it.`
	);
}
