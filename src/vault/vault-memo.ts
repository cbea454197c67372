/**
 * Values read from the vault, kept until the vault changes: any change drops them all. The
 * context meter's estimate (v1.context.measure) is asked again at every pause in typing, and what
 * it needs from the vault (the standing instructions, the notes of the set chips) changes only
 * when the vault does, so typing never re-reads notes. A value being read when a change comes is
 * not kept (it may predate the change).
 */
import type { Vault } from "./vault";

/** Keys kept at most: a few chips and settings; past this everything is read again. */
const MAX_KEYS = 64;

export class VaultMemo<T> {
	private readonly values = new Map<string, Promise<T>>();
	private unsubscribe: (() => void) | undefined;

	constructor(private readonly vault: Vault) {}

	get(key: string, read: () => Promise<T>): Promise<T> {
		this.unsubscribe ??= this.vault.onChange(() => this.values.clear());
		const kept = this.values.get(key);
		if (kept) return kept;
		if (this.values.size >= MAX_KEYS) this.values.clear();
		const value = read();
		this.values.set(key, value);
		// A failed read is tried again next time, not remembered.
		value.catch(() => {
			if (this.values.get(key) === value) this.values.delete(key);
		});
		return value;
	}

	dispose(): void {
		this.unsubscribe?.();
		this.unsubscribe = undefined;
		this.values.clear();
	}
}
