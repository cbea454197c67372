/**
 * Obsidian's SuggestModal as the app draws and drives it: a modal.prompt with input.prompt-input,
 * div.prompt-results and div.prompt-instructions. On open and on every input it asks
 * getSuggestions (sync or async) and renders up to `limit` of them, each into a
 * div.suggestion-item, the first selected (.is-selected), or div.suggestion-empty with
 * emptyStateText. Arrow keys move the selection, Enter chooses it, a click chooses the item,
 * Escape closes; choosing closes the modal, then calls onChooseSuggestion.
 */
import type * as O from "obsidian";
import type { Shape } from "./shape";
import type { App } from "./app";
import { Modal } from "./ui";

export abstract class SuggestModal<T>
	extends Modal
	implements
		Shape<
			O.SuggestModal<T>,
			| "setPlaceholder"
			| "setInstructions"
			| "onNoSuggestion"
			| "selectSuggestion"
			| "selectActiveSuggestion"
			| "getSuggestions"
			| "renderSuggestion"
			| "onChooseSuggestion"
		>
{
	limit = 100;
	emptyStateText = "No results found.";
	inputEl: HTMLInputElement;
	resultContainerEl: HTMLElement;
	instructionsEl: HTMLElement;
	private values: T[] = [];
	private selected = 0;
	private query = 0;

	constructor(app: App) {
		super(app);
		this.modalEl.classList.add("prompt");
		const inputContainer = this.modalEl.createDiv("prompt-input-container");
		this.inputEl = inputContainer.createEl("input", { cls: "prompt-input", type: "text" });
		this.resultContainerEl = this.modalEl.createDiv("prompt-results");
		this.instructionsEl = this.modalEl.createDiv("prompt-instructions");
		this.inputEl.addEventListener("input", () => void this.update());
		this.inputEl.addEventListener("keydown", (evt) => this.onKey(evt));
	}

	abstract getSuggestions(query: string): T[] | Promise<T[]>;
	abstract renderSuggestion(value: T, el: HTMLElement): void;
	abstract onChooseSuggestion(item: T, evt: MouseEvent | KeyboardEvent): void;

	override open(): void {
		super.open();
		this.inputEl.focus();
		void this.update();
	}
	setPlaceholder(placeholder: string): void {
		this.inputEl.placeholder = placeholder;
	}
	setInstructions(instructions: O.Instruction[]): void {
		this.instructionsEl.replaceChildren();
		for (const { command, purpose } of instructions) {
			const el = this.instructionsEl.createDiv("prompt-instruction");
			el.createSpan({ cls: "prompt-instruction-command", text: command });
			el.createSpan({ text: purpose });
		}
	}
	onNoSuggestion(): void {
		this.resultContainerEl.replaceChildren();
		this.resultContainerEl.createDiv({ cls: "suggestion-empty", text: this.emptyStateText });
	}
	selectSuggestion(value: T, evt: MouseEvent | KeyboardEvent): void {
		this.close();
		this.onChooseSuggestion(value, evt);
	}
	selectActiveSuggestion(evt: MouseEvent | KeyboardEvent): void {
		const value = this.values[this.selected];
		if (value !== undefined) this.selectSuggestion(value, evt);
	}
	/** The rendered items, in order (tests read and click them). */
	itemEls(): HTMLElement[] {
		return [...this.resultContainerEl.querySelectorAll<HTMLElement>(".suggestion-item")];
	}

	private async update(): Promise<void> {
		const query = ++this.query;
		const values = await this.getSuggestions(this.inputEl.value);
		if (query !== this.query) return;
		this.values = values.slice(0, this.limit);
		this.selected = 0;
		if (this.values.length === 0) return this.onNoSuggestion();
		this.resultContainerEl.replaceChildren();
		this.values.forEach((value, index) => {
			const el = this.resultContainerEl.createDiv("suggestion-item");
			this.renderSuggestion(value, el);
			el.addEventListener("click", (evt) => this.selectSuggestion(value, evt));
			el.addEventListener("mousemove", () => this.select(index));
		});
		this.select(0);
	}
	private select(index: number): void {
		this.selected = index;
		this.itemEls().forEach((el, i) => el.classList.toggle("is-selected", i === index));
	}
	private onKey(evt: KeyboardEvent): void {
		const count = this.values.length;
		if (evt.key === "ArrowDown" && count > 0) this.select((this.selected + 1) % count);
		else if (evt.key === "ArrowUp" && count > 0) this.select((this.selected - 1 + count) % count);
		else if (evt.key === "Enter") this.selectActiveSuggestion(evt);
		else if (evt.key === "Escape") this.close();
		else return;
		evt.preventDefault();
	}
}
