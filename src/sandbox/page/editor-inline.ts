/**
 * The hook point between the page host and the note editor for what Redline shows inside the
 * open note (issue 29): a note's pending review, kept until the host clears it, and the lines
 * Redline's last write changed, handed once to the editor that shows that note (the editor then
 * keeps the mark until the user edits or dismisses it). The page host (or whatever follows the
 * thread: src/editor/inline-reviews.ts) writes here; the NoteEditor of that path listens and
 * passes both to src/editor.
 */
import type { InlineEdit, InlineReview, LineRange } from "../../editor";

export class EditorInline {
	/** "Edit selection with Redline" (Mod+K in the note editor), set by the page host. */
	inPlace: InlineEdit | null = null;
	private readonly reviews = new Map<string, InlineReview>();
	private readonly written = new Map<string, readonly LineRange[] | null>();
	private readonly listeners = new Set<(path: string) => void>();

	/** Shows (null: clears) a note's pending review in its editor. */
	setReview(path: string, review: InlineReview | null): void {
		if (review) this.reviews.set(path, review);
		else this.reviews.delete(path);
		this.changed(path);
	}

	/** Marks (null: unmarks) the lines of the note as written; the note's editor takes them when it shows that text. */
	setWrittenLines(path: string, ranges: readonly LineRange[] | null): void {
		this.written.set(path, ranges);
		this.changed(path);
	}

	review(path: string): InlineReview | null {
		return this.reviews.get(path) ?? null;
	}

	/** Whether lines wait to be marked in a note (the editor reads the note as written first). */
	hasWrittenLines(path: string): boolean {
		return this.written.has(path);
	}

	/** The lines to mark in a note, once: undefined when nothing new was set since. */
	takeWrittenLines(path: string): readonly LineRange[] | null | undefined {
		const ranges = this.written.get(path);
		this.written.delete(path);
		return ranges;
	}

	/** Calls `listener` with the path whenever a note's review or marked lines change. */
	subscribe(listener: (path: string) => void): () => void {
		this.listeners.add(listener);
		return () => this.listeners.delete(listener);
	}

	private changed(path: string): void {
		for (const listener of this.listeners) listener(path);
	}
}
