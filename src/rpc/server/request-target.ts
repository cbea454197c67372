/**
 * Reading the request target without throwing. `new URL` and `decodeURIComponent` both throw on
 * input a client chose (`GET http://[/v1/rpc`, `%E0%A4%A`); inside a request listener that ended
 * a standalone server's process. Here they answer null instead, and the front door turns that
 * into a 400.
 */

/** The target as a URL, or null when it is not an origin-form path nor an absolute http URL. */
export function parseTarget(target: string | undefined): URL | null {
	if (target === undefined) return null;
	try {
		// Concatenated, not resolved against a base: "//v1/rpc" must stay a path, not become a host.
		if (target.startsWith("/")) return new URL(`http://127.0.0.1${target}`);
		// Absolute form (RFC 9112 §3.2.2) is legal HTTP; its authority is checked like a Host header.
		if (/^http:\/\//i.test(target)) return new URL(target);
		return null;
	} catch {
		return null;
	}
}

/** A percent-encoded component, decoded; null when the encoding is broken or not UTF-8. */
export function decodeComponent(text: string): string | null {
	try {
		return decodeURIComponent(text);
	} catch {
		return null;
	}
}

/**
 * Whether every percent-escape in the path and query decodes to UTF-8. URLSearchParams would turn
 * a broken escape into U+FFFD without a word, so a note path with one would name another note.
 */
export function wellEncoded(url: URL): boolean {
	return decodeComponent(url.pathname) !== null && decodeComponent(url.search.replace(/\+/g, " ")) !== null;
}
