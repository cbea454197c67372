/**
 * The two shapes a Redline server answers in outside of an event stream: JSON for what clients
 * parse, plain text for requests that never reached a route (a target that is no URL, a foreign
 * Host, HTTP that does not parse). Plain answers carry a message a person can read and never an
 * exception's own text, which may name files and internals.
 */

import { Buffer } from "../../node/buffer";
import type { ServerResponse } from "../../node/http";

/**
 * Sent on every answer (front-door.ts): a page served here loads scripts, styles, images and
 * connections from its own origin only (images also as data:), so nothing in it, a reply
 * included, can reach another host by itself; it sends no referrer, is never framed, and no
 * answer is read as another type than it says.
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
	"Content-Security-Policy": "default-src 'self'; img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'",
	"Referrer-Policy": "no-referrer",
	"X-Content-Type-Options": "nosniff",
};

export function sendJson(
	res: ServerResponse,
	status: number,
	body: unknown,
	headers: Record<string, string> = {},
): void {
	const text = JSON.stringify(body);
	res.writeHead(status, {
		"Content-Type": "application/json; charset=utf-8",
		"Content-Length": Buffer.byteLength(text),
		"Cache-Control": "no-store",
		...headers,
	});
	res.end(text);
}

export function sendPlain(
	res: ServerResponse,
	status: number,
	message: string,
	headers: Record<string, string> = {},
): void {
	if (res.headersSent) {
		// Too late for a status: cut the answer off rather than append to it.
		res.destroy();
		return;
	}
	const text = `${message}\n`;
	res.writeHead(status, {
		"Content-Type": "text/plain; charset=utf-8",
		"Content-Length": Buffer.byteLength(text),
		"Cache-Control": "no-store",
		"X-Content-Type-Options": "nosniff",
		...headers,
	});
	res.end(text);
}
