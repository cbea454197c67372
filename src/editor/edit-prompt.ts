/**
 * The prompt of "Edit selection with Redline" (issue 34), anchored at the passage in the note: a
 * block widget above its first line, the passage marked while the prompt is open. One text input
 * serves every stage: what to change, then (once a draft is shown) a follow-up ("shorter"), where
 * Enter with nothing typed accepts the whole draft and Esc rejects it. A live line says what
 * happens (the intent as soon as it is declared, a refusal, "Written"). The field maps the passage
 * through every change and tells the host when the user edits inside it (a draft being made is
 * then refused). The input has the pane's `[[` and `#` pickers (prompt-picker.ts). Plain
 * @codemirror; the host (inline-edit.ts) drives it with `showPrompt`.
 * (Written for few bytes: main.js carries it.)
 */
import { StateEffect, StateField, type Extension } from "@codemirror/state";
import { Decoration, EditorView, WidgetType, type DecorationSet } from "@codemirror/view";
import type { PinnedItem } from "../log/events";
import type { ChipQuery } from "../ui/chip-query";
import { PromptPicker } from "./prompt-picker";

export type PromptStage = "ask" | "working" | "review" | "done";

export interface PromptActions {
	/** inChat: the user ticked "In the open chat" (offered when the pane shows one). */
	send(view: EditorView, text: string, inChat: boolean): void;
	/** Enter with nothing typed while a draft is shown. */
	acceptAll(view: EditorView): void;
	/** Esc: rejects a shown draft, and closes the prompt. */
	close(view: EditorView): void;
	/** The user changed the passage's text (the host refuses a draft being made). */
	passageEdited(view: EditorView): void;
	/** The `[[` and `#` pickers' choices (prompt-picker.ts); absent: none. */
	suggest?(query: ChipQuery): Promise<string[]>;
	/** A note or tag picked in the input: pinned for the request it is sent with. */
	picked?(item: PinnedItem): void;
}

export interface PromptShown {
	/** One per prompt opened: a widget with the same id keeps its DOM (and the focus). */
	id: number;
	from: number;
	to: number;
	stage: PromptStage;
	/** The live line: the intent, a refusal, what was written. */
	status: string;
	/** Offer "In the open chat" (before the first request; otherwise the note's own chat). */
	offerChat?: boolean;
	actions: PromptActions;
}

export const setPrompt = StateEffect.define<PromptShown | null>();

const passage = Decoration.mark({ class: "redline-ed-passage" });

const LABELS: Record<PromptStage, [string, string]> = {
	ask: ["What to change", "Ask"],
	working: ["What to change", "Ask"],
	review: ["Follow-up (Enter alone accepts, Esc rejects)", "Redraft"],
	done: ["Follow-up", "Redraft"],
};

class PromptWidget extends WidgetType {
	constructor(readonly shown: PromptShown) {
		super();
	}

	override eq(other: PromptWidget): boolean {
		return other.shown === this.shown;
	}

	toDOM(view: EditorView): HTMLElement {
		const doc = view.dom.ownerDocument;
		const box = doc.createElement("div");
		box.dataset.id = String(this.shown.id);
		box.setAttribute("role", "group");
		box.setAttribute("aria-label", "Edit with Redline");
		const status = box.appendChild(doc.createElement("p"));
		status.className = "redline-prompt-status";
		status.setAttribute("role", "status");
		const form = box.appendChild(doc.createElement("form"));
		const input = form.appendChild(doc.createElement("input"));
		input.type = "text";
		input.className = "redline-prompt-input";
		input.autocomplete = "off";
		const send = form.appendChild(doc.createElement("button"));
		send.type = "submit";
		const chat = form.appendChild(doc.createElement("label"));
		const inChat = chat.appendChild(doc.createElement("input"));
		inChat.type = "checkbox";
		chat.append(" In the open chat");
		const close = form.appendChild(doc.createElement("button"));
		close.type = "button";
		close.textContent = "Close";
		const actions = () => (view.state.field(promptField, false) ?? this.shown).actions;
		const picker = new PromptPicker(input, `redline-prompt-picker-${this.shown.id}`, () => ({
			suggest: (query) => actions().suggest?.(query) ?? Promise.resolve([]),
			picked: (item) => actions().picked?.(item),
		}));
		form.onsubmit = (event) => {
			event.preventDefault();
			picker.close();
			const text = input.value.trim();
			const stage = view.state.field(promptField, false)?.stage;
			if (text === "" && stage === "review") actions().acceptAll(view);
			else if (text !== "" && stage !== "working") {
				input.value = "";
				actions().send(view, text, inChat.checked);
			}
		};
		close.onclick = () => actions().close(view);
		box.onkeydown = (event) => {
			if (event.key !== "Escape") return;
			event.preventDefault();
			actions().close(view);
		};
		this.updateDOM(box);
		return box;
	}

