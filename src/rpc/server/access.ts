/**
 * Who may use a loopback Redline server: requests carrying the per-run token, from no page or
 * from the server's own page. Shared by the RPC routes and the sandbox's notes routes so the two
 * cannot drift apart.
 */
import { timingSafeEqual } from "node:crypto";
import type { IncomingMessage } from "node:http";

/** A browser sends Origin on cross-origin requests: anything but our own origin is a foreign page. */
export function originAllowed(origin: string, req: IncomingMessage, allowed: readonly string[]): boolean {
	const port = req.socket.localPort;
	return origin === `http://127.0.0.1:${port}` || origin === `http://localhost:${port}` || allowed.includes(origin);
}

/** The token from `Authorization: Bearer` or, for EventSource which cannot set headers, `?token=`. */
export function tokenMatches(req: IncomingMessage, url: URL, token: string): boolean {
	const header = req.headers.authorization;
	const given = typeof header === "string" && header.startsWith("Bearer ") ? header.slice("Bearer ".length) : url.searchParams.get("token");
	if (given === null) return false;
	const actual = Buffer.from(given);
	const expected = Buffer.from(token);
	return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** The refusal for a request, or null when it may proceed. */
export function refusal(req: IncomingMessage, url: URL, token: string, allowedOrigins: readonly string[] = []): { status: 401 | 403; message: string } | null {
	const origin = req.headers.origin;
	if (origin !== undefined && !originAllowed(origin, req, allowedOrigins)) return { status: 403, message: `Origin ${origin} may not use this server` };
	if (!tokenMatches(req, url, token)) return { status: 401, message: "Missing or wrong access token" };
	return null;
}
