/**
 * A validated model output (model text) as the note will be stored: the original frontmatter
 * kept unless the description concerns it, the note's BOM, line endings and final newlines
 * restored, and what that pass kept as it was listed. The apply phase and the property test
 * (test/composer/apply.property.test.ts) share it, so the test runs the path the app runs.
 */
import { droppedChanges } from "./dropped";
import type { Dropped } from "./dropped";
import { keepFrontmatter, toModelText, toNoteText } from "./text-format";

export interface StoredOutput {
	proposed: string;
	frontmatterRestored: boolean;
	dropped: Dropped[];
}

/** base: the note as read (null for a create); output: the validated model text. */
export function noteFromOutput(base: string | null, output: string, description: string): StoredOutput {
	const kept = base === null ? { text: output, restored: false } : keepFrontmatter(toModelText(base), output, description);
	const proposed = toNoteText(kept.text, base);
	const dropped = droppedChanges({ intended: output, stored: proposed, base, frontmatterRestored: kept.restored, explicit: false });
	return { proposed, frontmatterRestored: kept.restored, dropped };
}
