/**
 * The `[[` and `#` pickers of the edit prompt (issue 34), as the pane's message box has them, in
 * plain DOM (the editor floor has no React): `[[` lists notes, `#` the vault's tags, from the
 * host's suggestions, chosen and inserted by the pane's own logic (src/ui/chip-pick.ts), so both
 * list the same choices and leave the same text (`[[Note]]`, `#tag `). ArrowDown / ArrowUp move,
 * Enter or Tab picks, Escape closes the list and leaves the prompt open. The input is a combobox
 * only while the list is open, as in the pane. A pick tells the host what it pins for the request.
 * The list sits in the prompt's flow under the input (no popup to clip or place on a phone).
 */
import type { PinnedItem } from "../log/events";
import { PICKER_WORDS, pickChip } from "../ui/chip-pick";
import { openChipQuery, type ChipQuery } from "../ui/chip-query";

export interface PickerHost {
	/** The choices for an open query ([] when the host has none). */
	suggest(query: ChipQuery): Promise<string[]>;
	/** A choice was picked: what it pins for the next request. */
	picked(item: PinnedItem): void;
}

/** The pickers the prompt offers: a note and a tag (a "/" in an instruction is not a folder). */
export function promptQuery(text: string, cursor: number): ChipQuery | null {
	const query = openChipQuery(text, cursor);
	return query && query.kind !== "folder" ? query : null;
}

const COMBOBOX = ["role", "aria-expanded", "aria-controls", "aria-autocomplete", "aria-activedescendant"];

export class PromptPicker {
	private query: ChipQuery | null = null;
	private choices: string[] = [];
	private active = 0;
	/** Answers to older queries are dropped. */
	private asked = 0;
	private list: HTMLElement | null = null;

	constructor(
		private readonly input: HTMLInputElement,
		/** The list's id (the options' are `${id}-${index}`). */
		private readonly id: string,
		private readonly host: () => PickerHost,
	) {
		input.addEventListener("input", () => this.typed());
		input.addEventListener("keydown", (event) => this.key(event));
		// A click on an option keeps the focus (mousedown is prevented): leaving the input closes the list.
		input.addEventListener("blur", () => this.close());
	}

	get isOpen(): boolean {
		return this.query !== null;
	}

	private typed(): void {
		const query = promptQuery(this.input.value, this.input.selectionStart ?? this.input.value.length);
		if (!query) return this.close();
		this.query = query;
		const asked = ++this.asked;
		void this.host()
			.suggest(query)
			.catch(() => [])
			.then((choices) => {
				if (asked !== this.asked || !this.query) return;
				this.choices = choices;
				this.active = 0;
				this.draw();
			});
	}

	private key(event: KeyboardEvent): void {
		if (!this.query || event.isComposing) return;
		const count = this.choices.length;
		const choice = this.choices[this.active];
		if (event.key === "ArrowDown" || event.key === "ArrowUp") {
			if (count > 0) this.active = (this.active + (event.key === "ArrowDown" ? 1 : -1) + count) % count;
			this.draw();
		} else if (event.key === "Escape") {
			this.close();
		} else if ((event.key === "Enter" || event.key === "Tab") && choice !== undefined) {
			this.pick(choice);
		} else return;
		// The prompt's own keys (Enter sends, Escape closes it) wait until the list is closed.
		event.preventDefault();
		event.stopPropagation();
	}

	private pick(choice: string): void {
		const query = this.query;
		if (!query) return;
		const picked = pickChip(this.input.value, query, choice);
		this.input.value = picked.text;
		this.input.setSelectionRange(picked.caret, picked.caret);
		this.close();
		this.host().picked(picked.item);
	}

	close(): void {
		this.query = null;
		this.choices = [];
		this.asked++;
		this.list?.remove();
		this.list = null;
		for (const name of COMBOBOX) this.input.removeAttribute(name);
	}

	private draw(): void {
		const query = this.query;
		if (!query) return;
		const doc = this.input.ownerDocument;
		const words = PICKER_WORDS[query.kind];
		const empty = this.choices.length === 0;
		const list = doc.createElement(empty ? "div" : "ul");
		list.id = this.id;
		list.className = empty ? "redline-picker redline-picker-empty" : "redline-picker";
		if (empty) {
			list.setAttribute("role", "status");
			list.textContent = words.empty;
		} else {
			list.setAttribute("role", "listbox");
			list.setAttribute("aria-label", words.label);
		}
		this.choices.forEach((choice, index) => {
			const option = list.appendChild(doc.createElement("li"));
			option.id = `${this.id}-${index}`;
			option.setAttribute("role", "option");
			option.setAttribute("aria-selected", String(index === this.active));
			option.className = `redline-picker-option${index === this.active ? " redline-picker-option-active" : ""}`;
			option.textContent = words.show(choice);
			// mousedown, not click: the focus stays in the input.
			option.addEventListener("mousedown", (event) => {
				event.preventDefault();
				this.pick(choice);
			});
		});
		if (this.list) this.list.replaceWith(list);
		else this.input.after(list);
		this.list = list;
		this.input.setAttribute("role", "combobox");
		this.input.setAttribute("aria-expanded", "true");
		this.input.setAttribute("aria-controls", this.id);
		this.input.setAttribute("aria-autocomplete", "list");
		if (empty) this.input.removeAttribute("aria-activedescendant");
		else this.input.setAttribute("aria-activedescendant", `${this.id}-${this.active}`);
		list.children[this.active]?.scrollIntoView?.({ block: "nearest" });
	}
}
