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
 *   GET  /sandbox/api/tools              -> { tools: ToolCatalog } (the pane's Permissions and defaults)
 *   GET  /sandbox/api/index-status       -> Server-Sent Events, the search index's IndexStatus
 *                                           (connecting starts the index, as a pane opening does)
 *
 * Bad input is a 4xx with a message (a body that is not JSON, not UTF-8 or too large); anything
 * else that fails is a 500 that says so without the exception's own text.
 */
import { reportToStderr } from "../rpc/server/front-door";
import { readTextBody } from "../rpc/server/request-body";
import { sendJson } from "../rpc/server/responses";
import type { IndexStatusFeed } from "../search/index-status";
import type { ToolCatalog } from "../tools/catalog";
import { VaultError, type Vault } from "../vault/vault";
import type { IncomingMessage, ServerResponse } from "../node/http";
import { setInterval, clearInterval } from "../node/timers";

export interface NotesApiOptions {
	vault: Vault;
	/** The search index's status; without it the index-status route is absent (404). */
	indexStatus?: IndexStatusFeed;
	info: { vaultName: string; demo: boolean; model: string };
	/** The tools the agent has, as the pane lists them (absent: an empty list). */
	tools?: ToolCatalog;
	onError?: (error: unknown) => void;
}

const MAX_BODY_BYTES = 8 * 1024 * 1024;
/**
 * A page that stops reading the change stream is dropped once this much waits for it; its
 * EventSource reconnects and the page lists the notes again (changes have no log to resume from).
 */
export const MAX_QUEUED_CHANGE_BYTES = 256 * 1024;
const HEARTBEAT_MS = 15_000;

function statusFor(error: VaultError): number {
	if (error.code === "not-found") return 404;
	if (error.code === "already-exists") return 409;
	return 400;
}

/** The note text of a PUT body, or the 4xx that says what is wrong with it. */
async function noteText(req: IncomingMessage): Promise<{ text: string } | { status: number; message: string } | null> {
	const body = await readTextBody(req, MAX_BODY_BYTES);
	if (!body.ok)
		return body.reason === "aborted"
			? null
			: { status: body.reason === "too-large" ? 413 : 400, message: body.message };
	let parsed: unknown;
	try {
		parsed = JSON.parse(body.text);
	} catch {
		return { status: 400, message: "The body is not JSON: send { text: string }" };
	}
	const text = typeof parsed === "object" && parsed !== null ? (parsed as { text?: unknown }).text : undefined;
	return typeof text === "string" ? { text } : { status: 400, message: "Send { text: string }" };
}

/** Server-Sent Events: one `event` per value that subscribe reports, until the client leaves. */
function serveEvents<T>(res: ServerResponse, event: string, subscribe: (send: (value: T) => void) => () => void): void {
	res.writeHead(200, {
		"content-type": "text/event-stream; charset=utf-8",
		"cache-control": "no-store",
		connection: "keep-alive",
	});
	const write = (chunk: string): void => {
		res.write(chunk);
		if (res.writableLength > MAX_QUEUED_CHANGE_BYTES) res.destroy();
	};
	write("retry: 1000\n\n: connected\n\n");
	const stop = subscribe((value) => write(`event: ${event}\ndata: ${JSON.stringify(value)}\n\n`));
	const heartbeat = setInterval(() => write(": heartbeat\n\n"), HEARTBEAT_MS);
	res.on("close", () => {
		clearInterval(heartbeat);
		stop();
	});
}

/** Returns a handler that answers /sandbox/api/* requests (true) or leaves them (false). */
export function createNotesApi(
	options: NotesApiOptions,
): (req: IncomingMessage, res: ServerResponse, url: URL) => Promise<boolean> {
	const { vault } = options;
	const onError = options.onError ?? reportToStderr;
	return async (req, res, url) => {
		if (!url.pathname.startsWith("/sandbox/api/")) return false;
		const route = url.pathname.slice("/sandbox/api/".length);
		try {
			if (route === "info" && req.method === "GET") {
				sendJson(res, 200, options.info);
			} else if (route === "tools" && req.method === "GET") {
				sendJson(res, 200, { tools: options.tools ?? [] });
			} else if (route === "notes" && req.method === "GET") {
				sendJson(res, 200, { notes: await vault.list("") });
			} else if (route === "note" && req.method === "GET") {
				const path = url.searchParams.get("path") ?? "";
				sendJson(res, 200, { path, text: await vault.read(path) });
			} else if (route === "note" && req.method === "PUT") {
				const path = url.searchParams.get("path") ?? "";
				const body = await noteText(req);
				if (body === null) return true;
				if ("status" in body) {
					sendJson(res, body.status, { error: body.message });
					return true;
				}
				const { text } = body;
				const written = (await vault.exists(path))
					? await vault.process(path, () => text)
					: (await vault.create(path, text), text);
				sendJson(res, 200, { path, text: written });
			} else if (route === "changes" && req.method === "GET") {
				serveEvents(res, "change", (send) => vault.onChange(send));
			} else if (route === "index-status" && req.method === "GET" && options.indexStatus) {
				const feed = options.indexStatus;
				serveEvents(res, "status", (send) => feed.watch(send));
			} else {
				sendJson(res, 404, { error: `No sandbox route ${req.method ?? ""} ${url.pathname}` });
			}
		} catch (error) {
			if (error instanceof VaultError) {
				sendJson(res, statusFor(error), { error: error.message });
			} else {
				onError(error);
				sendJson(res, 500, { error: "The sandbox could not do that (internal error; see its console)" });
			}
		}
		return true;
	};
}
