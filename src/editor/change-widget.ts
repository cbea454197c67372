/**
 * A proposed change's new text, under the struck old text: an <ins> with the words that differ
 * marked, and Accept / Reject buttons (keyboard reachable: Tab, Enter; Esc goes back to the text).
 * Colour is never the only cue: the text is inserted (<ins>, underlined), the buttons say their
 * state (aria-pressed) and a decided change says "Accepted" or "Rejected" in words (styles.css).
 * A decision made elsewhere (the pane's card) updates the widget in place, so the button that has
 * the focus keeps it. (Written for few bytes: main.js carries it.)
 */
import { WidgetType, type EditorView } from "@codemirror/view";
import type { WordRun } from "../composer/review/word-diff";
import type { ChangeDecision } from "./review";

export interface ChangeShown {
	/** editId and changeId: a widget with the same key may take over another's DOM. */
	key: string;
	changeId: string;
	label: string;
	decision: ChangeDecision | undefined;
	/** before → after word by word (the card's words too: composer/review/word-diff.ts). */
	words: readonly WordRun[];
}

export interface ChangeActions {
	decide(view: EditorView, changeId: string, decision: ChangeDecision): void;
	/** Esc on a control: back to the note's text, at the change. */
	back(view: EditorView, changeId: string): void;
}

export class ChangeWidget extends WidgetType {
	constructor(
		readonly shown: ChangeShown,
		readonly actions: ChangeActions,
	) {
		super();
	}

	override eq(other: ChangeWidget): boolean {
		return other.shown.key === this.shown.key && other.shown.decision === this.shown.decision;
	}

	toDOM(view: EditorView): HTMLElement {
		const { shown, actions } = this;
		const doc = view.dom.ownerDocument;
		const add = (parent: HTMLElement, tag: string, text = "", cls = ""): HTMLElement => {
			const el = parent.appendChild(doc.createElement(tag));
			el.className = cls;
			el.textContent = text;
			return el;
		};
		const box = doc.createElement("div");
		box.setAttribute("role", "group");
		box.setAttribute("aria-label", shown.label);
		box.dataset.key = shown.key;
		const ins = add(box, "ins", "", "redline-ed-ins");
		ins.title = "Proposed text";
		for (const run of shown.words)
			if (run.kind !== "removed") add(ins, "span", run.text, run.kind === "added" ? "redline-ed-word" : "");
		for (const [decision, word] of [
			["accepted", "Accept"],
			["rejected", "Reject"],
		] as const) {
			const button = add(box, "button", word) as HTMLButtonElement;
			button.type = "button";
			button.onclick = () => actions.decide(view, shown.changeId, decision);
		}
		box.onkeydown = (event) => {
			if (event.key !== "Escape") return;
			event.preventDefault();
			actions.back(view, shown.changeId);
		};
		this.updateDOM(box);
		return box;
	}

	override updateDOM(box: HTMLElement): boolean {
		const { key, decision } = this.shown;
		if (box.dataset.key !== key) return false;
		box.className = `redline-ed-change ${decision ?? ""}`;
		box
			.querySelectorAll("button")
			.forEach((button, i) => button.setAttribute("aria-pressed", String(decision === (i ? "rejected" : "accepted"))));
		return true;
	}
}
