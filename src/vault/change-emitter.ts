/** A tiny listener set for VaultChange events; a throwing listener does not stop the others. */
import type { VaultChange } from "./vault";

export class ChangeEmitter {
	private readonly listeners = new Set<(change: VaultChange) => void>();

	subscribe(listener: (change: VaultChange) => void): () => void {
		// Wrap so the same function subscribed twice gets two independent subscriptions.
		const entry = (change: VaultChange) => listener(change);
		this.listeners.add(entry);
		return () => {
			this.listeners.delete(entry);
		};
	}

	emit(change: VaultChange): void {
		for (const listener of [...this.listeners]) {
			try {
				listener(change);
			} catch (error) {
				console.error("[redline] vault change listener failed", error);
			}
		}
	}
}
