/** Notice, Modal, Setting and its components, setting tabs, SecretComponent, MarkdownRenderer. */
import type * as O from "obsidian";
import type { Shape } from "./shape";
import { Component } from "./events";
import type { App } from "./app";
import { createFakeWindow } from "./dom";
import type { Window as HappyWindow } from "happy-dom";

/** Every Notice's text as shown, newest last (tests read them). */
export const notices: string[] = [];
/** The notices not hidden yet, newest last (tests click what is in them). */
export const shownNotices: Notice[] = [];

let noticeWindow: HappyWindow | null = null;

export class Notice implements Shape<O.Notice, "setMessage" | "hide" | "containerEl" | "messageEl"> {
	message: string;
	containerEl: HTMLElement;
	messageEl: HTMLElement;
	/** 0: stays until hidden. */
	readonly duration: number | undefined;
	constructor(message: string | DocumentFragment, duration?: number) {
		noticeWindow ??= createFakeWindow();
		const doc = noticeWindow.document as unknown as Document;
		this.containerEl = doc.body.createDiv("notice-container");
		this.messageEl = this.containerEl.createDiv("notice-message");
		this.duration = duration;
		this.message = "";
		this.setMessage(message);
		shownNotices.push(this);
	}
	/** Deprecated alias of messageEl in Obsidian. */
	get noticeEl(): HTMLElement {
		return this.messageEl;
	}
	setMessage(message: string | DocumentFragment): this {
		this.messageEl.replaceChildren(typeof message === "string" ? message : message);
		this.message = this.messageEl.textContent ?? "";
		if (this.message !== "") notices.push(this.message);
		return this;
	}
	hide(): void {
		this.containerEl.remove();
		const i = shownNotices.indexOf(this);
		if (i >= 0) shownNotices.splice(i, 1);
	}
}

export class Modal implements Shape<O.Modal, "open" | "close" | "onOpen" | "onClose" | "setTitle"> {
	containerEl: HTMLElement;
	modalEl: HTMLElement;
	titleEl: HTMLElement;
	contentEl: HTMLElement;
	constructor(public app: App) {
		this.containerEl = app.doc.createDiv("modal-container");
		this.modalEl = this.containerEl.createDiv("modal");
		this.titleEl = this.modalEl.createDiv("modal-title");
		this.contentEl = this.modalEl.createDiv("modal-content");
	}
	open(): void {
		this.app.doc.body.appendChild(this.containerEl);
		this.app.openModals.push(this);
		void this.onOpen();
	}
	close(): void {
		this.containerEl.remove();
		this.app.openModals.splice(this.app.openModals.indexOf(this), 1);
		this.onClose();
	}
	onOpen(): void | Promise<void> {}
	onClose(): void {}
	setTitle(title: string): this {
		this.titleEl.textContent = title;
		return this;
	}
}

export abstract class BaseComponent implements O.BaseComponent {
	disabled = false;
	then(cb: (component: this) => unknown): this {
		cb(this);
		return this;
	}
	setDisabled(disabled: boolean): this {
		this.disabled = disabled;
		return this;
	}
}

export class TextComponent
	extends BaseComponent
	implements Shape<O.TextComponent, "getValue" | "setValue" | "setPlaceholder" | "onChange">
{
	inputEl: HTMLInputElement;
	constructor(containerEl: HTMLElement) {
		super();
		this.inputEl = containerEl.createEl("input", { type: "text" });
	}
	getValue(): string {
		return this.inputEl.value;
	}
	setValue(value: string): this {
		this.inputEl.value = value;
		return this;
	}
	setPlaceholder(placeholder: string): this {
		this.inputEl.placeholder = placeholder;
		return this;
	}
	onChange(callback: (value: string) => unknown): this {
		this.inputEl.addEventListener("input", () => void callback(this.inputEl.value));
		return this;
	}
}

export class ToggleComponent
	extends BaseComponent
	implements Shape<O.ToggleComponent, "getValue" | "setValue" | "onChange">
{
	toggleEl: HTMLElement;
	private value = false;
	private listeners: ((value: boolean) => unknown)[] = [];
	constructor(containerEl: HTMLElement) {
		super();
		this.toggleEl = containerEl.createDiv("checkbox-container");
		this.toggleEl.addEventListener("click", () => {
			this.setValue(!this.value);
			for (const l of this.listeners) void l(this.value);
		});
	}
	getValue(): boolean {
		return this.value;
	}
	setValue(on: boolean): this {
		this.value = on;
		this.toggleEl.classList.toggle("is-enabled", on);
		return this;
	}
	onChange(callback: (value: boolean) => unknown): this {
		this.listeners.push(callback);
		return this;
	}
}

