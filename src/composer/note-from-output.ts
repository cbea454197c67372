/**
 * Model text as the note will be stored, for every path that writes one (the apply model's
 * output, executeEdit's content or edits): the original frontmatter kept unless the description
 * concerns it, the note's BOM, line endings and final newlines restored, and what that pass kept
 * as it was listed. The property test (test/composer/apply.property.test.ts) runs it too, so the
 * test runs the path the app runs.
 *
 * Whose text it is decides what is second-guessed: search/replace `edits` are explicit, so their
 * frontmatter changes stand; executeEdit's text asked for every character, so even dropped final
 * newlines are reported. A new note takes Redline's default format, which is no change the model
 * asked for and is never reported.
 */
import { droppedChanges } from "./dropped";
import type { Dropped } from "./dropped";
import { keepFrontmatter, toModelText, toNoteText } from "./text-format";

/** Where the text comes from: the apply model, or executeEdit's `content` or `edits`. */
export type OutputSource = "apply-model" | "content" | "edits";

export interface StoredOutput {
	proposed: string;
	frontmatterRestored: boolean;
	dropped: Dropped[];
}

/** base: the note as read (null for a create); output: the validated model text. */
export function noteFromOutput(
	base: string | null,
	output: string,
	description: string,
	source: OutputSource = "apply-model",
): StoredOutput {
	if (base === null) return { proposed: toNoteText(output, null), frontmatterRestored: false, dropped: [] };
	const kept =
		source === "edits" ? { text: output, restored: false } : keepFrontmatter(toModelText(base), output, description);
	const proposed = toNoteText(kept.text, base);
	const dropped = droppedChanges({
		intended: output,
		stored: proposed,
		base,
		frontmatterRestored: kept.restored,
		explicit: source !== "apply-model",
	});
	return { proposed, frontmatterRestored: kept.restored, dropped };
}
