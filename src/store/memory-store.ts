/** An in-memory Store for tests and the browser sandbox. */
import { checkStoreKey, checkStorePrefix, StoreError } from "./keys";
import type { Store } from "./store";

/** A value: text, or bytes (writeBytes), kept as given. */
export type StoredValue = string | Uint8Array;

export class MemoryStore implements Store {
	private readonly values = new Map<string, StoredValue>();
	/** Each text value's UTF-8 bytes, for ranged reads: encoded once per change, on the first read. */
	private readonly encoded = new Map<string, Uint8Array>();

	constructor(initial: Record<string, StoredValue> = {}) {
		for (const [key, value] of Object.entries(initial))
			this.values.set(checkStoreKey(key), typeof value === "string" ? value : value.slice());
	}

	/** Every value, as it is at this instant (tests: what a crash now would leave). */
	snapshot(): Record<string, StoredValue> {
		return Object.fromEntries(
			[...this.values].map(([key, value]) => [key, typeof value === "string" ? value : value.slice()]),
		);
	}

	/** The text values only (tests that look into text). */
	texts(): Record<string, string> {
		return Object.fromEntries(
			[...this.values].filter((entry): entry is [string, string] => typeof entry[1] === "string"),
		);
	}

	append(key: string, text: string): Promise<void> {
		return attempt(() => {
			this.refuseConflict(checkStoreKey(key));
			this.values.set(key, this.text(key) + text);
			this.encoded.delete(key);
		});
	}

	read(key: string): Promise<string | null> {
		return attempt(() => (this.values.has(checkStoreKey(key)) ? this.text(key) : null));
	}

	/** A copy, as a file read gives: the caller may keep it while the value changes. */
	readBytes(key: string): Promise<Uint8Array | null> {
		return attempt(() => this.bytes(checkStoreKey(key))?.slice() ?? null);
	}

	writeBytes(key: string, bytes: Uint8Array): Promise<void> {
		return attempt(() => {
			this.refuseConflict(checkStoreKey(key));
			this.values.set(key, bytes.slice());
			this.encoded.delete(key);
		});
	}

	/** A value as text: bytes decoded as UTF-8, as a file read as text is. */
	private text(key: string): string {
		const value = this.values.get(key) ?? "";
		return typeof value === "string" ? value : new TextDecoder().decode(value);
	}

	write(key: string, text: string): Promise<void> {
		return attempt(() => {
			this.refuseConflict(checkStoreKey(key));
			this.values.set(key, text);
			this.encoded.delete(key);
		});
	}

	list(prefix: string): Promise<string[]> {
		return attempt(() => {
			checkStorePrefix(prefix);
			return [...this.values.keys()].filter((key) => key.startsWith(prefix)).sort();
		});
	}

	/** Keys are files in the folder store, so "a" and "a/b" cannot both hold values; same here. */
	private refuseConflict(key: string): void {
		const segments = key.split("/");
		for (let i = 1; i < segments.length; i++) {
			const ancestor = segments.slice(0, i).join("/");
			if (this.values.has(ancestor)) throw conflict(key, ancestor);
		}
		for (const other of this.values.keys()) if (other.startsWith(key + "/")) throw conflict(key, other);
	}

	remove(key: string): Promise<void> {
		return attempt(() => {
			this.values.delete(checkStoreKey(key));
			this.encoded.delete(key);
		});
	}

	size(key: string): Promise<number | null> {
		return attempt(() => this.bytes(checkStoreKey(key))?.length ?? null);
	}

	readRange(key: string, start: number, end: number): Promise<Uint8Array> {
		return attempt(() => {
			const bytes = this.bytes(checkStoreKey(key)) ?? new Uint8Array(0);
			// A copy, as a file read gives: the caller may keep it while the value changes.
			return bytes.slice(Math.max(0, start), Math.max(0, end));
		});
	}

	private bytes(key: string): Uint8Array | null {
		const value = this.values.get(key);
		if (value === undefined) return null;
		if (typeof value !== "string") return value;
		let bytes = this.encoded.get(key);
		if (!bytes) {
			bytes = new TextEncoder().encode(value);
			this.encoded.set(key, bytes);
		}
		return bytes;
	}
}

/** Sync work as a promise, so bad keys reject instead of throwing synchronously. */
function attempt<T>(work: () => T): Promise<T> {
	try {
		return Promise.resolve(work());
	} catch (error) {
		return Promise.reject(error instanceof Error ? error : new Error(String(error)));
	}
}

function conflict(key: string, other: string): StoreError {
	return new StoreError(
		"conflict",
		`Store key ${JSON.stringify(key)} conflicts with ${JSON.stringify(other)}: a key cannot also be a folder of keys`,
		key,
	);
}
