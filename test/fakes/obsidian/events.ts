/** Obsidian's Events and Component, with listener and child bookkeeping for leak checks. */
import type * as O from "obsidian";
import { clearInterval } from "../../../src/node/timers";

interface Ref extends O.EventRef {
	emitter: Events;
	name: string;
	callback: (...data: unknown[]) => unknown;
	ctx?: unknown;
}

export class Events implements O.Events {
	private handlers = new Map<string, Ref[]>();

	on(name: string, callback: (...data: unknown[]) => unknown, ctx?: unknown): O.EventRef {
		const ref: Ref = { emitter: this, name, callback, ctx };
		this.handlers.set(name, [...(this.handlers.get(name) ?? []), ref]);
		return ref;
	}
	off(name: string, callback: (...data: unknown[]) => unknown): void {
		this.handlers.set(
			name,
			(this.handlers.get(name) ?? []).filter((r) => r.callback !== callback),
		);
	}
	offref(ref: O.EventRef): void {
		const r = ref as Ref;
		this.handlers.set(
			r.name,
			(this.handlers.get(r.name) ?? []).filter((x) => x !== r),
		);
	}
	trigger(name: string, ...data: unknown[]): void {
		for (const ref of [...(this.handlers.get(name) ?? [])]) this.tryTrigger(ref, data);
	}
	tryTrigger(evt: O.EventRef, args: unknown[]): void {
		const r = evt as Ref;
		try {
			r.callback.apply(r.ctx, args);
		} catch (error) {
			console.error(error);
		}
	}
	/** Test helper: live listeners, for one event or all. */
	listenerCount(name?: string): number {
		if (name !== undefined) return this.handlers.get(name)?.length ?? 0;
		let n = 0;
		for (const list of this.handlers.values()) n += list.length;
		return n;
	}
}

/** Live intervals registered through Component.registerInterval (leak checks). */
export const liveIntervals = new Set<number>();

export class Component implements O.Component {
	private loaded = false;
	private children: Component[] = [];
	private cleanups: (() => unknown)[] = [];

	load(): void {
		if (this.loaded) return;
		this.loaded = true;
		void this.onload();
		for (const child of this.children) child.load();
	}
	/** Obsidian awaits a plugin's async onload; tests do it with this. */
	async loadAsync(): Promise<void> {
		if (this.loaded) return;
		this.loaded = true;
		const result: unknown = this.onload();
		await result;
		for (const child of this.children) child.load();
	}
	onload(): void {}
	unload(): void {
		if (!this.loaded) return;
		this.loaded = false;
		for (const child of [...this.children]) child.unload();
		this.children = [];
		for (const cleanup of this.cleanups.splice(0).reverse()) cleanup();
		this.onunload();
	}
	onunload(): void {}
	addChild<T extends O.Component>(component: T): T {
		this.children.push(component as unknown as Component);
		if (this.loaded) component.load();
		return component;
	}
	removeChild<T extends O.Component>(component: T): T {
		this.children = this.children.filter((c) => c !== (component as unknown));
		component.unload();
		return component;
	}
	register(cb: () => unknown): void {
		this.cleanups.push(cb);
	}
	registerEvent(eventRef: O.EventRef): void {
		this.register(() => (eventRef as Ref).emitter.offref(eventRef));
	}
	registerDomEvent(
		el: EventTarget,
		type: string,
		callback: (ev: Event) => unknown,
		options?: boolean | AddEventListenerOptions,
	): void {
		el.addEventListener(type, callback, options);
		this.register(() => el.removeEventListener(type, callback, options));
	}
	registerInterval(id: number): number {
		liveIntervals.add(id);
		this.register(() => {
			clearInterval(id);
			liveIntervals.delete(id);
		});
		return id;
	}
	/** Test helper: whether load() ran and unload() did not. */
	get isLoaded(): boolean {
		return this.loaded;
	}
}
