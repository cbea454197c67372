/**
 * The RPC server over a folder store that already holds threads, in a process of its own, for the
 * open-a-long-thread bench: its event-loop freezes are measured here, apart from the client's work.
 * Prints `{ "url": … }` once listening. Each `lag` line on stdin is answered with
 * `{ "longestMs": … }`: the longest gap between turns of a 1 ms timer since the last `lag` (a
 * freeze of the server: no other request could be answered meanwhile). `quit` ends it.
 *
 * With `backfill`, the service runs the snapshot backfill at once (src/thread/snapshot-backfill.ts;
 * the app waits 5 s first), and a `backfilled` line is answered with `{ "ms": … }` once it has
 * ended: how long after the service started.
 *
 * With `whole-reads`, the store has no ranged reads (Obsidian's adapter on a phone): a log is read
 * whole, as bytes (readBinary there), and the stored snapshot answers before that read.
 *
 * Usage: node --import tsx bench/support/open-server-process.ts <token> <dir> [backfill|whole-reads]
 */
import { startRpcServer } from "../../src/rpc/server/server";
import { FolderStore } from "../../src/sandbox/folder-store";
import type { Store } from "../../src/store/store";
import { LocalThreadService } from "../../src/thread/service";
import { process } from "../../src/node/process";
import { readLines } from "../../src/node/streams";
import { clearInterval, setInterval } from "../../src/node/timers";

const token = process.argv[2] ?? "";
const dir = process.argv[3] ?? "";
const backfill = process.argv[4] === "backfill";
const wholeReads = process.argv[4] === "whole-reads";
const started = performance.now();
const folder = new FolderStore(dir);
const service = new LocalThreadService({
	store: wholeReads ? withoutRangedReads(folder) : folder,
	...(backfill ? { backfill: { afterMs: 0 } } : {}),
});
const backfilled = backfill ? service.backfilled().then(() => performance.now() - started) : Promise.resolve(0);
const server = await startRpcServer({ service, token });

let last = performance.now();
let longest = 0;
const monitor = setInterval(() => {
	const now = performance.now();
	longest = Math.max(longest, now - last);
	last = now;
}, 1);
process.stdout.write(`${JSON.stringify({ url: server.url })}\n`);

for await (const line of readLines(process.stdin)) {
	if (line === "lag") {
		const now = performance.now();
		process.stdout.write(`${JSON.stringify({ longestMs: Math.max(longest, now - last) })}\n`);
		longest = 0;
		last = now;
	} else if (line === "backfilled") {
		process.stdout.write(`${JSON.stringify({ ms: await backfilled })}\n`);
	} else if (line === "quit") {
		break;
	}
}
clearInterval(monitor);
await server.close();
await service.close();
process.exit(0);

/** The folder store as a phone's: whole reads (text or bytes) and writes, no `size`/`readRange`. */
function withoutRangedReads(store: FolderStore): Store {
	return {
		append: (key, text) => store.append(key, text),
		read: (key) => store.read(key),
		write: (key, text) => store.write(key, text),
		list: (prefix) => store.list(prefix),
		remove: (key) => store.remove(key),
		readBytes: (key) => store.readBytes(key),
		writeBytes: (key, bytes) => store.writeBytes(key, bytes),
	};
}