	override updateDOM(box: HTMLElement): boolean {
		const { id, stage, status } = this.shown;
		if (box.dataset.id !== String(id)) return false;
		box.className = `redline-prompt ${stage}`;
		const [label, word] = LABELS[stage];
		box.querySelector("p")!.textContent = status;
		const input = box.querySelector<HTMLInputElement>("input.redline-prompt-input")!;
		input.setAttribute("aria-label", label);
		input.placeholder = stage === "ask" ? "Make it shorter, fix the grammar…" : "Shorter, more formal…";
		const chat = box.querySelector("label")!;
		chat.hidden = !(this.shown.offerChat && stage === "ask");
		const send = box.querySelector("button")!;
		send.textContent = word;
		send.disabled = stage === "working";
		return true;
	}

	override ignoreEvent(): boolean {
		return true;
	}
}

const promptField = StateField.define<PromptShown | null>({
	create: () => null,
	update(shown, tr) {
		let next = shown && tr.docChanged ? { ...shown, ...mapped(shown, tr.changes) } : shown;
		for (const effect of tr.effects) if (effect.is(setPrompt)) next = effect.value;
		return next;
	},
});

/** The widget at the start of the passage's first line (a block widget goes at a line start), the passage marked. */
const drawn = EditorView.decorations.compute([promptField], (state): DecorationSet => {
	const shown = state.field(promptField);
	if (!shown) return Decoration.none;
	const widget = Decoration.widget({ widget: new PromptWidget(shown), block: true, side: -1 });
	const ranges = [widget.range(state.doc.lineAt(shown.from).from)];
	if (shown.to > shown.from) ranges.push(passage.range(shown.from, shown.to));
	return Decoration.set(ranges, true);
});

function mapped(shown: PromptShown, changes: { mapPos(pos: number, assoc?: number): number }) {
	const from = changes.mapPos(shown.from, -1);
	return { from, to: Math.max(from, changes.mapPos(shown.to, 1)) };
}

/** The user's typing inside the passage, reported while the prompt is open. */
const watchEdits = EditorView.updateListener.of((update) => {
	const shown = update.startState.field(promptField, false);
	if (!shown || !update.docChanged) return;
	for (const tr of update.transactions) {
		if (!tr.isUserEvent("input") && !tr.isUserEvent("delete")) continue;
		let touched = false;
		tr.changes.iterChangedRanges((fromA, toA) => {
			if (fromA <= shown.to && toA >= shown.from) touched = true;
		});
		// Not during this update: the host answers by dispatching.
		if (touched) queueMicrotask(() => shown.actions.passageEdited(update.view));
	}
});

export function editPrompt(): Extension {
	return [promptField, drawn, watchEdits];
}

/** Shows (null: closes) the prompt; false when the view lacks `editPrompt()`. */
export function showPrompt(view: EditorView, shown: PromptShown | null): boolean {
	const has = view.state.field(promptField, false) !== undefined;
	if (has) view.dispatch({ effects: setPrompt.of(shown) });
	return has;
}

/** The prompt a view shows. */
export function shownPrompt(view: EditorView): PromptShown | null {
	return view.state.field(promptField, false) ?? null;
}

/** Moves the focus into the prompt's input (after it is drawn). */
export function focusPrompt(view: EditorView): boolean {
	const input = view.dom.querySelector<HTMLInputElement>(".redline-prompt input");
	input?.focus();
	return !!input;
}
