/**
 * The standalone RPC server in a process of its own, so that a bench can read the server's memory
 * and nothing else: the thread service over a real folder store, behind the real HTTP server.
 * Prints `{ "url": … }` once listening; answers each `rss` line on stdin with `{ "rss": bytes }`
 * after a full garbage collection (run with --expose-gc); `quit` ends it.
 *
 * Usage: node --expose-gc --import tsx bench/support/rpc-server-process.ts <token>
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import process from "node:process";
import { createInterface } from "node:readline";
import { startRpcServer } from "../../src/rpc/server/server";
import { FolderStore } from "../../src/sandbox/folder-store";
import { LocalThreadService } from "../../src/thread/service";

const token = process.argv[2] ?? "";
const dir = await mkdtemp(join(tmpdir(), "redline-http-bench-"));
const service = new LocalThreadService({ store: new FolderStore(dir) });
const server = await startRpcServer({ service, token });
process.stdout.write(`${JSON.stringify({ url: server.url })}\n`);

const collect = (globalThis as { gc?: () => void }).gc ?? (() => undefined);
for await (const line of createInterface({ input: process.stdin })) {
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
