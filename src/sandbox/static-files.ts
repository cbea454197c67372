/** Serves the built page (dist/sandbox) — a fixed set of files, never a path from the URL. */
import { readFile } from "node:fs/promises";
import type { ServerResponse } from "node:http";
import path from "node:path";

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

export async function serveStatic(pageDir: string, pathname: string, res: ServerResponse): Promise<boolean> {
	const file = FILES[pathname];
	if (!file) return false;
	try {
		const body = await readFile(path.join(pageDir, file));
		res.writeHead(200, { "content-type": TYPES[path.extname(file)] ?? "application/octet-stream", "cache-control": "no-store" });
		res.end(body);
	} catch {
		res.writeHead(500, { "content-type": "text/plain; charset=utf-8" });
		res.end(`The sandbox page is not built (${file} missing in ${pageDir}). Run npm start without --no-build.`);
	}
	return true;
}
