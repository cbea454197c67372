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
const delegated = new WeakMap<
	object,
	{
		type: string;
		selector: string;
		listener: (ev: Event, delegateTarget: HTMLElement) => unknown;
		wrapped: (ev: Event) => void;
	}[]
>();
const patched = new WeakSet<object>();

function applyInfo(el: HTMLElement, o: DomInfo | string | undefined): void {
	if (o === undefined) return;
	const info: DomInfo = typeof o === "string" ? { cls: o } : o;
	if (info.cls) el.className = Array.isArray(info.cls) ? info.cls.join(" ") : info.cls;
	if (info.text !== undefined) el.textContent = info.text;
	if (info.title !== undefined) el.title = info.title;
	if (info.attr)
		for (const [k, v] of Object.entries(info.attr)) if (v !== null && v !== false) el.setAttribute(k, String(v));
	const input = el as unknown as Record<string, unknown>;
	if (info.value !== undefined) input.value = info.value;
	if (info.type !== undefined) el.setAttribute("type", info.type);
	if (info.placeholder !== undefined) el.setAttribute("placeholder", info.placeholder);
	if (info.href !== undefined) el.setAttribute("href", info.href);
}

/** Adds Obsidian's helpers to a window's prototypes (once per prototype). */
export function installDomHelpers(win: object): void {
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
	// node.instanceOf(HTMLElement): true for an element of any window (a pop-out's elements are
	// instances of that window's classes, so a plain instanceof against the main window's fails).
	function instanceOf(this: object, type: { name: string; new (...args: never[]): unknown }): boolean {
		if (this instanceof type) return true;
		const self = this as { ownerDocument?: Document | null; defaultView?: Window | null; view?: Window | null };
		const own = self.ownerDocument?.defaultView ?? self.defaultView ?? self.view;
		const sameName = (own as unknown as Record<string, unknown> | null | undefined)?.[type.name];
		return typeof sameName === "function" && this instanceof (sameName as new () => unknown);
	}
	nodeProto.instanceOf = instanceOf;
	(w as unknown as { Event: { prototype: Record<string, unknown> } }).Event.prototype.instanceOf = instanceOf;
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
		getAttr(this: HTMLElement, name: string) {
			return this.getAttribute(name);
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
		// Delegated listeners: the listener runs for events inside el whose target is (or is inside)
		// an element matching the selector, with that element as delegateTarget.
		on(
			this: HTMLElement,
			type: string,
			selector: string,
			listener: (ev: Event, delegateTarget: HTMLElement) => unknown,
			options?: boolean | AddEventListenerOptions,
		) {
			const wrapped = (ev: Event): void => {
				const target = ev.target as Element | null;
				const match = target && typeof target.closest === "function" ? target.closest(selector) : null;
				if (match && this.contains(match)) listener.call(this, ev, match as HTMLElement);
			};
			let list = delegated.get(this);
			if (!list) delegated.set(this, (list = []));
			list.push({ type, selector, listener, wrapped });
			this.addEventListener(type, wrapped, options);
		},
		off(
			this: HTMLElement,
			type: string,
			selector: string,
			listener: (ev: Event, delegateTarget: HTMLElement) => unknown,
			options?: boolean | AddEventListenerOptions,
		) {
			const list = delegated.get(this) ?? [];
			const i = list.findIndex((d) => d.type === type && d.selector === selector && d.listener === listener);
			if (i < 0) return;
			this.removeEventListener(type, list[i].wrapped, options);
			list.splice(i, 1);
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

/** How many delegated (el.on) listeners are attached to el (leak checks). */
export function delegatedListenerCount(el: Element): number {
	return delegated.get(el)?.length ?? 0;
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
