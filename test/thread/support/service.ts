/** Helpers for service tests: a service over a store, and state/event readers. */
import type { TurnDriver } from "../../../src/log/driver";
import type { StoredEvent } from "../../../src/log/events";
import { project } from "../../../src/log/projection";
import { LocalThreadService, type LocalThreadServiceDeps } from "../../../src/thread/service";
import type { ThreadService } from "../../../src/thread/service-api";
import type { ThreadState } from "../../../src/log/state";
import { MemoryStore } from "../../../src/store/memory-store";
import type { Store } from "../../../src/store/store";
import { threadLogKey } from "../../../src/log/log";
import { ScriptedDriver } from "./scripted-driver";

export function makeService(deps: Partial<LocalThreadServiceDeps> & { driver?: TurnDriver } = {}): {
	service: LocalThreadService;
	store: MemoryStore;
	driver: TurnDriver;
} {
	const store = (deps.store as MemoryStore | undefined) ?? new MemoryStore();
	const driver = deps.driver ?? new ScriptedDriver();
	return { service: new LocalThreadService({ ...deps, store, driver }), store, driver };
}

export async function mustCreate(service: ThreadService, title?: string): Promise<string> {
	const created = await service.createThread(title === undefined ? {} : { title });
	if (!created.ok) throw new Error(created.error.message);
	return created.threadId;
}

/** Every event so far (history until caught up), through the public subscribe. */
export function eventsOf(service: ThreadService, threadId: string, nonce = 0): Promise<StoredEvent[]> {
	return new Promise((resolve, reject) => {
		const events: StoredEvent[] = [];
		const sub = service.subscribe({ threadId, nonce }, (message) => {
			if (message.kind === "event") events.push(message.event);
			else if (message.kind === "caught_up") {
				sub.close();
				resolve(events);
			} else reject(new Error(message.error.message));
		});
	});
}

export async function stateOf(service: ThreadService, threadId: string): Promise<ThreadState> {
	return project(threadId, await eventsOf(service, threadId));
}

/** What a killed process leaves: a new store holding exactly what reached the old one by now. */
export async function crashCopy(store: Store): Promise<MemoryStore> {
	const copy: Record<string, string> = {};
	for (const key of await store.list("")) copy[key] = (await store.read(key)) ?? "";
	return new MemoryStore(copy);
}

/** The seqs of a thread's log lines as stored (before any parsing skips a line). */
export async function seqsInStore(store: Store, threadId: string): Promise<number[]> {
	const text = (await store.read(threadLogKey(threadId))) ?? "";
	return text.split("\n").flatMap((line) => {
		const match = /"seq":(\d+)/.exec(line);
		return match ? [Number(match[1])] : [];
	});
}
