// @vitest-environment happy-dom
/**
 * The edit prompt's `[[` and `#` pickers as CodeMirror draws them (happy-dom): typing `[[` lists
 * the host's notes in a listbox the input controls as a combobox (only while it is open); the
 * arrow keys move the active option; Enter or Tab picks it, completing the link, without sending
 * the prompt; Esc closes the list and leaves the prompt open; an answer to an older query is
 * dropped. `/` opens nothing here (an instruction's slash is no folder).
 */
import { EditorState } from "@codemirror/state";
import { EditorView } from "@codemirror/view";
import { afterEach, describe, expect, it, vi } from "vitest";
import { redlineEditor } from "../../src/editor";
import { showPrompt, type PromptActions } from "../../src/editor/edit-prompt";
import { promptQuery } from "../../src/editor/prompt-picker";
import type { PinnedItem } from "../../src/log/events";
import type { ChipQuery } from "../../src/ui/chip-query";

let views: EditorView[] = [];
afterEach(() => {
	for (const view of views) view.destroy();
	views = [];
});

const NOTES = ["Travel/Japan trip.md", "Travel/Packing.md", "Daily.md"];

function prompt(suggest?: (query: ChipQuery) => Promise<string[]>) {
	const view = new EditorView({
		state: EditorState.create({ doc: "One.\n\nTwo.\n", extensions: [redlineEditor()] }),
		parent: document.body,
	});
	views.push(view);
	const picked: PinnedItem[] = [];
	const send = vi.fn();
	const close = vi.fn();
	const actions: PromptActions = {
		send,
		acceptAll: vi.fn(),
		close,
		passageEdited: vi.fn(),
		suggest:
			suggest ??
			((query) =>
				Promise.resolve(
					query.kind === "note" ? NOTES.filter((p) => p.toLowerCase().includes(query.query.toLowerCase())) : [],
				)),
		picked: (item) => void picked.push(item),
	};
	showPrompt(view, { id: 1, from: 0, to: 4, stage: "ask", status: "", actions });
	const input = view.dom.querySelector<HTMLInputElement>("input.redline-prompt-input")!;
	const type = (text: string) => {
		input.value = text;
		input.setSelectionRange(text.length, text.length);
		input.dispatchEvent(new Event("input", { bubbles: true }));
	};
	const key = (name: string) => {
		const event = new KeyboardEvent("keydown", { key: name, bubbles: true, cancelable: true });
		input.dispatchEvent(event);
		return event.defaultPrevented;
	};
	const list = () => view.dom.querySelector<HTMLElement>("[role=listbox]");
	const options = () => [...view.dom.querySelectorAll<HTMLElement>("[role=option]")];
	return { view, input, type, key, list, options, send, close, picked };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("the edit prompt's pickers", () => {
	it("lists the notes on [[ in a listbox the input controls as a combobox", async () => {
		const { input, type, list, options } = prompt();
		expect(input.hasAttribute("role")).toBe(false);
		type("like [[trav");
		await settle();
		expect(list()?.getAttribute("aria-label")).toBe("Notes to pin");
		expect(options().map((o) => o.textContent)).toEqual(["Travel/Japan trip.md", "Travel/Packing.md"]);
		expect(input.getAttribute("role")).toBe("combobox");
		expect(input.getAttribute("aria-expanded")).toBe("true");
		expect(input.getAttribute("aria-controls")).toBe(list()!.id);
		expect(input.getAttribute("aria-activedescendant")).toBe(options()[0]?.id);
		expect(options().map((o) => o.getAttribute("aria-selected"))).toEqual(["true", "false"]);
	});

	it("moves with the arrow keys and picks with Enter: the link completed, the note pinned, nothing sent", async () => {
		const { input, type, key, list, options, send, picked } = prompt();
		type("like [[trav");
		await settle();
		expect(key("ArrowDown")).toBe(true);
		expect(input.getAttribute("aria-activedescendant")).toBe(options()[1]?.id);
		key("ArrowDown");
		expect(input.getAttribute("aria-activedescendant")).toBe(options()[0]?.id);
		key("ArrowUp");
		expect(options()[1]?.getAttribute("aria-selected")).toBe("true");
		expect(key("Enter")).toBe(true);
		expect(input.value).toBe("like [[Travel/Packing]]");
		expect(input.selectionStart).toBe(input.value.length);
		expect(picked).toEqual([{ path: "Travel/Packing.md", scope: "message" }]);
		expect(list()).toBeNull();
		expect(input.hasAttribute("role")).toBe(false);
		expect(input.hasAttribute("aria-activedescendant")).toBe(false);
		expect(send).not.toHaveBeenCalled();
	});

	it("picks with Tab too, and a tag on #", async () => {
		const { type, key, input, picked } = prompt((query) => Promise.resolve(query.kind === "tag" ? ["plan"] : []));
		type("about #pl");
		await settle();
		expect(key("Tab")).toBe(true);
		expect(input.value).toBe("about #plan ");
		expect(picked).toEqual([{ tag: "plan", scope: "message" }]);
	});

	it("closes the list on Esc and leaves the prompt open; the next Esc closes the prompt", async () => {
		const { type, key, list, close } = prompt();
		type("[[");
		await settle();
		expect(list()).not.toBeNull();
		key("Escape");
		expect(list()).toBeNull();
		expect(close).not.toHaveBeenCalled();
		key("Escape");
		expect(close).toHaveBeenCalledTimes(1);
	});

	it("says when nothing matches, and Enter then sends the prompt as it is", async () => {
		const { view, type, key, input } = prompt();
		type("[[zzz");
		await settle();
		const empty = view.dom.querySelector(".redline-picker-empty");
		expect(empty?.textContent).toBe("No matching notes");
		expect(empty?.getAttribute("role")).toBe("status");
		expect(input.hasAttribute("aria-activedescendant")).toBe(false);
		expect(key("Enter")).toBe(false);
	});

	it("drops the answer to an older query, and closes when the query is gone", async () => {
		let release: (paths: string[]) => void = () => undefined;
		const slow = new Promise<string[]>((resolve) => (release = resolve));
		const { type, options, list } = prompt((query) =>
			query.query === "tr" ? slow : Promise.resolve(["Travel/Packing.md"]),
		);
		type("[[tr");
		type("[[tra");
		await settle();
		release(["Daily.md"]);
		await settle();
		expect(options().map((o) => o.textContent)).toEqual(["Travel/Packing.md"]);
		type("no link");
		expect(list()).toBeNull();
	});

	it("offers notes and tags only: a slash in an instruction opens nothing", () => {
		expect(promptQuery("use and /or", 11)).toBeNull();
		expect(promptQuery("see [[Jap", 9)).toEqual({ kind: "note", start: 4, query: "Jap" });
		expect(promptQuery("see #pl", 7)).toEqual({ kind: "tag", start: 4, query: "pl" });
	});
});
