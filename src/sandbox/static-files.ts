/** Serves the built page (dist/sandbox) — a fixed set of files, never a path from the URL. */
import { sendPlain } from "../rpc/server/responses";
import { tokenCookie, tokenMatches } from "../rpc/server/access";
import * as path from "../node/path";
import { readFile } from "../node/fs";
import type { IncomingMessage, ServerResponse } from "../node/http";

const FILES: Record<string, string> = {
	"/": "index.html",
	"/index.html": "index.html",
	"/app.js": "app.js",
	"/app.js.map": "app.js.map",
	"/page.css": "page.css",
	"/styles.css": "styles.css",
};

const TYPES: Record<string, string> = {
	".html": "text/html; charset=utf-8",
	".js": "text/javascript; charset=utf-8",
	".css": "text/css; charset=utf-8",
	".map": "application/json; charset=utf-8",
};

/**
 * The page opened with its `?token=` also gets the token as a cookie (access.ts): the page takes
 * the token out of the address bar and its history at once, and a reload still works.
 */
export async function serveStatic(
	pageDir: string,
	req: IncomingMessage,
	res: ServerResponse,
	url: URL,
	token?: string,
): Promise<boolean> {
	const file = FILES[url.pathname];
	if (!file) return false;
	if (req.method !== "GET" && req.method !== "HEAD") {
		sendPlain(res, 405, "Method not allowed: the page's files are read with GET", { Allow: "GET, HEAD" });
		return true;
	}
	try {
		const body = await readFile(path.join(pageDir, file));
		const cookie =
			token !== undefined && file === "index.html" && url.searchParams.has("token") && tokenMatches(req, url, token)
				? { "set-cookie": tokenCookie(req, token) }
				: ({} as Record<string, string>);
		res.writeHead(200, {
			"content-type": TYPES[path.extname(file)] ?? "application/octet-stream",
			"cache-control": "no-store",
			...cookie,
		});
		res.end(body);
	} catch {
		sendPlain(
			res,
			500,
			`The sandbox page is not built (${file} missing in ${pageDir}). Run npm start without --no-build.`,
		);
	}
	return true;
}
