/**
 * The open note shows Redline too (issue 29): the plugin registers src/editor's extensions with
 * registerEditorExtension (Obsidian supplies @codemirror to plugins: main.js keeps it external),
 * and src/editor/inline-reviews.ts sets a note's pending review, or the lines a write changed, on
 * every open Markdown editor of that note through this class. A review is kept until it is
 * cleared, so a note opened (or a view switched to it) later shows it too; marked lines are for
 * the editors open when the write lands. Obsidian's Editor wraps CodeMirror 6 and keeps its
 * EditorView in `cm`, which its typings do not declare: it is read guarded, and an editor without
 * it (or without the extensions) is skipped.
 */
import { MarkdownView, type Plugin } from "obsidian";
import type { EditorView } from "@codemirror/view";
import {
	redlineEditor,
	showReview,
	shownReview,
	showWrittenLines,
	type InlineReview,
	type LineRange,
	type NoteEditors,
} from "../editor";

export class EditorRedline implements NoteEditors {
	private readonly reviews = new Map<string, InlineReview>();

	constructor(private readonly plugin: Plugin) {}

	register(): void {
		const { plugin } = this;
		plugin.registerEditorExtension(redlineEditor());
		// A note opened, or a view switched to another note (its review, or none), after the review was set.
		const catchUp = (): void => {
			for (const [path, view] of this.editors()) {
				const review = this.reviews.get(path) ?? null;
				if ((shownReview(view.state)?.review ?? null) !== review) showReview(view, review);
			}
		};
		plugin.registerEvent(plugin.app.workspace.on("file-open", catchUp));
		plugin.registerEvent(plugin.app.workspace.on("layout-change", catchUp));
	}

	/** Shows (null: clears) a note's pending review in its open editors; how many it reached. */
	setReview(path: string, review: InlineReview | null): number {
		if (review) this.reviews.set(path, review);
		else this.reviews.delete(path);
		return this.editorsOf(path).filter((view) => showReview(view, review)).length;
	}

	/** Marks (null: unmarks) the lines Redline's last write changed in a note's open editors. */
	setWrittenLines(path: string, ranges: readonly LineRange[] | null): number {
		return this.editorsOf(path).filter((view) => showWrittenLines(view, ranges)).length;
	}

	private editorsOf(path: string): EditorView[] {
		return this.editors()
			.filter(([shown]) => shown === path)
			.map(([, view]) => view);
	}

	/** Every open Markdown editor with its CodeMirror view, and the note it shows. */
	private editors(): [string, EditorView][] {
		const found: [string, EditorView][] = [];
		for (const leaf of this.plugin.app.workspace.getLeavesOfType("markdown")) {
			const view = leaf.view;
			if (!(view instanceof MarkdownView) || !view.file) continue;
			const cm = (view.editor as unknown as { cm?: Partial<EditorView> }).cm;
			if (cm?.state && typeof cm.dispatch === "function") found.push([view.file.path, cm as EditorView]);
		}
		return found;
	}
}
