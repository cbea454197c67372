/**
 * The pane's menus as Obsidian's own (UiHost.showMenu): a Menu under the control that opened it,
 * in that control's window (a pop-out has its own document), with Obsidian's keyboard handling.
 * When it closes without a choice the focus goes back to that control, as the pane's own menu does.
 */
import { Menu } from "obsidian";
import type { MenuAction } from "../ui/host";

export function showObsidianMenu(anchor: HTMLElement, items: readonly MenuAction[], onHide?: () => void): void {
	const menu = new Menu();
	let chosen = false;
	for (const action of items) {
		menu.addItem((item) => {
			item.setTitle(action.title).onClick(() => {
				chosen = true;
				action.run();
			});
			if (action.icon) item.setIcon(action.icon);
			if (action.warning) item.setWarning(true);
			if (action.disabled) item.setDisabled(true);
		});
	}
	menu.onHide(() => {
		onHide?.();
		if (!chosen && anchor.isConnected) anchor.focus();
	});
	const rect = anchor.getBoundingClientRect();
	menu.showAtPosition({ x: rect.left, y: rect.bottom, width: rect.width, overlap: true }, anchor.ownerDocument);
}
