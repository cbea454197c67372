/**
 * The pending redline in the open note (issue 29): each change's old lines struck through (<del>,
 * with the words that go marked), its new text under them with Accept / Reject
 * (change-widget.ts). Keys, with the cursor in a change's lines: Mod+Enter accepts it,
 * Mod+Shift+Enter rejects it (the cursor then moves to the next undecided change, so the keys walk
 * the draft), and Esc leaves the review for the pane's card (the host's `onLeave`); Esc on a
 * widget's button comes back to the text. A host sets or clears the review of a view with
 * `showReview` (a StateEffect); the field keeps where each change stands as the user types
 * (locate.ts) and draws it again when the host sends new decisions. A change it cannot place is
 * not drawn; the pane's card still shows it.
 */
import {
	Prec,
	StateEffect,
	StateField,
	type EditorState,
	type Extension,
	type Range,
	type Text,
} from "@codemirror/state";
import { Decoration, EditorView, keymap, type DecorationSet } from "@codemirror/view";
import { wordDiff, type WordRun } from "../composer/review/word-diff";
import { ChangeWidget, type ChangeActions } from "./change-widget";
import { locateChanges, type Located } from "./locate";
import type { ChangeDecision, InlineReview, ProposedChange } from "./review";

export const setReview = StateEffect.define<InlineReview | null>();

interface Shown {
	review: InlineReview;
	located: ReadonlyMap<string, Located>;
	decorations: DecorationSet;
}

const reviewField = StateField.define<Shown | null>({
	create: () => null,
	update(shown, tr) {
		let review = shown?.review ?? null;
		let hints: Map<string, number> | undefined;
		if (shown) hints = new Map([...shown.located].map(([id, at]) => [id, tr.changes.mapPos(at.from, 1)]));
		for (const effect of tr.effects) {
			if (!effect.is(setReview)) continue;
			if (effect.value?.editId !== review?.editId) hints = undefined;
			review = effect.value;
		}
		if (!review) return null;
		return shown && review === shown.review && !tr.docChanged ? shown : draw(tr.state.doc, review, hints);
	},
	provide: (field) => EditorView.decorations.from(field, (shown) => shown?.decorations ?? Decoration.none),
});

const actions: ChangeActions = {
	decide: (view, changeId, decision) => view.state.field(reviewField, false)?.review.onDecide(changeId, decision),
	back(view, changeId) {
		const at = view.state.field(reviewField, false)?.located.get(changeId);
		view.focus();
		if (at) view.dispatch({ selection: { anchor: at.from } });
	},
};

/** Each change's words, diffed once (the field draws again at every keystroke). */
const wordsOf = new WeakMap<ProposedChange, WordRun[]>();

const struck = Decoration.mark({ tagName: "del", class: "redline-ed-del", attributes: { title: "Proposed removal" } });
const kept = Decoration.mark({ class: "redline-ed-kept" });
const struckWord = Decoration.mark({ class: "redline-ed-word" });

function draw(doc: Text, review: InlineReview, hints?: ReadonlyMap<string, number>): Shown {
	const located = locateChanges(doc, review.changes, hints);
	const ranges: Range<Decoration>[] = [];
	review.changes.forEach((change, index) => {
		const { changeId, before, after } = change;
		const at = located.get(changeId);
		if (!at) return;
		const decision = review.decisions[changeId];
		let words = wordsOf.get(change);
		if (!words) wordsOf.set(change, (words = wordDiff(before.replace(/\n$/, ""), after.replace(/\n$/, ""))));
		if (before) ranges.push((decision === "rejected" ? kept : struck).range(at.from, at.to));
		let pos = at.from;
		for (const run of words) {
			if (run.kind === "removed" && decision !== "rejected") ranges.push(struckWord.range(pos, pos + run.text.length));
			if (run.kind !== "added") pos += run.text.length;
		}
		const widget = new ChangeWidget(
			{
				key: `${review.editId} ${changeId}`,
				changeId,
				label: `Proposed change ${index + 1} of ${review.changes.length}`,
				decision,
				words,
			},
			actions,
		);
		ranges.push(
			Decoration.widget({ widget, block: true, side: doc.lineAt(at.to).from === at.to ? -1 : 1 }).range(at.to),
		);
	});
	return { review, located, decorations: Decoration.set(ranges, true) };
}

/** The change whose lines hold the cursor. */
function changeAtCursor(state: EditorState, shown: Shown): string | undefined {
	const { doc, selection } = state;
	const line = doc.lineAt(selection.main.head).number;
	for (const [id, at] of shown.located)
		if (doc.lineAt(at.from).number <= line && line <= doc.lineAt(Math.max(at.from, at.to - 1)).number) return id;
	return undefined;
}

/** Decides the change at the cursor, then moves the cursor to the next undecided change (wrapping round). */
function decideAtCursor(view: EditorView, decision: ChangeDecision): boolean {
	const shown = view.state.field(reviewField, false);
	const id = shown && changeAtCursor(view.state, shown);
	if (!id) return false;
	shown.review.onDecide(id, decision);
	const placed = shown.review.changes.filter((c) => shown.located.has(c.changeId));
	const from = placed.findIndex((c) => c.changeId === id);
	for (let step = 1; step < placed.length; step++) {
		const next = placed[(from + step) % placed.length];
		if (shown.review.decisions[next.changeId]) continue;
		const at = shown.located.get(next.changeId)!;
		view.dispatch({ selection: { anchor: at.from }, scrollIntoView: true });
		break;
	}
	return true;
}

const keys = Prec.highest(
	keymap.of([
		{ key: "Mod-Enter", run: (view) => decideAtCursor(view, "accepted") },
		{ key: "Mod-Shift-Enter", run: (view) => decideAtCursor(view, "rejected") },
		{
			key: "Escape",
			run(view) {
				const shown = view.state.field(reviewField, false);
				shown?.review.onLeave();
				return !!shown;
			},
		},
	]),
);

/** The inline review's field and keys (a host registers them once per editor). */
export function inlineReview(): Extension {
	return [reviewField, keys];
}

/** Sets (or clears, with null) the review a view shows; false when the view lacks `inlineReview()`. */
export function showReview(view: EditorView, review: InlineReview | null): boolean {
	const has = view.state.field(reviewField, false) !== undefined;
	if (has) view.dispatch({ effects: setReview.of(review) });
	return has;
}

/** The review a state shows and where each change it could place stands (changeId → range). */
export function shownReview(state: EditorState): Omit<Shown, "decorations"> | null {
	return state.field(reviewField, false) ?? null;
}
