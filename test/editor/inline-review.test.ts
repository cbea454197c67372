// @vitest-environment happy-dom
/**
 * The inline review as CodeMirror draws it (happy-dom): old lines struck (<del>), new text inserted
 * with Accept / Reject, a decided change shown as decided, what cannot be placed left out; the
 * buttons, Mod+Enter and Esc reach the host's callbacks; typing elsewhere keeps the redline in
 * place, typing inside a change takes it away.
 */
import { EditorState, Transaction } from "@codemirror/state";
import { EditorView } from "@codemirror/view";
import { afterEach, describe, expect, it } from "vitest";
import {
	redlineEditor,
	showReview,
	shownReview,
	type ChangeDecision,
	type InlineReview,
	type ProposedChange,
} from "../../src/editor";

const TEXT = "# Garden\n\nThe shed needs a roof.\n\nBuy paint.\n\nWater daily.\n";
const CHANGES: ProposedChange[] = [
	{ changeId: "c1", before: "The shed needs a roof.\n", after: "The shed needs a new roof.\n", startLine: 3 },
	{ changeId: "c2", before: "Buy paint.\n", after: "", startLine: 5 },
	{ changeId: "c3", before: "Nowhere in the note.\n", after: "x\n", startLine: 6 },
];

let views: EditorView[] = [];
afterEach(() => {
	for (const view of views) view.destroy();
	views = [];
});

function editor(text = TEXT): EditorView {
	const view = new EditorView({
		state: EditorState.create({ doc: text, extensions: [redlineEditor()] }),
		parent: document.body,
	});
	views.push(view);
	return view;
}

/** A review whose decisions the "host" records and sends back, as the pane's host will. */
function review(view: EditorView, changes = CHANGES) {
	const log: string[] = [];
	const set = (decisions: Record<string, ChangeDecision>): InlineReview => {
		const next: InlineReview = {
			editId: "e1",
			changes,
			decisions,
			onDecide: (id, decision) => {
				log.push(`${id} ${decision}`);
				showReview(view, set({ ...decisions, [id]: decision }));
			},
			onLeave: () => log.push("leave"),
		};
		return next;
	};
	showReview(view, set({}));
	return log;
}

const groups = (view: EditorView) => [...view.contentDOM.querySelectorAll<HTMLElement>("[role=group]")];
const struck = (view: EditorView) => [...view.contentDOM.querySelectorAll("del")].map((el) => el.textContent);
const button = (view: EditorView, change: number, name: "Accept" | "Reject") =>
	[...groups(view)[change].querySelectorAll("button")].find((b) => b.textContent === name)!;
/** Presses a key in the text; with `mod`, as Ctrl and then (when no binding took it) as Cmd, which is Mod on a Mac. */
function key(view: EditorView, key: string, mod = false, shiftKey = false): void {
	for (const meta of mod ? [false, true] : [false]) {
		const event = new KeyboardEvent("keydown", {
			key,
			ctrlKey: mod && !meta,
			metaKey: meta,
			shiftKey,
			bubbles: true,
			cancelable: true,
		});
		view.contentDOM.dispatchEvent(event);
		if (event.defaultPrevented) return;
	}
}
function type(view: EditorView, at: number, text: string): void {
	view.dispatch({ changes: { from: at, insert: text }, annotations: Transaction.userEvent.of("input.type") });
}

