/**
 * Driving the page with the keyboard only: Tab / Shift+Tab until a control has the focus (so the
 * test proves the control is reachable in the tab order, not just clickable), and a watch that
 * records every moment the focus sits on <body> (a keyboard user who lost their place).
 */
import type { Locator, Page } from "playwright-core";
import { UI_TIMEOUT } from "./page-actions";

/** Presses Tab (Shift+Tab when `backward`) until `target` has the focus; fails after `max` presses. */
export async function tabTo(page: Page, target: Locator, { backward = false, max = 60 } = {}): Promise<void> {
	const control = target.first();
	await control.waitFor({ state: "visible", timeout: UI_TIMEOUT });
	for (let presses = 0; presses <= max; presses++) {
		// The root's activeElement: the note editor lives in a shadow root, whose host is the document's.
		if (await control.evaluate((el) => el === (el.getRootNode() as Document | ShadowRoot).activeElement)) return;
		await page.keyboard.press(backward ? "Shift+Tab" : "Tab");
	}
	throw new Error(
		`${max} presses of ${backward ? "Shift+Tab" : "Tab"} did not reach ${control.toString()} (focus on ${await focusedDescription(page)})`,
	);
}

/** What has the focus, for a failure message: tag, accessible label, text. */
export function focusedDescription(page: Page): Promise<string> {
	return page.evaluate(() => {
		let el = document.activeElement;
		while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
		if (!el || el === document.body) return "<body>";
		return `<${el.tagName.toLowerCase()}> ${el.getAttribute("aria-label") ?? el.textContent?.trim().slice(0, 60) ?? ""}`;
	});
}

export interface FocusWatch {
	/** Each time the focus was found on <body> since the last reset: what had it before (tag, label or text). */
	drops(): Promise<string[]>;
	reset(): Promise<void>;
}

/**
 * Samples document.activeElement every few milliseconds and on every focus change. The pane moves
 * the focus in a layout effect, in the same task that removes the control, so any sample on
 * <body> is a real loss, not a transient.
 */
export async function watchFocus(page: Page): Promise<FocusWatch> {
	await page.evaluate(() => {
		const state = { drops: [] as string[], last: "" };
		(window as unknown as { __focusWatch: typeof state }).__focusWatch = state;
		const sample = (): void => {
			const el = document.activeElement;
			if (!el || el === document.body) {
				if (state.drops.at(-1) !== state.last) state.drops.push(state.last);
				return;
			}
			state.last = `<${el.tagName.toLowerCase()} class="${el.className}"> ${el.getAttribute("aria-label") ?? el.textContent?.trim().slice(0, 60) ?? ""}`;
		};
		window.setInterval(sample, 5);
		document.addEventListener("focusout", () => window.setTimeout(sample, 0), true);
	});
	return {
		drops: () =>
			page.evaluate(() => [...(window as unknown as { __focusWatch: { drops: string[] } }).__focusWatch.drops]),
		reset: () =>
			page.evaluate(() => void ((window as unknown as { __focusWatch: { drops: string[] } }).__focusWatch.drops = [])),
	};
}
