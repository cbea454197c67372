/**
 * Menu and MenuItem. Obsidian draws a menu as a popup it owns (keyboard included); here a shown
 * menu is data a test reads and clicks: its items' titles, icons and warning flags, where it was
 * shown and in which document (a pop-out window has its own).
 */
import type * as O from "obsidian";
import type { Shape } from "./shape";
import { Component } from "./events";

/** The menus shown and not hidden yet, newest last. */
export const shownMenus: Menu[] = [];

export class MenuItem implements Shape<
	O.MenuItem,
	"setTitle" | "setIcon" | "setWarning" | "setDisabled" | "setChecked" | "setSection" | "setIsLabel" | "onClick"
> {
	title = "";
	icon: string | null = null;
	warning = false;
	disabled = false;
	checked: boolean | null = null;
	section = "";
	private callback: ((evt: MouseEvent | KeyboardEvent) => unknown) | null = null;

	constructor(private readonly menu: Menu) {}

	setTitle(title: string | DocumentFragment): this {
		this.title = typeof title === "string" ? title : (title.textContent ?? "");
		return this;
	}
	setIcon(icon: string | null): this {
		this.icon = icon;
		return this;
	}
	setWarning(isWarning: boolean): this {
		this.warning = isWarning;
		return this;
	}
	setDisabled(disabled: boolean): this {
		this.disabled = disabled;
		return this;
	}
	setChecked(checked: boolean | null): this {
		this.checked = checked;
		return this;
	}
	setSection(section: string): this {
		this.section = section;
		return this;
	}
	setIsLabel(): this {
		return this;
	}
	onClick(callback: (evt: MouseEvent | KeyboardEvent) => unknown): this {
		this.callback = callback;
		return this;
	}
	/** What a click on the item does in Obsidian: the menu closes, then the item's callback runs. */
	click(): void {
		if (this.disabled) return;
		this.menu.hide();
		const doc = this.menu.doc;
		const event = doc?.defaultView ? new doc.defaultView.MouseEvent("click") : ({} as MouseEvent);
		void this.callback?.(event);
	}
}

export class Menu
	extends Component
	implements Shape<O.Menu, "addItem" | "addSeparator" | "showAtPosition" | "showAtMouseEvent" | "hide" | "onHide">
{
	readonly items: MenuItem[] = [];
	position: O.MenuPositionDef | null = null;
	doc: Document | null = null;
	private hideCallbacks: (() => unknown)[] = [];

	addItem(cb: (item: MenuItem) => unknown): this {
		const item = new MenuItem(this);
		cb(item);
		this.items.push(item);
		return this;
	}
	addSeparator(): this {
		return this;
	}
	showAtPosition(position: O.MenuPositionDef, doc?: Document): this {
		this.position = position;
		this.doc = doc ?? null;
		shownMenus.push(this);
		return this;
	}
	showAtMouseEvent(evt: MouseEvent): this {
		return this.showAtPosition(
			{ x: evt.clientX, y: evt.clientY },
			(evt.target as Node | null)?.ownerDocument ?? undefined,
		);
	}
	hide(): this {
		const at = shownMenus.indexOf(this);
		if (at < 0) return this;
		shownMenus.splice(at, 1);
		for (const callback of this.hideCallbacks) callback();
		return this;
	}
	onHide(callback: () => unknown): void {
		this.hideCallbacks.push(callback);
	}
	/** The item with this title (tests click it). */
	item(title: string): MenuItem {
		const found = this.items.find((item) => item.title === title);
		if (!found)
			throw new Error(`No menu item ${JSON.stringify(title)} in ${this.items.map((i) => i.title).join(", ")}`);
		return found;
	}
}
