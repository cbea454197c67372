/**
 * Stand-in for node:async_hooks in main.js. LangChain imports AsyncLocalStorage for context
 * propagation; Obsidian mobile has no Node built-ins, so the bundle resolves the import here.
 * Context is kept only for the synchronous part of run(), which is all LangChain needs from it
 * when it cannot find a real AsyncLocalStorage (it then passes config explicitly).
 */
export class AsyncLocalStorage<T> {
	private store: T | undefined;

	getStore(): T | undefined {
		return this.store;
	}

	run<R>(store: T, callback: (...args: unknown[]) => R, ...args: unknown[]): R {
		const previous = this.store;
		this.store = store;
		try {
			return callback(...args);
		} finally {
			this.store = previous;
		}
	}

	enterWith(store: T): void {
		this.store = store;
	}

	disable(): void {
		this.store = undefined;
	}
}

export default { AsyncLocalStorage };
