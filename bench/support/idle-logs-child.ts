/**
 * One run of the idle-logs bench, alone in a fresh Node process so the heap holds nothing of the
 * other run (bench/idle-logs.bench.ts runs it): a thread service over the folder store at `dir`
 * opens each listed thread in turn, the way the pane does (subscribe until caught up, then
 * close), leaving it idle; then the heap after a full GC.
 *
 * Usage: node --import tsx bench/support/idle-logs-child.ts <dir> <budget|all> <threadId>...
 * - budget: the service's idle budget (IDLE_LOG_BYTES); all: no byte budget (before it existed:
 *   only the count, MAX_IDLE_LOGS, held).
 * Prints one JSON line: heap before and after (MB), and the logs still loaded.
 */
import { garbageCollector } from "../../src/node/diagnostics";
import { process } from "../../src/node/process";
import { setTimeout } from "../../src/node/timers";
import { FolderStore } from "../../src/sandbox/folder-store";
import type { LoadedLogs } from "../../src/thread/loaded-logs";
import { LocalThreadService } from "../../src/thread/service";

const [dir = "", mode = "", ...threadIds] = process.argv.slice(2);
const collect = garbageCollector();

/** Live memory after a full GC: the JS heap and the typed arrays' contents. */
async function live(): Promise<number> {
	// Twice, with a turn between: weak references and finalizers let go on the second pass.
	collect();
	await new Promise((resolve) => setTimeout(resolve, 10));
	collect();
	const usage = process.memoryUsage();
	return (usage.heapUsed + usage.arrayBuffers) / 1e6;
}

/** Opens a thread as the pane does, and lets it go once caught up. */
function open(service: LocalThreadService, threadId: string): Promise<void> {
	return new Promise((resolve, reject) => {
		const sub = service.subscribe({ threadId, nonce: 0 }, (message) => {
			if (message.kind === "caught_up") {
				sub.close();
				resolve();
			} else if (message.kind === "error") reject(new Error(message.error.message));
		});
	});
}

const service = new LocalThreadService({
	store: new FolderStore(dir),
	...(mode === "all" ? { idleLogBytes: Number.POSITIVE_INFINITY } : {}),
});
await service.load();
const before = await live();
for (const threadId of threadIds) {
	await open(service, threadId);
	// The service unloads idle logs in a later task (unloadIdleSoon), and seals them: let both run.
	await new Promise((resolve) => setTimeout(resolve, 50));
}
const after = await live();
// The bench looks into the service for the logs it holds (nothing public lists them).
const logs = (service as unknown as { logs: LoadedLogs }).logs.current();
const loaded = logs.map((log) => threadIds.indexOf(log.threadId) + 1);
const loadedMB = logs.reduce((sum, log) => sum + log.storedBytes, 0) / 1e6;
process.stdout.write(JSON.stringify({ before, after, loaded, loadedMB }) + "\n");
await service.close();
