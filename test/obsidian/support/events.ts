/** A thread's events as the plugin's service holds them, read once through a subscription. */
import type { StoredEvent } from "../../../src/log/events";
import type { ThreadService } from "../../../src/thread/service-api";

export function eventsOf(service: ThreadService, threadId: string): Promise<StoredEvent[]> {
	return new Promise((resolve) => {
		const events: StoredEvent[] = [];
		const sub = service.subscribe({ threadId }, (message) => {
			if (message.kind === "event") events.push(message.event);
			if (message.kind === "caught_up") {
				queueMicrotask(() => sub.close());
				resolve(events);
			}
		});
	});
}
