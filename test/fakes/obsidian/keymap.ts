/**
 * Keymap.isModEvent as Obsidian answers it: the platform's Mod key (Cmd on macOS, Ctrl elsewhere)
 * or a middle click opens in a new tab; Mod+Alt in a split; Mod+Alt+Shift in a new window.
 */
import type * as O from "obsidian";
import { Platform } from "./app";

export const Keymap: Pick<typeof O.Keymap, "isModEvent"> = {
	isModEvent(evt?: O.UserEvent | null): O.PaneType | boolean {
		if (!evt) return false;
		const mouse = evt as Partial<MouseEvent>;
		const mod = Platform.isMacOS ? evt.metaKey : evt.ctrlKey;
		if (mod && evt.altKey && evt.shiftKey) return "window";
		if (mod && evt.altKey) return "split";
		if (mod || (mouse.type === "auxclick" && mouse.button === 1)) return "tab";
		return false;
	},
};
