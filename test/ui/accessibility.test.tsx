// @vitest-environment happy-dom
import { cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { EventScript } from "./support/events";
import { renderThread } from "./support/render";
import { readFileSync } from "../../src/node/fs";
import { dirname, join, fileURLToPath } from "../../src/node/path";

afterEach(cleanup);

/** A thread with something of everything waiting: two cards, an edit, a question and an error. */
function busyThread(): EventScript {
	const s = new EventScript().user("m1", "Tidy my notes").assistant("a1", "Looking.");
	s.propose("a1", "c1", "readNote", { path: "A.md" }).propose("a1", "c2", "searchNotes", { query: "trip" });
	s.add({
		type: "edit_intent_declared",
		editId: "e1",
		callId: "c3",
		path: "Daily.md",
		operation: "modify",
		description: "Remove all headings",
	});
	s.propose("a1", "c3", "declareEditIntent", { path: "Daily.md" });
	s.propose("a1", "c4", "askUser", {}).decide("c4", "approved").run("c4");
	s.add({
		type: "question_asked",
		askId: "ask1",
		callId: "c4",
		questions: [
			{
				question: "Which city?",
				header: "City",
				options: [{ label: "Kyoto" }, { label: "Osaka" }],
				multiSelect: false,
			},
		],
	});
	s.add({ type: "error", message: "The model is unreachable.", retryable: true });
	return s.status("error");
}

describe("keyboard and labels", () => {
	it("every button has an ARIA label that contains its visible text", async () => {
		await renderThread(busyThread(), { active: "Daily.md" });
		const buttons = screen.getAllByRole("button");
		expect(buttons.length).toBeGreaterThan(10);
		for (const button of buttons) {
			const label = button.getAttribute("aria-label") ?? "";
			expect(label, button.outerHTML).not.toBe("");
			const visible = (button.textContent ?? "").replace(/[▾▸×]/g, "").trim();
			if (visible) expect(label.toLowerCase(), button.outerHTML).toContain(visible.toLowerCase());
		}
	});

	it("Tab reaches every enabled control of the pane, in document order", async () => {
		const { user } = await renderThread(busyThread(), { active: "Daily.md" });
		const controls = [
			...document.querySelectorAll<HTMLElement>("button, select, textarea, input, a[href], summary"),
		].filter((el) => !(el as HTMLButtonElement).disabled);
		const reached = new Set<Element>();
		for (let i = 0; i < controls.length * 2 && reached.size < controls.length; i++) {
			await user.tab();
			if (document.activeElement) reached.add(document.activeElement);
		}
		// Radio buttons form one tab stop (arrows move inside the group), as browsers do.
		const missed = controls.filter(
			(el) => !reached.has(el) && !(el.tagName === "INPUT" && (el as HTMLInputElement).type === "radio"),
		);
		expect(missed.map((el) => el.outerHTML)).toEqual([]);
	});
});

describe("styles.css", () => {
	const css = readFileSync(join(dirname(fileURLToPath(import.meta.url)), "..", "..", "styles.css"), "utf8").replace(
		/\/\*[\s\S]*?\*\//g,
		"",
	);

	it("defines only redline- classes: another class (Obsidian's, CodeMirror's, a state) only inside a redline- one", () => {
		const rules = css.replace(/\/\*[\s\S]*?\*\//g, "");
		const selectors = [...rules.matchAll(/([^{}]+)\{/g)].flatMap((m) => m[1].split(","));
		const unscoped = selectors.filter((selector) => {
			const classes = selector.match(/\.[a-zA-Z_][\w-]*/g) ?? [];
			return classes.length > 0 && !classes.some((name) => name.startsWith(".redline-"));
		});
		expect(unscoped.map((selector) => selector.trim())).toEqual([]);
	});

	it("takes every color from Obsidian's variables, so light and dark themes follow the app", () => {
		expect(css.match(/#[0-9a-fA-F]{3,8}\b/g) ?? []).toEqual([]);
		expect(css.match(/\b(?:rgba?|hsla?)\((?!\s*var\()/g) ?? []).toEqual([]);
		const colorValues = [
			...css.matchAll(
				/(?:^|[;{\s])(?:color|background|background-color|border(?:-[a-z]+)?-color|outline(?:-color)?)\s*:\s*([^;]+);/g,
			),
		].map((m) => m[1].trim());
		const literal = colorValues.filter(
			(value) => !/var\(--/.test(value) && !/^(transparent|inherit|currentColor|none)$/.test(value),
		);
		expect(literal).toEqual([]);
	});

	it("shows where the keyboard focus is", () => {
		expect(css).toMatch(/\.redline-pane :focus-visible\s*{[^}]*outline:[^;]*var\(--/);
	});
});
