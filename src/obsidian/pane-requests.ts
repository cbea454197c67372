/**
 * Carries command requests ("New chat", "Pin the active note") to whichever pane is open. The
 * plugin keeps this channel, never the views (they come and go, move to pop-out windows). A
 * request made while no pane listens yet (the command is opening one) waits for the first.
 */
import type { PaneRequest } from "../ui/host";

export class PaneRequests {
	private readonly listeners = new Set<(request: PaneRequest) => void>();
	private pending: PaneRequest[] = [];

	send(request: PaneRequest): void {
		if (this.listeners.size === 0) {
			this.pending.push(request);
			return;
		}
		for (const listener of this.listeners) listener(request);
	}

	subscribe(listener: (request: PaneRequest) => void): () => void {
		this.listeners.add(listener);
		const waiting = this.pending;
		this.pending = [];
		for (const request of waiting) listener(request);
		return () => this.listeners.delete(listener);
	}

	clear(): void {
		this.listeners.clear();
		this.pending = [];
	}
}
