/**
 * The sandbox page's window onto the vault: the file list and the open note, live. This is not
 * part of contract 2 (agents never use it); it stands in for Obsidian's own file explorer and
 * editor so a person can watch the agent's writes land and type into a note meanwhile.
 *
 *   GET  /sandbox/api/notes              -> { notes: NoteStat[] }
 *   GET  /sandbox/api/note?path=P        -> { path, text }
 *   PUT  /sandbox/api/note?path=P        body { text, base? } -> { path, text } (a user edit)
 *   GET  /sandbox/api/changes            -> Server-Sent Events, one VaultChange per event
 *   GET  /sandbox/api/info               -> { vaultName, demo: boolean, model }
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { VaultError, type Vault } from "../vault/vault";

export interface NotesApiOptions {
	vault: Vault;
	info: { vaultName: string; demo: boolean; model: string };
}

const MAX_BODY_BYTES = 8 * 1024 * 1024;

function sendJson(res: ServerResponse, status: number, body: unknown): void {
	res.writeHead(status, { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" });
	res.end(JSON.stringify(body));
}

async function readBody(req: IncomingMessage): Promise<string> {
	const chunks: Buffer[] = [];
	let size = 0;
	for await (const chunk of req) {
		const buffer = chunk as Buffer;
		size += buffer.length;
		if (size > MAX_BODY_BYTES) throw new VaultError("too-large", "The note is larger than the sandbox accepts (8 MB)");
		chunks.push(buffer);
	}
	return Buffer.concat(chunks).toString("utf8");
}

function statusFor(error: unknown): number {
	if (!(error instanceof VaultError)) return 500;
	if (error.code === "not-found") return 404;
	if (error.code === "already-exists") return 409;
	return 400;
}

/** Returns a handler that answers /sandbox/api/* requests (true) or leaves them (false). */
export function createNotesApi(options: NotesApiOptions): (req: IncomingMessage, res: ServerResponse, url: URL) => Promise<boolean> {
	const { vault } = options;
	return async (req, res, url) => {
		if (!url.pathname.startsWith("/sandbox/api/")) return false;
		const route = url.pathname.slice("/sandbox/api/".length);
		try {
			if (route === "info" && req.method === "GET") {
				sendJson(res, 200, options.info);
			} else if (route === "notes" && req.method === "GET") {
				sendJson(res, 200, { notes: await vault.list("") });
			} else if (route === "note" && req.method === "GET") {
				const path = url.searchParams.get("path") ?? "";
				sendJson(res, 200, { path, text: await vault.read(path) });
			} else if (route === "note" && req.method === "PUT") {
				const path = url.searchParams.get("path") ?? "";
				const body = JSON.parse(await readBody(req)) as { text?: unknown };
				if (typeof body.text !== "string") {
					sendJson(res, 400, { error: "Send { text: string }" });
					return true;
				}
				const text = body.text;
				const written = (await vault.exists(path)) ? await vault.process(path, () => text) : (await vault.create(path, text), text);
				sendJson(res, 200, { path, text: written });
			} else if (route === "changes" && req.method === "GET") {
				res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-store", connection: "keep-alive" });
				res.write(": connected\n\n");
				const stop = vault.onChange((change) => res.write(`event: change\ndata: ${JSON.stringify(change)}\n\n`));
				const heartbeat = setInterval(() => res.write(": heartbeat\n\n"), 15_000);
				req.on("close", () => {
					clearInterval(heartbeat);
					stop();
				});
			} else {
				sendJson(res, 404, { error: `No sandbox route ${req.method ?? ""} ${url.pathname}` });
			}
		} catch (error) {
			sendJson(res, statusFor(error), { error: error instanceof Error ? error.message : String(error) });
		}
		return true;
	};
}
