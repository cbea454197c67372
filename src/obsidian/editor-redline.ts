/**
 * The open note shows Redline too (issue 29): the plugin registers src/editor's extensions with
 * registerEditorExtension (Obsidian supplies @codemirror to plugins: main.js keeps it external),
 * and whoever knows of a pending review or a write sets it on every open Markdown editor of that
 * note. Obsidian's Editor wraps CodeMirror 6 and keeps its EditorView in `cm`, which its typings
 * do not declare: it is read guarded, and an editor without it (or without the extensions) is
 * skipped. A note opened later gets what the caller sends it then (on file-open, say).
 */
import { MarkdownView, type Plugin } from "obsidian";
import type { EditorView } from "@codemirror/view";
import { redlineEditor, showReview, showWrittenLines, type InlineReview, type LineRange } from "../editor";

export class EditorRedline {
	constructor(private readonly plugin: Plugin) {}

	register(): void {
		this.plugin.registerEditorExtension(redlineEditor());
	}

	/** Shows (null: clears) a note's pending review in its open editors; how many it reached. */
	setReview(path: string, review: InlineReview | null): number {
		return this.editorsOf(path).filter((view) => showReview(view, review)).length;
	}

	/** Marks (null: unmarks) the lines Redline's last write changed in a note's open editors. */
	setWrittenLines(path: string, ranges: readonly LineRange[] | null): number {
		return this.editorsOf(path).filter((view) => showWrittenLines(view, ranges)).length;
	}

	private editorsOf(path: string): EditorView[] {
		const views: EditorView[] = [];
		for (const leaf of this.plugin.app.workspace.getLeavesOfType("markdown")) {
			const view = leaf.view;
			if (!(view instanceof MarkdownView) || view.file?.path !== path) continue;
			const cm = (view.editor as unknown as { cm?: Partial<EditorView> }).cm;
			if (cm?.state && typeof cm.dispatch === "function") views.push(cm as EditorView);
		}
		return views;
	}
}
