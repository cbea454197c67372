/**
 * An Editor over a string with a cursor and an undo stack. Every transaction (and setValue) is one
 * undo step, recorded for tests; the cursor is mapped through changes as CodeMirror maps it.
 * `cm`, as in Obsidian (where its typings do not declare it), is a CodeMirror EditorView with the
 * plugins' editor extensions, built by MarkdownView where a DOM is global (happy-dom tests). As
 * Obsidian's Editor is a wrapper over it, the two stay in step: a transaction here (the vault
 * writing an open note, setValue, undo) is dispatched to `cm` with its origin as the userEvent, and
 * a change dispatched to `cm` (the user typing) becomes the Editor's text, saved like typing.
 */
import type * as O from "obsidian";
import type { EditorView } from "@codemirror/view";
import type { Shape } from "./shape";

export interface RecordedTransaction {
	tx: O.EditorTransaction;
	origin?: string;
}

export class Editor implements Shape<
	O.Editor,
	| "getValue"
	| "setValue"
	| "getLine"
	| "lineCount"
	| "lastLine"
	| "getCursor"
	| "setCursor"
	| "transaction"
	| "posToOffset"
	| "offsetToPos"
	| "undo"
	| "redo"
	| "getRange"
	| "replaceRange"
> {
	private text: string;
	private cursor = 0;
	private undoStack: { text: string; cursor: number }[] = [];
	private redoStack: { text: string; cursor: number }[] = [];
	readonly transactions: RecordedTransaction[] = [];
	cm?: EditorView;
	/** Set while this Editor dispatches to `cm`, so the change does not come back as typing. */
	private toView = false;
	/** Called after every change (the view saves the file from it). */
	onChange: () => void = () => {};

	constructor(text = "") {
		this.text = text;
	}
	getValue(): string {
		return this.text;
	}
	setValue(content: string): void {
		this.transaction(
			{ changes: [{ from: { line: 0, ch: 0 }, to: this.offsetToPos(this.text.length), text: content }] },
			"setValue",
		);
	}
	getLine(line: number): string {
		return this.text.split("\n")[line] ?? "";
	}
	lineCount(): number {
		return this.text.split("\n").length;
	}
	lastLine(): number {
		return this.lineCount() - 1;
	}
	getCursor(): O.EditorPosition {
		return this.offsetToPos(this.cursor);
	}
	setCursor(pos: O.EditorPosition | number, ch?: number): void {
		this.cursor = typeof pos === "number" ? this.posToOffset({ line: pos, ch: ch ?? 0 }) : this.posToOffset(pos);
	}
	getRange(from: O.EditorPosition, to: O.EditorPosition): string {
		return this.text.slice(this.posToOffset(from), this.posToOffset(to));
	}
	replaceRange(replacement: string, from: O.EditorPosition, to?: O.EditorPosition, origin?: string): void {
		this.transaction({ changes: [{ from, to: to ?? from, text: replacement }] }, origin);
	}
	transaction(tx: O.EditorTransaction, origin?: string): void {
		this.transactions.push({ tx, origin });
		const changes = (tx.changes ?? [])
			.map((c) => ({ from: this.posToOffset(c.from), to: this.posToOffset(c.to ?? c.from), text: c.text }))
			.sort((a, b) => a.from - b.from);
		for (let i = 1; i < changes.length; i++)
			if (changes[i].from < changes[i - 1].to) throw new RangeError("Overlapping changes in one transaction");
		this.undoStack.push({ text: this.text, cursor: this.cursor });
		this.redoStack = [];
		let out = "";
		let last = 0;
		let cursor = this.cursor;
		for (const c of changes) {
			out += this.text.slice(last, c.from) + c.text;
			last = c.to;
			// A cursor after a change moves with it; inside a replaced range it goes to the change's end.
			if (this.cursor >= c.to) cursor += c.text.length - (c.to - c.from);
			else if (this.cursor > c.from) cursor = out.length;
		}
		this.text = out + this.text.slice(last);
		this.cursor = Math.min(cursor, this.text.length);
		if (tx.selection) this.cursor = this.posToOffset(tx.selection.from);
		this.dispatchToView(origin);
		this.onChange();
	}
	/** `cm` typed in: its text becomes the Editor's (one undo step), saved as typing is. */
	typedInView(text: string): void {
		if (this.toView || text === this.text) return;
		this.undoStack.push({ text: this.text, cursor: this.cursor });
		this.redoStack = [];
		this.text = text;
		this.cursor = Math.min(this.cursor, text.length);
		this.onChange();
	}
	/** The Editor's text into `cm`: the part between their common start and end, as one change. */
	private dispatchToView(origin?: string): void {
		const view = this.cm;
		if (!view) return;
		const old = view.state.doc.toString();
		const text = this.text;
		if (old === text) return;
		let start = 0;
		while (start < old.length && start < text.length && old[start] === text[start]) start++;
		let end = 0;
		while (end < old.length - start && end < text.length - start && old.at(-1 - end) === text.at(-1 - end)) end++;
		this.toView = true;
		try {
			view.dispatch({
				changes: { from: start, to: old.length - end, insert: text.slice(start, text.length - end) },
				...(origin ? { userEvent: origin } : {}),
			});
		} finally {
			this.toView = false;
		}
	}
	undo(): void {
		const prev = this.undoStack.pop();
		if (!prev) return;
		this.redoStack.push({ text: this.text, cursor: this.cursor });
		this.text = prev.text;
		this.cursor = prev.cursor;
		this.dispatchToView("undo");
		this.onChange();
	}
	redo(): void {
		const next = this.redoStack.pop();
		if (!next) return;
		this.undoStack.push({ text: this.text, cursor: this.cursor });
		this.text = next.text;
		this.cursor = next.cursor;
		this.dispatchToView("redo");
		this.onChange();
	}
	posToOffset(pos: O.EditorPosition): number {
		const lines = this.text.split("\n");
		const line = Math.max(0, Math.min(pos.line, lines.length - 1));
		let offset = 0;
		for (let i = 0; i < line; i++) offset += lines[i].length + 1;
		return offset + Math.max(0, Math.min(pos.ch, lines[line].length));
	}
	offsetToPos(offset: number): O.EditorPosition {
		const before = this.text.slice(0, Math.max(0, Math.min(offset, this.text.length)));
		const line = before.split("\n").length - 1;
		return { line, ch: before.length - (before.lastIndexOf("\n") + 1) };
	}
	/** Test helper: undo steps available (Ctrl+Z presses that change something). */
	get undoDepth(): number {
		return this.undoStack.length;
	}
}
