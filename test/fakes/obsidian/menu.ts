/**
 * Obsidian's Menu as the app draws it: a div.menu on the body of the document it is shown in,
 * each item a div.menu-item with its icon and title, .is-disabled and .is-warning as set. A click
 * on an enabled item runs its callback and hides the menu; the keys work as the app's: arrow keys
 * select an item (.selected), Enter runs it, Escape hides the menu. onHide callbacks run once.
 */
import type * as O from "obsidian";
import type { Shape } from "./shape";
import { Component } from "./events";
import { setIcon } from "./icons";

/** The menus on screen, newest last (tests click what is in them). */
export const shownMenus: Menu[] = [];

export class MenuItem implements Shape<
	O.MenuItem,
	"setTitle" | "setIcon" | "setChecked" | "setDisabled" | "setWarning" | "setIsLabel" | "setSection" | "onClick"
> {
	title = "";
	icon: string | null = null;
	checked: boolean | null = null;
	disabled = false;
	warning = false;
	isLabel = false;
	section = "";
	callback: ((evt: MouseEvent | KeyboardEvent) => unknown) | null = null;
	setTitle(title: string | DocumentFragment): this {
		this.title = typeof title === "string" ? title : (title.textContent ?? "");
		return this;
	}
	setIcon(icon: string | null): this {
		this.icon = icon;
		return this;
	}
	setChecked(checked: boolean | null): this {
		this.checked = checked;
		return this;
	}
	setDisabled(disabled: boolean): this {
		this.disabled = disabled;
		return this;
	}
	setWarning(isWarning: boolean): this {
		this.warning = isWarning;
		return this;
	}
	setIsLabel(isLabel: boolean): this {
		this.isLabel = isLabel;
		return this;
	}
	setSection(section: string): this {
		this.section = section;
		return this;
	}
	onClick(callback: (evt: MouseEvent | KeyboardEvent) => unknown): this {
		this.callback = callback;
		return this;
	}
}

export class Menu
	extends Component
	implements
		Shape<O.Menu, "addItem" | "addSeparator" | "showAtPosition" | "showAtMouseEvent" | "hide" | "close" | "onHide">
{
	readonly items: (MenuItem | "separator")[] = [];
	dom: HTMLElement | null = null;
	/** Where it was shown (tests check it opens at its button, in the pane's window). */
	position: O.MenuPositionDef | null = null;
	private hideCallbacks: (() => unknown)[] = [];
	private selected = -1;
	private keys: ((evt: KeyboardEvent) => void) | null = null;

	addItem(cb: (item: MenuItem) => unknown): this {
		if (this.dom) return this;
		const item = new MenuItem();
		cb(item);
		this.items.push(item);
		return this;
	}
	addSeparator(): this {
		if (!this.dom) this.items.push("separator");
		return this;
	}
	showAtMouseEvent(evt: MouseEvent): this {
		const doc = (evt.target as Node | null)?.ownerDocument ?? document;
		return this.showAtPosition({ x: evt.clientX, y: evt.clientY }, doc);
	}
	showAtPosition(position: O.MenuPositionDef, doc: Document = document): this {
		this.position = position;
		const dom = doc.createElement("div");
		dom.className = "menu";
		for (const entry of this.items) {
			if (entry === "separator") {
				dom.appendChild(doc.createElement("div")).className = "menu-separator";
				continue;
			}
			const el = dom.appendChild(doc.createElement("div"));
			el.className = "menu-item tappable";
			el.classList.toggle("is-disabled", entry.disabled);
			el.classList.toggle("is-warning", entry.warning);
			const icon = el.appendChild(doc.createElement("div"));
			icon.className = "menu-item-icon";
			if (entry.icon) setIcon(icon, entry.icon);
			const title = el.appendChild(doc.createElement("div"));
			title.className = "menu-item-title";
			title.textContent = entry.title;
			el.addEventListener("click", (evt) => this.run(entry, evt));
		}
		doc.body.appendChild(dom);
		this.dom = dom;
		this.keys = (evt) => this.onKey(evt);
		doc.addEventListener("keydown", this.keys, true);
		shownMenus.push(this);
		return this;
	}
	hide(): this {
		if (!this.dom) return this;
		this.dom.ownerDocument.removeEventListener("keydown", this.keys as (evt: KeyboardEvent) => void, true);
		this.dom.remove();
		this.dom = null;
		shownMenus.splice(shownMenus.indexOf(this), 1);
		for (const callback of this.hideCallbacks.splice(0)) callback();
		return this;
	}
	close(): void {
		this.hide();
	}
	onHide(callback: () => unknown): void {
		this.hideCallbacks.push(callback);
	}
	/** The item titled so (tests click it). */
	itemEl(title: string): HTMLElement | null {
		const els = [...(this.dom?.querySelectorAll<HTMLElement>(".menu-item") ?? [])];
		return els.find((el) => el.textContent === title) ?? null;
	}

	private run(item: MenuItem, evt: MouseEvent | KeyboardEvent): void {
		if (item.disabled || item.isLabel) return;
		this.hide();
		item.callback?.(evt);
	}

	private onKey(evt: KeyboardEvent): void {
		const enabled = this.items.filter((i): i is MenuItem => i !== "separator" && !i.disabled && !i.isLabel);
		if (evt.key === "Escape") this.hide();
		else if (evt.key === "ArrowDown" || evt.key === "ArrowUp") {
			const step = evt.key === "ArrowDown" ? 1 : -1;
			this.selected = (this.selected + step + enabled.length) % enabled.length;
			const els = [...(this.dom?.querySelectorAll(".menu-item:not(.is-disabled)") ?? [])];
			els.forEach((el, i) => el.classList.toggle("selected", i === this.selected));
		} else if (evt.key === "Enter" && enabled[this.selected]) this.run(enabled[this.selected], evt);
		else return;
		evt.preventDefault();
	}
}
