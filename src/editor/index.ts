/**
 * Redline inside the note editor, for both hosts (Obsidian registers it with
 * registerEditorExtension; the sandbox page's CodeMirror bundles it): the pending review inline
 * and the mark on the lines the last write changed, and `InlineReviews`, which feeds both from the
 * thread the pane shows. Plain TypeScript and @codemirror only (no obsidian, no react).
 */
import type { Extension } from "@codemirror/state";
import { editPrompt } from "./edit-prompt";
import { inlineReview } from "./inline-review";
import { writtenLines } from "./written-lines";

export type { ChangeDecision, InlineReview, ProposedChange } from "./review";
export type { Located } from "./locate";
export { setReview, showReview, shownReview } from "./inline-review";
export { setWrittenLines, showWrittenLines, type LineRange } from "./written-lines";
export { InlineEdit, type InlineEditDeps } from "./inline-edit";
export { shownPrompt, focusPrompt } from "./edit-prompt";
export { InlineReviews, type InlineReviewsDeps, type NoteEditors } from "./inline-reviews";

/** Every editor extension of Redline, in one value a host registers once. */
export function redlineEditor(): Extension {
	return [inlineReview(), writtenLines(), editPrompt()];
}
