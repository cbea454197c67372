/**
 * The keys for the decision at hand (issue 30): Mod+Enter runs or accepts a waiting card, Esc
 * skips it, on the card with the focus or, from an empty message box, on the newest waiting card
 * (newest-waiting.ts). One place says what the keys are and how a tooltip names them, so every
 * card and the docs say the same ("Run (Ctrl+Enter)", "Run (⌘+Enter)" on Apple platforms).
 */

/** The key events the pane reads: a DOM event, or React's (which has the same fields). */
interface KeyLike {
	key: string;
	ctrlKey: boolean;
	metaKey: boolean;
	shiftKey: boolean;
	altKey: boolean;
	isComposing?: boolean;
	nativeEvent?: { isComposing?: boolean };
}

/** Mod+Enter: Enter with Ctrl or ⌘ (either works everywhere), not Shift or Alt, not confirming an IME composition. */
export function isModEnter(event: KeyLike): boolean {
	const composing = event.isComposing === true || event.nativeEvent?.isComposing === true;
	return event.key === "Enter" && (event.ctrlKey || event.metaKey) && !event.shiftKey && !event.altKey && !composing;
}

/** A bare Esc (no modifier). */
export function isEsc(event: KeyLike): boolean {
	return event.key === "Escape" && !event.ctrlKey && !event.metaKey && !event.shiftKey && !event.altKey;
}

/** "⌘" on Apple platforms, "Ctrl" elsewhere: what the Mod key is called where the pane runs. */
export function modName(doc: Document): string {
	// The user agent says "Macintosh" on macOS (Obsidian's Electron, iPadOS's desktop mode too), "iPhone" or "iPad" on iOS.
	return /Mac|iPhone|iPad|iPod/.test(doc.defaultView?.navigator.userAgent ?? "") ? "⌘" : "Ctrl";
}

/** A primary button's tooltip: "Run (Ctrl+Enter)". */
export function modEnterTitle(label: string, doc: Document): string {
	return `${label} (${modName(doc)}+Enter)`;
}

/** A skip button's tooltip: "Skip (Esc)". */
export function escTitle(label: string): string {
	return `${label} (Esc)`;
}

/**
 * Whether Esc at this target belongs to what the user is typing (a text field: a comment, a
 * replacement, an answer of their own), not to the card.
 */
export function typingAt(target: EventTarget | null): boolean {
	if (!target || typeof (target as Element).tagName !== "string") return false;
	const element = target as HTMLElement;
	if (element.tagName === "TEXTAREA" || element.isContentEditable) return true;
	return (
		element.tagName === "INPUT" && ["text", "search", "url", "email", ""].includes((element as HTMLInputElement).type)
	);
}

/** Whether the key was meant for an open menu inside the card (its own Escape closes the menu). */
export function inMenu(target: EventTarget | null): boolean {
	return (
		typeof (target as Element | null)?.closest === "function" && (target as Element).closest('[role="menu"]') !== null
	);
}
