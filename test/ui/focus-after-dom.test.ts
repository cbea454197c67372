// @vitest-environment happy-dom
/**
 * The focus after a decision does not wait for the thread's next render: any change of the pane's
 * DOM that takes the focused control or status line away (a card's own re-render, a hook's state)
 * gives the keyboard user their place back at once, as a microtask after that change.
 */
import { afterEach, describe, expect, it } from "vitest";
import { CARD_ATTR, FocusAfterDecision, STATUS_ATTR } from "../../src/ui/focus-after";

afterEach(() => document.body.replaceChildren());

function card(id: string): HTMLElement {
	const el = document.createElement("div");
	el.setAttribute(CARD_ATTR, id);
	return el;
}

function statusLine(text: string): HTMLElement {
	const line = document.createElement("div");
	line.setAttribute(STATUS_ATTR, "");
	line.tabIndex = -1;
	line.textContent = text;
	return line;
}

function button(text: string): HTMLButtonElement {
	const el = document.createElement("button");
	el.textContent = text;
	return el;
}

const microtask = (): Promise<void> => new Promise((resolve) => queueMicrotask(resolve));

/**
 * A pane (watched) with card e1 holding `lines` and a Run the user just pressed (focused,
 * requested); `beside`: more of the pane, after the card.
 */
function decided(lines: HTMLElement[], beside: HTMLElement[] = []) {
	const root = document.createElement("div");
	const edit = card("e1");
	const run = button("Run");
	edit.append(...lines, run);
	root.append(edit, ...beside);
	document.body.append(root);
	const focus = new FocusAfterDecision();
	const stop = focus.watch(root);
	run.focus();
	focus.request(run, ["e1"]);
	return { edit, run, stop };
}

describe("focus after a decision, watching the pane's DOM", () => {
	it("moves the focus to the decided card's status line when the control goes outside a thread render", async () => {
		const { run, stop } = decided([]);

		// A part of the card re-renders on its own: the Run goes, a status line comes.
		const approved = statusLine("Approved");
		run.replaceWith(approved);
		await microtask();
		expect(document.activeElement).toBe(approved);
		stop();
	});

	it("follows the status line through a render in which the card shows none", async () => {
		const first = statusLine("Generating changes…");
		const { edit, run, stop } = decided([first]);
		run.remove();
		await microtask();
		expect(document.activeElement).toBe(first);

		first.remove();
		await microtask();
		const writing = statusLine("Writing to A.md");
		edit.append(writing);
		await microtask();
		expect(document.activeElement).toBe(writing);
		stop();
	});

	it("leaves a user who moved on where they are", async () => {
		const line = statusLine("Approved");
		const elsewhere = button("Elsewhere");
		const { run, stop } = decided([line], [elsewhere]);
		run.remove();
		await microtask();
		expect(document.activeElement).toBe(line);

		elsewhere.focus();
		line.replaceWith(statusLine("Done"));
		await microtask();
		expect(document.activeElement).toBe(elsewhere);
		stop();
	});
});
