/**
 * After Redline writes a note, the lines it changed stay marked (a tint and a bar at the line's
 * edge, titled "Changed by Redline") until the user edits them or dismisses the mark: the
 * Dismiss button at a group's first line, or Esc in the editor. A host gives the groups as
 * 1-based line ranges of the note as written (`showWrittenLines`); a change that is not the
 * user's (the host reloading the note) only moves them.
 */
import { Prec, StateEffect, StateField, type Extension, type Range } from "@codemirror/state";
import { Decoration, EditorView, WidgetType, keymap, type DecorationSet } from "@codemirror/view";

/** Lines `from` to `to`, 1-based and inclusive. */
export interface LineRange {
	from: number;
	to: number;
}

export const setWrittenLines = StateEffect.define<readonly LineRange[] | null>();

const USER_EDITS = ["input", "delete", "move", "undo", "redo"];

const writtenLine = Decoration.line({ class: "redline-ed-written", attributes: { title: "Changed by Redline" } });

class DismissWidget extends WidgetType {
	toDOM(view: EditorView): HTMLElement {
		const button = view.dom.ownerDocument.createElement("button");
		button.className = "redline-ed-dismiss";
		button.textContent = "Dismiss";
		button.setAttribute("aria-label", "Dismiss the mark on the lines Redline changed");
		button.onclick = () => view.dispatch({ effects: setWrittenLines.of(null) });
		return button;
	}
}

const dismiss = Decoration.widget({ widget: new DismissWidget(), side: 1 });

/** The marked groups as document positions (a first line's start to a last line's end), and their decorations. */
const writtenField = StateField.define<{ groups: readonly LineRange[]; decorations: DecorationSet }>({
	create: () => ({ groups: [], decorations: Decoration.none }),
	update(value, tr) {
		const { doc } = tr.state;
		let groups = value.groups;
		if (tr.docChanged) {
			// The user's own edits (CodeMirror's userEvent names); a write with another origin (Obsidian's
			// Editor.transaction passes one, "redline" for ours) or a reload from disk only moves the marks.
			const byUser = USER_EDITS.some((event) => tr.isUserEvent(event));
			groups = groups
				.filter((g) => !byUser || !tr.changes.touchesRange(g.from, g.to))
				.map((g) => ({ from: tr.changes.mapPos(g.from, 1), to: tr.changes.mapPos(g.to, -1) }));
		}
		for (const effect of tr.effects) {
			if (effect.is(setWrittenLines))
				groups = (effect.value ?? [])
					.filter((r) => r.from >= 1 && r.from <= r.to && r.from <= doc.lines)
					.map((r) => ({ from: doc.line(r.from).from, to: doc.line(Math.min(r.to, doc.lines)).to }));
		}
		if (groups === value.groups) return value;
		const ranges: Range<Decoration>[] = [];
		for (const g of groups) {
			for (let n = doc.lineAt(g.from).number; n <= doc.lineAt(g.to).number; n++)
				ranges.push(writtenLine.range(doc.line(n).from));
			ranges.push(dismiss.range(doc.lineAt(g.from).to));
		}
		return { groups, decorations: Decoration.set(ranges, true) };
	},
	provide: (field) => EditorView.decorations.from(field, (value) => value.decorations),
});

const keys = Prec.highest(
	keymap.of([
		{
			key: "Escape",
			run(view) {
				const marked = view.state.field(writtenField).groups.length > 0;
				if (marked) view.dispatch({ effects: setWrittenLines.of(null) });
				return marked;
			},
		},
	]),
);

export function writtenLines(): Extension {
	return [writtenField, keys];
}

/** Marks (or, with null, unmarks) the lines Redline changed; false when the view lacks `writtenLines()`. */
export function showWrittenLines(view: EditorView, ranges: readonly LineRange[] | null): boolean {
	const has = view.state.field(writtenField, false) !== undefined;
	if (has) view.dispatch({ effects: setWrittenLines.of(ranges) });
	return has;
}
