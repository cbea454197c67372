/**
 * HTTP serving under slow clients (issue 13, item 11): the RSS growth of a real RPC server process
 * while clients that never read are subscribed over real sockets and live events stream to them.
 *
 * The server runs in a child process (bench/support/rpc-server-process.ts), so its memory is
 * measured alone; the events are real `v1.thread.sendMessage` calls over HTTP (a user pasting a
 * 64 KB note each time), appended to the log on a folder store and fanned out through SSE. The log
 * itself keeps every event in memory, so the row is the growth beyond the same run without any
 * client: what the slow clients cost. Before the fix the server queued every event for every
 * client (about 349 MB for five).
 */
import type { BenchRow } from "./run";
import { spawn, type PipedChildProcess } from "../src/node/child-process";
import { fileURLToPath } from "../src/node/path";
import { process } from "../src/node/process";
import type { NodeBuffer } from "../src/node/buffer";
import { setTimeout } from "../src/node/timers";
import { net, type Socket } from "../src/node/http";
import { readLines } from "../src/node/streams";
import { nodeFetch as fetch } from "../src/node/fetch";

const AREA = "http";
const CLIENTS = 5;
const EVENTS = 1_000;
const CONTENT = "A pasted note line that goes on for a while. ".repeat(1_456).slice(0, 64 * 1024);
const TOKEN = "bench-token-0123456789abcdef";
const MB = 1024 * 1024;

interface ServerProcess {
	url: string;
	port: number;
	ask(line: string): Promise<Record<string, unknown>>;
	quit(): Promise<void>;
}

async function startServerProcess(): Promise<ServerProcess> {
	const script = fileURLToPath(new URL("./support/rpc-server-process.ts", import.meta.url));
	const child: PipedChildProcess = spawn(process.execPath, ["--expose-gc", "--import", "tsx", script, TOKEN], {
		stdio: ["pipe", "pipe", "pipe"],
	});
	let stderr = "";
	child.stderr.on("data", (chunk: NodeBuffer) => (stderr += chunk.toString()));
	const lines = readLines(child.stdout)[Symbol.asyncIterator]();
	const next = async (): Promise<Record<string, unknown>> => {
		const line = await lines.next();
		if (line.done) throw new Error(`the server process ended: ${stderr}`);
		return JSON.parse(line.value) as Record<string, unknown>;
	};
	const { url } = (await next()) as { url: string };
	return {
		url,
		port: Number(new URL(url).port),
		ask: (line) => {
			child.stdin.write(`${line}\n`);
			return next();
		},
		quit: () =>
			new Promise((resolve) => {
				child.once("exit", () => resolve());
				child.stdin.write("quit\n");
			}),
	};
}

async function call(server: ServerProcess, method: string, params: object): Promise<Record<string, unknown>> {
	const response = await fetch(`${server.url}/v1/rpc`, {
		method: "POST",
		headers: { "Content-Type": "application/json", Authorization: `Bearer ${TOKEN}` },
		body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
	});
	const body = (await response.json()) as { result?: Record<string, unknown> & { ok: boolean } };
	if (!body.result?.ok) throw new Error(`${method} failed: ${JSON.stringify(body)}`);
	return body.result;
}

/** Subscribes over a raw socket and never reads a byte. */
function silentSubscriber(server: ServerProcess, threadId: string): Promise<Socket> {
	return new Promise((resolve, reject) => {
		const socket = net.connect({ host: "127.0.0.1", port: server.port }, () => {
			socket.pause();
			socket.write(
				`GET /v1/threads/${threadId}/events?token=${TOKEN} HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\n\r\n`,
			);
			resolve(socket);
		});
		socket.once("error", reject);
	});
}

const rss = async (server: ServerProcess): Promise<number> => Number((await server.ask("rss")).rss);
const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** RSS growth of the server process while EVENTS live events go to `clients` silent subscribers. */
async function growth(clients: number): Promise<number> {
	const server = await startServerProcess();
	try {
		const { threadId } = (await call(server, "v1.thread.create", { title: "slow clients" })) as { threadId: string };
		const sockets = await Promise.all(Array.from({ length: clients }, () => silentSubscriber(server, threadId)));
		await settle(300);
		const before = await rss(server);
		for (let i = 0; i < EVENTS; i++)
			await call(server, "v1.thread.sendMessage", { threadId, content: `${i} ${CONTENT}` });
		await settle(500);
		const after = await rss(server);
		for (const socket of sockets) socket.destroy();
		return after - before;
	} finally {
		await server.quit();
	}
}

export async function run(): Promise<BenchRow[]> {
	const alone = await growth(0);
	const withClients = await growth(CLIENTS);
	return [
		{
			area: AREA,
			metric: `server RSS growth, ${CLIENTS} clients that never read, ${EVENTS.toLocaleString("en")} live 64 KB events each (beyond the same run without clients)`,
			value: (withClients - alone) / MB,
			unit: "MB",
			target: "≤ 20",
		},
		{
			area: AREA,
			metric: `server RSS growth for the same ${EVENTS.toLocaleString("en")} events without clients (the log holds them)`,
			value: alone / MB,
			unit: "MB",
		},
	];
}
