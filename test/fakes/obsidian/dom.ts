/**
 * Obsidian's DOM helpers (createEl, createDiv, empty, setText, onWindowMigrated, doc/win...) on
 * happy-dom, so code written against Obsidian's augmented HTMLElement runs in tests. Each fake
 * App gets its own window; a pop-out is another window that nodes are adopted into.
 */
import { Window } from "happy-dom";

interface DomInfo {
	cls?: string | string[];
	text?: string;
	attr?: Record<string, string | number | boolean | null>;
	title?: string;
	value?: string;
	type?: string;
	placeholder?: string;
	href?: string;
	prepend?: boolean;
}

const migrationListeners = new WeakMap<object, Set<(win: Window) => unknown>>();
const patched = new WeakSet<object>();

function applyInfo(el: HTMLElement, o: DomInfo | string | undefined): void {
	if (o === undefined) return;
	const info: DomInfo = typeof o === "string" ? { cls: o } : o;
	if (info.cls) el.className = Array.isArray(info.cls) ? info.cls.join(" ") : info.cls;
	if (info.text !== undefined) el.textContent = info.text;
	if (info.title !== undefined) el.title = info.title;
	if (info.attr) for (const [k, v] of Object.entries(info.attr)) if (v !== null && v !== false) el.setAttribute(k, String(v));
	const input = el as unknown as Record<string, unknown>;
	if (info.value !== undefined) input.value = info.value;
	if (info.type !== undefined) el.setAttribute("type", info.type);
	if (info.placeholder !== undefined) el.setAttribute("placeholder", info.placeholder);
	if (info.href !== undefined) el.setAttribute("href", info.href);
}

/** Adds Obsidian's helpers to a window's prototypes (once per prototype). */
export function installDomHelpers(win: Window | typeof globalThis): void {
	const w = win as unknown as { Node: { prototype: object }; HTMLElement: { prototype: object } };
	const nodeProto = w.Node.prototype as Record<string, unknown>;
	if (patched.has(nodeProto)) return;
	patched.add(nodeProto);
	function createEl(this: Node, tag: string, o?: DomInfo | string, cb?: (el: HTMLElement) => void): HTMLElement {
		const doc = this.nodeType === 9 ? (this as Document) : (this.ownerDocument as Document);
		const el = doc.createElement(tag);
		applyInfo(el, o);
		if (this.nodeType !== 9) {
			if (typeof o === "object" && o.prepend) this.insertBefore(el, this.firstChild);
			else this.appendChild(el);
		}
		cb?.(el);
		return el;
	}
	Object.assign(nodeProto, {
		createEl,
		createDiv(this: Node, o?: DomInfo | string, cb?: (el: HTMLElement) => void) {
			return createEl.call(this, "div", o, cb);
		},
		createSpan(this: Node, o?: DomInfo | string, cb?: (el: HTMLElement) => void) {
			return createEl.call(this, "span", o, cb);
		},
		empty(this: Node) {
			while (this.firstChild) this.removeChild(this.firstChild);
		},
		detach(this: Node) {
			this.parentNode?.removeChild(this);
		},
		appendText(this: Node, text: string) {
			this.appendChild((this.ownerDocument as Document).createTextNode(text));
		},
	});
	Object.defineProperty(nodeProto, "doc", {
		configurable: true,
		get(this: Node) {
			return this.nodeType === 9 ? this : this.ownerDocument;
		},
	});
	Object.defineProperty(nodeProto, "win", {
		configurable: true,
		get(this: Node) {
			const doc = (this.nodeType === 9 ? this : this.ownerDocument) as Document;
			return doc.defaultView;
		},
	});
	const elProto = w.HTMLElement.prototype as Record<string, unknown>;
	Object.assign(elProto, {
		setText(this: HTMLElement, text: string) {
			this.textContent = text;
		},
		getText(this: HTMLElement) {
			return this.textContent ?? "";
		},
		addClass(this: HTMLElement, ...cls: string[]) {
			this.classList.add(...cls);
		},
		removeClass(this: HTMLElement, ...cls: string[]) {
			this.classList.remove(...cls);
		},
		toggleClass(this: HTMLElement, cls: string | string[], on: boolean) {
			for (const c of Array.isArray(cls) ? cls : [cls]) this.classList.toggle(c, on);
		},
		hasClass(this: HTMLElement, cls: string) {
			return this.classList.contains(cls);
		},
		setAttr(this: HTMLElement, name: string, value: string | number | boolean | null) {
			if (value === null) this.removeAttribute(name);
			else this.setAttribute(name, String(value));
		},
		show(this: HTMLElement) {
			this.hidden = false;
		},
		hide(this: HTMLElement) {
			this.hidden = true;
		},
		onWindowMigrated(this: HTMLElement, listener: (win: Window) => unknown) {
			let set = migrationListeners.get(this);
			if (!set) migrationListeners.set(this, (set = new Set()));
			set.add(listener);
			return () => set.delete(listener);
		},
	});
}

/** Moves el into another window's document (as Obsidian does for a pop-out) and tells listeners. */
export function migrateToWindow(el: HTMLElement, target: Window): void {
	const doc = target.document as unknown as Document;
	const adopted = doc.adoptNode(el);
	doc.body.appendChild(adopted);
	const notify = (node: Element): void => {
		for (const listener of migrationListeners.get(node) ?? []) listener(target);
		for (const child of Array.from(node.children)) notify(child);
	};
	notify(el);
}

/** How many onWindowMigrated listeners are still attached under el (leak checks). */
export function migrationListenerCount(el: Element): number {
	let count = migrationListeners.get(el)?.size ?? 0;
	for (const child of Array.from(el.children)) count += migrationListenerCount(child);
	return count;
}

/** A fresh browser-like window with Obsidian's helpers installed. */
export function createFakeWindow(): Window {
	const win = new Window({ url: "app://obsidian.md/index.html" });
	installDomHelpers(win);
	return win;
}