export class DropdownComponent
	extends BaseComponent
	implements Shape<O.DropdownComponent, "addOption" | "addOptions" | "getValue" | "setValue" | "onChange">
{
	selectEl: HTMLSelectElement;
	constructor(containerEl: HTMLElement) {
		super();
		this.selectEl = containerEl.createEl("select", "dropdown");
	}
	addOption(value: string, display: string): this {
		this.selectEl.createEl("option", { value, text: display });
		return this;
	}
	addOptions(options: Record<string, string>): this {
		for (const [value, display] of Object.entries(options)) this.addOption(value, display);
		return this;
	}
	getValue(): string {
		return this.selectEl.value;
	}
	setValue(value: string): this {
		this.selectEl.value = value;
		return this;
	}
	onChange(callback: (value: string) => unknown): this {
		this.selectEl.addEventListener("change", () => void callback(this.selectEl.value));
		return this;
	}
}

export class ButtonComponent
	extends BaseComponent
	implements Shape<O.ButtonComponent, "setButtonText" | "setCta" | "setWarning" | "onClick">
{
	buttonEl: HTMLButtonElement;
	constructor(containerEl: HTMLElement) {
		super();
		this.buttonEl = containerEl.createEl("button");
	}
	setButtonText(name: string): this {
		this.buttonEl.textContent = name;
		return this;
	}
	setCta(): this {
		return this;
	}
	setWarning(): this {
		return this;
	}
	onClick(callback: (evt: MouseEvent) => unknown): this {
		this.buttonEl.addEventListener("click", (evt) => void callback(evt));
		return this;
	}
}

/** Obsidian's secret picker: its value is a secret's id (name), never the secret itself. */
export class SecretComponent extends BaseComponent implements Shape<O.SecretComponent, "setValue" | "onChange"> {
	inputEl: HTMLInputElement;
	constructor(
		public app: App,
		containerEl: HTMLElement,
	) {
		super();
		this.inputEl = containerEl.createEl("input", { type: "text", cls: "secret-component" });
	}
	setValue(value: string): this {
		this.inputEl.value = value;
		return this;
	}
	onChange(cb: (value: string) => unknown): this {
		this.inputEl.addEventListener("input", () => void cb(this.inputEl.value));
		return this;
	}
}

export class Setting implements Shape<
	O.Setting,
	"setName" | "setDesc" | "setHeading" | "setClass" | "setErrorMessage"
> {
	settingEl: HTMLElement;
	infoEl: HTMLElement;
	nameEl: HTMLElement;
	descEl: HTMLElement;
	controlEl: HTMLElement;
	errorEl: HTMLElement | null = null;
	components: BaseComponent[] = [];
	constructor(containerEl: HTMLElement) {
		this.settingEl = containerEl.createDiv("setting-item");
		this.infoEl = this.settingEl.createDiv("setting-item-info");
		this.nameEl = this.infoEl.createDiv("setting-item-name");
		this.descEl = this.infoEl.createDiv("setting-item-description");
		this.controlEl = this.settingEl.createDiv("setting-item-control");
	}
	setName(name: string | DocumentFragment): this {
		this.nameEl.textContent = typeof name === "string" ? name : name.textContent;
		return this;
	}
	setDesc(desc: string | DocumentFragment): this {
		this.descEl.textContent = typeof desc === "string" ? desc : desc.textContent;
		return this;
	}
	setHeading(): this {
		this.settingEl.classList.add("setting-item-heading");
		return this;
	}
	setClass(cls: string): this {
		this.settingEl.classList.add(cls);
		return this;
	}
	setErrorMessage(message: string | null): this {
		this.errorEl?.remove();
		this.errorEl = message === null ? null : this.infoEl.createDiv({ cls: "setting-item-error", text: message });
		return this;
	}
	addText(cb: (component: TextComponent) => unknown): this {
		return this.add(new TextComponent(this.controlEl), cb);
	}
	addToggle(cb: (component: ToggleComponent) => unknown): this {
		return this.add(new ToggleComponent(this.controlEl), cb);
	}
	addDropdown(cb: (component: DropdownComponent) => unknown): this {
		return this.add(new DropdownComponent(this.controlEl), cb);
	}
	addButton(cb: (component: ButtonComponent) => unknown): this {
		return this.add(new ButtonComponent(this.controlEl), cb);
	}
	addComponent<T extends BaseComponent>(cb: (el: HTMLElement) => T): this {
		this.components.push(cb(this.controlEl));
		return this;
	}
	then(cb: (setting: this) => unknown): this {
		cb(this);
		return this;
	}
	private add<T extends BaseComponent>(component: T, cb: (component: T) => unknown): this {
		this.components.push(component);
		cb(component);
		return this;
	}
}

/**
 * The tab of Obsidian 1.11 and 1.12 (the plugin's minAppVersion is 1.11.4), where display() is how
 * a tab renders. 1.13 declares display() deprecated in favour of getSettingDefinitions(), so it is
 * not in the Shape: the fake stands for the version that calls it.
 */
export abstract class SettingTab implements Shape<O.SettingTab, "hide"> {
	containerEl: HTMLElement;
	constructor(public app: App) {
		this.containerEl = app.doc.createDiv("vertical-tab-content");
	}
	abstract display(): void;
	hide(): void {
		this.containerEl.replaceChildren();
	}
}

export abstract class PluginSettingTab extends SettingTab {
	constructor(
		app: App,
		public plugin: Component & { manifest: O.PluginManifest },
	) {
		super(app);
	}
}

export { MarkdownRenderer } from "./markdown";