describe("the inline review in a CodeMirror editor", () => {
	it("strikes each placed change's old lines and shows its new text with Accept and Reject", () => {
		const view = editor();
		review(view);
		expect(struck(view)).toEqual(["The shed needs a roof.", "Buy paint."]);
		expect(groups(view).map((g) => g.getAttribute("aria-label"))).toEqual([
			"Proposed change 1 of 3",
			"Proposed change 2 of 3",
		]);
		expect(groups(view)[0].querySelector("ins")?.textContent).toBe("The shed needs a new roof.");
		expect([...groups(view)[0].querySelectorAll("ins .redline-ed-word")].map((el) => el.textContent)).toEqual(["new "]);
		expect(
			[...groups(view)[0].querySelectorAll("button")].map((b) => `${b.textContent}:${b.getAttribute("aria-pressed")}`),
		).toEqual(["Accept:false", "Reject:false"]);
		// c3 is not in the note: not drawn (the pane's card still shows it).
		expect([...shownReview(view.state)!.located.keys()]).toEqual(["c1", "c2"]);
		expect(view.state.doc.toString()).toBe(TEXT);
	});

	it("reports a button's decision and shows it in the same widget, so the focus stays on the button", () => {
		const view = editor();
		const log = review(view);
		const reject = button(view, 0, "Reject");
		reject.focus();
		reject.click();
		expect(log).toEqual(["c1 rejected"]);
		expect(button(view, 0, "Reject")).toBe(reject);
		expect(reject.getAttribute("aria-pressed")).toBe("true");
		expect(groups(view)[0].className).toContain("rejected");
		// A rejected change keeps its old text, no longer struck.
		expect(struck(view)).toEqual(["Buy paint."]);
		button(view, 1, "Accept").click();
		expect(log).toEqual(["c1 rejected", "c2 accepted"]);
		expect(groups(view)[1].className).toContain("accepted");
	});

	it("accepts the change at the cursor with Mod+Enter, then moves to the next undecided change, and lets Mod+Enter be elsewhere", () => {
		const view = editor();
		const log = review(view);
		view.dispatch({ selection: { anchor: TEXT.indexOf("needs") } });
		key(view, "Enter", true);
		expect(log).toEqual(["c1 accepted"]);
		// The cursor walks on to c2, so the keys alone go through the draft.
		expect(view.state.selection.main.head).toBe(TEXT.indexOf("Buy paint."));
		key(view, "Enter", true, true);
		expect(log).toEqual(["c1 accepted", "c2 rejected"]);
		view.dispatch({ selection: { anchor: 0 } });
		key(view, "Enter", true);
		expect(log).toEqual(["c1 accepted", "c2 rejected"]);
	});

	it("leaves for the host with Esc in the text; Esc on a control comes back to the text at its change", () => {
		const view = editor();
		const log = review(view);
		key(view, "Escape");
		expect(log).toEqual(["leave"]);
		const accept = button(view, 1, "Accept");
		accept.focus();
		accept.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape", bubbles: true }));
		expect(log).toEqual(["leave"]);
		expect(view.hasFocus).toBe(true);
		expect(view.state.selection.main.head).toBe(TEXT.indexOf("Buy paint."));
		showReview(view, null);
		expect(groups(view)).toHaveLength(0);
		expect(shownReview(view.state)).toBeNull();
	});

	it("keeps the redline on its lines while the user types above it, and drops a change the user edits inside", () => {
		const view = editor();
		review(view);
		type(view, 0, "Intro line\n");
		expect(struck(view)).toEqual(["The shed needs a roof.", "Buy paint."]);
		expect(view.state.doc.lineAt(shownReview(view.state)!.located.get("c1")!.from).number).toBe(4);
		type(view, view.state.doc.toString().indexOf("paint"), "red ");
		expect(struck(view)).toEqual(["The shed needs a roof."]);
		expect(groups(view)).toHaveLength(1);
	});

	it("draws a change again when the host's note reload puts its text back", () => {
		const view = editor(TEXT.replace("Buy paint.", "Buy paint now."));
		review(view);
		expect(struck(view)).toEqual(["The shed needs a roof."]);
		const at = view.state.doc.toString().indexOf(" now");
		view.dispatch({ changes: { from: at, to: at + 4 } });
		expect(struck(view)).toEqual(["The shed needs a roof.", "Buy paint."]);
	});

	it("does nothing in an editor without the extension", () => {
		const view = new EditorView({ doc: TEXT, parent: document.body });
		views.push(view);
		expect(showReview(view, null)).toBe(false);
		expect(shownReview(view.state)).toBeNull();
	});
});
