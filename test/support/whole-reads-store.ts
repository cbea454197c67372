/** A Store with only the five required methods, over another: no ranged reads and no bytes (a host whose medium reads whole values as text). */
import type { MemoryStore } from "../../src/store/memory-store";
import type { Store } from "../../src/store/store";

export function wholeReadsOnly(inner: MemoryStore): Store {
	return {
		append: (key, text) => inner.append(key, text),
		read: (key) => inner.read(key),
		write: (key, text) => inner.write(key, text),
		list: (prefix) => inner.list(prefix),
		remove: (key) => inner.remove(key),
	};
}
