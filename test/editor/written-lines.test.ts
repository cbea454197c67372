// @vitest-environment happy-dom
/**
 * After a write, the lines Redline changed stay marked until the user edits them (that group
 * only) or dismisses the mark (its button, or Esc); the host's own reload only moves them.
 */
import { EditorState, Transaction } from "@codemirror/state";
import { EditorView } from "@codemirror/view";
import { afterEach, describe, expect, it } from "vitest";
import { redlineEditor, showWrittenLines } from "../../src/editor";

const TEXT = "one\ntwo\nthree\nfour\nfive\n";
let views: EditorView[] = [];
afterEach(() => {
	for (const view of views) view.destroy();
	views = [];
});

function editor(): EditorView {
	const view = new EditorView({
		state: EditorState.create({ doc: TEXT, extensions: [redlineEditor()] }),
		parent: document.body,
	});
	views.push(view);
	return view;
}

const marked = (view: EditorView) =>
	[...view.contentDOM.querySelectorAll(".redline-ed-written")].map((line) => line.firstChild?.textContent);
const dismissButtons = (view: EditorView) => [
	...view.contentDOM.querySelectorAll<HTMLButtonElement>("button.redline-ed-dismiss"),
];

describe("the mark on the lines a write changed", () => {
	it("marks the given lines, titled, with one Dismiss button per group", () => {
		const view = editor();
		expect(
			showWrittenLines(view, [
				{ from: 2, to: 3 },
				{ from: 5, to: 5 },
			]),
		).toBe(true);
		expect(marked(view)).toEqual(["two", "three", "five"]);
		expect(view.contentDOM.querySelector(".redline-ed-written")?.getAttribute("title")).toBe("Changed by Redline");
		expect(dismissButtons(view).map((b) => b.getAttribute("aria-label"))).toEqual([
			"Dismiss the mark on the lines Redline changed",
			"Dismiss the mark on the lines Redline changed",
		]);
	});

	it("unmarks the group the user edits, and only that one", () => {
		const view = editor();
		showWrittenLines(view, [
			{ from: 2, to: 3 },
			{ from: 5, to: 5 },
		]);
		view.dispatch({
			changes: { from: TEXT.indexOf("three") + 5, insert: "!" },
			annotations: Transaction.userEvent.of("input.type"),
		});
		expect(marked(view)).toEqual(["five"]);
		// Typing elsewhere moves the mark with its line.
		view.dispatch({ changes: { from: 0, insert: "zero\n" }, annotations: Transaction.userEvent.of("input.type") });
		expect(marked(view)).toEqual(["five"]);
	});

	it("keeps the mark through a change that is not the user's (the host reloading the note, Redline's next write)", () => {
		const view = editor();
		showWrittenLines(view, [{ from: 2, to: 2 }]);
		view.dispatch({ changes: { from: 0, to: 3, insert: "ONE" } });
		view.dispatch({ changes: { from: 4, to: 7, insert: "TWO" } });
		expect(marked(view)).toEqual(["TWO"]);
		// Obsidian's Editor.transaction names its origin as the userEvent: Redline's writes say "redline".
		view.dispatch({ changes: { from: 4, to: 7, insert: "Two" }, userEvent: "redline" });
		expect(marked(view)).toEqual(["Two"]);
	});

	it("is dismissed by its button, by Esc, and by the host", () => {
		const view = editor();
		showWrittenLines(view, [
			{ from: 1, to: 1 },
			{ from: 4, to: 4 },
		]);
		dismissButtons(view)[1].click();
		expect(marked(view)).toEqual([]);
		showWrittenLines(view, [{ from: 1, to: 2 }]);
		const escape = new KeyboardEvent("keydown", { key: "Escape", bubbles: true, cancelable: true });
		view.contentDOM.dispatchEvent(escape);
		expect(marked(view)).toEqual([]);
		expect(escape.defaultPrevented).toBe(true);
		// With nothing marked, Esc is left to others.
		const again = new KeyboardEvent("keydown", { key: "Escape", bubbles: true, cancelable: true });
		view.contentDOM.dispatchEvent(again);
		expect(again.defaultPrevented).toBe(false);
		showWrittenLines(view, [{ from: 3, to: 3 }]);
		showWrittenLines(view, null);
		expect(marked(view)).toEqual([]);
	});

	it("does nothing in an editor without the extension", () => {
		const view = new EditorView({ doc: TEXT, parent: document.body });
		views.push(view);
		expect(showWrittenLines(view, [{ from: 1, to: 1 }])).toBe(false);
	});
});
