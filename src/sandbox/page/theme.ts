/**
 * The sandbox page's light/dark theme, as Obsidian sets it: a `theme-light` or `theme-dark` class
 * on <body> that switches the whole CSS variable set (page.css holds Obsidian's default values for
 * both). The first visit follows the system's preference; a choice made with the toggle sticks
 * (localStorage), so a reload keeps it.
 */
export type Theme = "light" | "dark";

const STORAGE_KEY = "redline-sandbox-theme";

export function initialTheme(win: Window): Theme {
	const saved = safeStorage(win)?.getItem(STORAGE_KEY);
	if (saved === "light" || saved === "dark") return saved;
	return win.matchMedia?.("(prefers-color-scheme: dark)").matches ? "dark" : "light";
}

/** Puts `theme` on the page (the body's class, as in Obsidian); `remember` when the user chose it. */
export function applyTheme(doc: Document, theme: Theme, remember = false): void {
	doc.body.classList.toggle("theme-dark", theme === "dark");
	doc.body.classList.toggle("theme-light", theme === "light");
	if (remember && doc.defaultView) safeStorage(doc.defaultView)?.setItem(STORAGE_KEY, theme);
}

/** localStorage, or null where the page may not use it (a sandboxed frame, privacy settings). */
function safeStorage(win: Window): Storage | null {
	try {
		return win.localStorage;
	} catch {
		return null;
	}
}
