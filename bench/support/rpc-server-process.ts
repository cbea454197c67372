/**
 * The standalone RPC server in a process of its own, so that a bench can read the server's memory
 * and nothing else: the thread service over a real folder store, behind the real HTTP server.
 * Prints `{ "url": … }` once listening; answers each `rss` line on stdin with `{ "rss": bytes }`
 * after a full garbage collection (run with --expose-gc); `quit` ends it.
 *
 * Usage: node --expose-gc --import tsx bench/support/rpc-server-process.ts <token>
 */
import { startRpcServer } from "../../src/rpc/server/server";
import { FolderStore } from "../../src/sandbox/folder-store";
import { LocalThreadService } from "../../src/thread/service";
import { mkdtemp, rm } from "../../src/node/fs";
import { tmpdir } from "../../src/node/os";
import { join } from "../../src/node/path";
import { garbageCollector } from "../../src/node/diagnostics";
import { process } from "../../src/node/process";
import { readLines } from "../../src/node/streams";

const token = process.argv[2] ?? "";
const dir = await mkdtemp(join(tmpdir(), "redline-http-bench-"));
const service = new LocalThreadService({ store: new FolderStore(dir) });
const server = await startRpcServer({ service, token });
process.stdout.write(`${JSON.stringify({ url: server.url })}\n`);

const collect = garbageCollector();
for await (const line of readLines(process.stdin)) {
	if (line === "rss") {
		collect();
		collect();
		process.stdout.write(`${JSON.stringify({ rss: process.memoryUsage().rss })}\n`);
	} else if (line === "quit") {
		break;
	}
}
await server.close();
await service.close();
await rm(dir, { recursive: true, force: true });
process.exit(0);
