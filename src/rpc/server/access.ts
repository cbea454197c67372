/**
 * Who may use a loopback Redline server: requests addressed to it by a loopback name, carrying the
 * per-run token, from no page or from the server's own page. Shared by the RPC routes and the
 * sandbox's own routes so the two cannot drift apart.
 */

import { timingSafeEqual } from "../../node/crypto";
import type { IncomingMessage } from "../../node/http";
import { Buffer } from "../../node/buffer";

export interface Refusal {
	status: 400 | 401 | 403 | 421;
	message: string;
}

/**
 * The names this server answers to. A page on evil.example whose DNS name is re-pointed at
 * 127.0.0.1 (DNS rebinding) reaches the server as same-origin, so neither Origin nor CORS stops it;
 * its requests still say `Host: evil.example:port`, and that is refused.
 */
export function allowedHosts(req: IncomingMessage): string[] {
	const port = req.socket.localPort ?? 0;
	const names = ["127.0.0.1", "localhost", ...(req.socket.localAddress === "::1" ? ["[::1]"] : [])];
	// A browser leaves out the default port.
	return names.flatMap((name) => (port === 80 ? [`${name}:${port}`, name] : [`${name}:${port}`]));
}

/** The refusal for a Host header (and an absolute-form target's authority), or null. */
export function hostRefusal(req: IncomingMessage, url: URL | null): Refusal | null {
	const host = req.headers.host;
	if (host === undefined || host === "") return { status: 400, message: "Bad request: a Host header is required" };
	const allowed = allowedHosts(req);
	const misdirected: Refusal = {
		status: 421,
		message: `Misdirected request: this server answers only to ${allowed.join(" or ")}`,
	};
	if (!allowed.includes(host.toLowerCase())) return misdirected;
	if (url !== null && req.url !== undefined && !req.url.startsWith("/") && !allowed.includes(url.host))
		return misdirected;
	return null;
}

/** A browser sends Origin on cross-origin requests: anything but our own origin is a foreign page. */
export function originAllowed(origin: string, req: IncomingMessage, allowed: readonly string[]): boolean {
	const port = req.socket.localPort;
	return origin === `http://127.0.0.1:${port}` || origin === `http://localhost:${port}` || allowed.includes(origin);
}

/**
 * The cookie the sandbox page's requests carry the token in once it is gone from the address bar
 * (EventSource cannot set headers). Named by port: cookies are not kept apart by port, and two
 * servers on one machine must not overwrite each other's.
 */
export function tokenCookieName(req: IncomingMessage): string {
	return `redline_token_${req.socket.localPort ?? 0}`;
}

/** The Set-Cookie value: only this origin's own requests carry it, and no script can read it. */
export function tokenCookie(req: IncomingMessage, token: string): string {
	return `${tokenCookieName(req)}=${token}; HttpOnly; SameSite=Strict; Path=/`;
}

function cookieValue(req: IncomingMessage, name: string): string | null {
	const header = req.headers.cookie;
	if (typeof header !== "string") return null;
	for (const pair of header.split(";")) {
		const eq = pair.indexOf("=");
		if (eq > 0 && pair.slice(0, eq).trim() === name) return pair.slice(eq + 1).trim();
	}
	return null;
}

/**
 * The token from `Authorization: Bearer`, `?token=` (for an EventSource of an out-of-process client)
 * or the page's cookie: any one that matches will do, so a stale cookie does not shadow a right header.
 */
export function tokenMatches(req: IncomingMessage, url: URL, token: string): boolean {
	const header = req.headers.authorization;
	const bearer = typeof header === "string" && header.startsWith("Bearer ") ? header.slice("Bearer ".length) : null;
	const given = [bearer, url.searchParams.get("token"), cookieValue(req, tokenCookieName(req))];
	const expected = Buffer.from(token);
	return given.some((candidate) => {
		if (candidate === null || candidate === "") return false;
		const actual = Buffer.from(candidate);
		return actual.length === expected.length && timingSafeEqual(actual, expected);
	});
}

/** The refusal for a request, or null when it may proceed. */
export function refusal(
	req: IncomingMessage,
	url: URL,
	token: string,
	allowedOrigins: readonly string[] = [],
): Refusal | null {
	const origin = req.headers.origin;
	if (origin !== undefined && !originAllowed(origin, req, allowedOrigins))
		return { status: 403, message: `Origin ${origin} may not use this server` };
	if (!tokenMatches(req, url, token)) return { status: 401, message: "Missing or wrong access token" };
	return null;
}
