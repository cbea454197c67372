/**
 * What the sandbox's answers tell the browser (issue 25): a Content-Security-Policy that keeps the
 * page's loads on its own origin, no referrer, no sniffing; and the access token moves out of the
 * address bar into an HttpOnly, SameSite=Strict cookie that the page's requests (EventSource
 * included) carry after a reload. Out-of-process clients keep the header or query token.
 * (Failed before: no such headers, no cookie.)
 */
import { afterEach, describe, expect, it } from "vitest";
import { scripted } from "../../src/sandbox/model-server";
import { startSandbox, type Sandbox } from "../../src/sandbox/sandbox";
import { tempDir } from "../support/temp";
import * as path from "../../src/node/path";
import { mkdir, writeFile } from "../../src/node/fs";
import { nodeFetch as fetch } from "../../src/node/fetch";

const model = { kind: "scripted" as const, script: scripted({ text: "Hello" }) };
const CSP = "default-src 'self'; img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'";

async function start(): Promise<Sandbox> {
	const vault = await tempDir("redline-page-security-");
	await mkdir(path.join(vault, "Notes"));
	await writeFile(path.join(vault, "Notes", "A.md"), "# A\n");
	const pageDir = await tempDir("redline-page-security-page-");
	await writeFile(path.join(pageDir, "index.html"), "<!doctype html><title>Redline</title>");
	return startSandbox({ vaultDir: vault, pageDir, model, token: "fixed-token" });
}

function list(sandbox: Sandbox, headers: Record<string, string>) {
	return fetch(`${sandbox.url}/v1/rpc`, {
		method: "POST",
		headers: { "content-type": "application/json", ...headers },
		body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "v1.thread.list", params: {} }),
	});
}

describe("the sandbox page's security headers and token", () => {
	let sandbox: Sandbox | null = null;
	afterEach(async () => {
		await sandbox?.close();
		sandbox = null;
	});

	it("sends the CSP, no-referrer and nosniff on the page, its files, the RPC answers and the refusals", async () => {
		sandbox = await start();
		const answers = [
			await fetch(sandbox.pageUrl),
			await list(sandbox, { authorization: "Bearer fixed-token" }),
			await list(sandbox, {}),
			await fetch(`${sandbox.url}/nothing-here`),
		];
		for (const answer of answers) {
			expect(answer.headers.get("content-security-policy")).toBe(CSP);
			expect(answer.headers.get("referrer-policy")).toBe("no-referrer");
			expect(answer.headers.get("x-content-type-options")).toBe("nosniff");
			await answer.arrayBuffer();
		}
	});

	it("sets an HttpOnly, SameSite=Strict cookie with the token when the page is opened with it, and the cookie alone is then enough", async () => {
		sandbox = await start();
		const page = await fetch(sandbox.pageUrl);
		await page.text();
		const cookie = page.headers.get("set-cookie") ?? "";
		expect(cookie).toMatch(/^redline_token_\d+=fixed-token;/);
		expect(cookie).toMatch(/; HttpOnly/);
		expect(cookie).toMatch(/; SameSite=Strict/);
		expect(cookie).toMatch(/; Path=\//);
		const pair = cookie.split(";")[0] ?? "";

		const withCookie = await list(sandbox, { cookie: pair });
		expect(withCookie.status).toBe(200);
		expect(((await withCookie.json()) as { result: { ok: boolean } }).result.ok).toBe(true);
		const events = await fetch(`${sandbox.url}/v1/threads/none/events`, { headers: { cookie: pair } });
		expect(events.status).not.toBe(401);
		await events.body?.cancel();
		const notes = await fetch(`${sandbox.url}/sandbox/api/notes`, { headers: { cookie: pair } });
		expect(notes.status).not.toBe(401);
		await notes.arrayBuffer();
	});

	it("sets no cookie for a page opened without the token or with a wrong one, and a wrong cookie is refused", async () => {
		sandbox = await start();
		for (const url of [`${sandbox.url}/`, `${sandbox.url}/?token=wrong`]) {
			const page = await fetch(url);
			await page.text();
			expect(page.headers.get("set-cookie")).toBeNull();
		}
		const port = new URL(sandbox.url).port;
		expect((await list(sandbox, { cookie: `redline_token_${port}=wrong` })).status).toBe(401);
		expect(
			(await list(sandbox, { cookie: `redline_token_${port}=wrong`, authorization: "Bearer fixed-token" })).status,
		).toBe(200);
		expect(
			(
				await fetch(`${sandbox.url}/v1/rpc?token=fixed-token`, {
					method: "POST",
					headers: { "content-type": "application/json" },
					body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "v1.thread.list", params: {} }),
				})
			).status,
		).toBe(200);
	});
});
