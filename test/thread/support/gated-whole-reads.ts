/**
 * A store that reads only whole values (as bytes, as Obsidian's readBinary on a phone: no ranged
 * reads), whose reads of one thread's log wait until `release`: what a subscriber (or the pane)
 * gets before the log is read shows.
 */
import { threadLogKey } from "../../../src/log/log";
import type { MemoryStore } from "../../../src/store/memory-store";
import type { Store } from "../../../src/store/store";
import { wholeReadsOnly } from "../../support/whole-reads-store";

/** Whole reads only (wholeReadsOnly, with readBytes); reads of one thread's log held until `release`. */
export interface GatedWholeReads extends Store {
	/** How many reads of the held log have started. */
	readonly logReads: number;
	holdLogOf(threadId: string): void;
	release(): void;
}

export function gatedWholeReads(inner: MemoryStore): GatedWholeReads {
	let heldKey = "";
	let gate: Promise<void> = Promise.resolve();
	let open: () => void = () => undefined;
	let logReads = 0;
	const wait = async (key: string): Promise<void> => {
		if (key !== heldKey) return;
		logReads++;
		await gate;
	};
	return {
		...wholeReadsOnly(inner),
		get logReads() {
			return logReads;
		},
		holdLogOf(threadId) {
			heldKey = threadLogKey(threadId);
			gate = new Promise((resolve) => (open = resolve));
		},
		release: () => open(),
		read: async (key) => {
			await wait(key);
			return inner.read(key);
		},
		readBytes: async (key) => {
			await wait(key);
			const text = await inner.read(key);
			return text === null ? null : new TextEncoder().encode(text);
		},
	};
}
