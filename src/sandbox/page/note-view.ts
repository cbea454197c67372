/**
 * The note editor's CodeMirror 6 view, as Obsidian's source mode is one: undo history, the
 * standard keys, wrapped lines, and Redline's editor extensions (src/editor), the same ones the
 * Obsidian plugin registers. Lines are split on "\n" only, so a note's text goes back to disk byte
 * for byte (a "\r" stays in its line). The page reloads a note the agent wrote with `replaceText`:
 * only the part that differs is replaced, outside the undo history, so the cursor and the user's
 * undo steps stay where they were, and the reload is not taken for typing.
 */
import { defaultKeymap, history, historyKeymap } from "@codemirror/commands";
import { Annotation, EditorState, Transaction } from "@codemirror/state";
import { EditorView, keymap } from "@codemirror/view";
import { redlineEditor } from "../../editor";

const fromDisk = Annotation.define<boolean>();

/** onEditSelection: Mod+K, "Edit selection with Redline" (issue 34). */
export function noteState(
	text: string,
	onTyped: (text: string) => void,
	onEditSelection?: (view: EditorView) => void,
): EditorState {
	return EditorState.create({
		doc: text,
		extensions: [
			EditorState.lineSeparator.of("\n"),
			history(),
			redlineEditor(),
			keymap.of([
				{ key: "Mod-k", run: (view) => (onEditSelection?.(view), onEditSelection !== undefined) },
				...defaultKeymap,
				...historyKeymap,
			]),
			EditorView.lineWrapping,
			EditorView.contentAttributes.of({ "aria-label": "Note text", spellcheck: "false" }),
			EditorView.updateListener.of((update) => {
				if (update.docChanged && !update.transactions.some((tr) => tr.annotation(fromDisk)))
					onTyped(update.state.doc.toString());
			}),
		],
	});
}

/** Replaces the view's text with `text`, changing only the part between their common start and end. */
export function replaceText(view: EditorView, text: string): void {
	const old = view.state.doc.toString();
	if (old === text) return;
	let start = 0;
	while (start < old.length && start < text.length && old[start] === text[start]) start++;
	let end = 0;
	while (
		end < old.length - start &&
		end < text.length - start &&
		old[old.length - 1 - end] === text[text.length - 1 - end]
	)
		end++;
	view.dispatch({
		changes: { from: start, to: old.length - end, insert: text.slice(start, text.length - end) },
		annotations: [fromDisk.of(true), Transaction.addToHistory.of(false)],
	});
}
