/**
 * The sandbox's answer to requests it cannot parse (issue 13, item 9): on today's code a request
 * target that is no URL, or an events path with broken percent-encoding, got a 500 carrying the
 * raw exception text, a note path with broken percent-encoding named another note, a PUT body
 * that was not JSON got a 500 with the parser's message, and a foreign Host was served. Each
 * must get a 4xx with a plain message, and the sandbox must go on.
 */
import { afterEach, describe, expect, it } from "vitest";
import { scripted } from "../../src/sandbox/model-server";
import { startSandbox, type Sandbox } from "../../src/sandbox/sandbox";
import { portOf, rawRequest, requestText } from "../support/raw-http";
import { tempDir } from "../support/temp";
import * as path from "../../src/node/path";
import { Buffer } from "../../src/node/buffer";
import { mkdir, readdir, writeFile } from "../../src/node/fs";
import { nodeFetch as fetch } from "../../src/node/fetch";

const EXCEPTION_TEXT = /TypeError|URIError|SyntaxError|ERR_|Invalid URL|URI malformed|\n\s+at /;

let vaultDir = "";

async function start(): Promise<Sandbox> {
	vaultDir = await tempDir("redline-sandbox-bad-");
	await mkdir(path.join(vaultDir, "Notes"));
	await writeFile(path.join(vaultDir, "Notes", "A.md"), "# A\n");
	const pageDir = await tempDir();
	await writeFile(path.join(pageDir, "index.html"), "<!doctype html><title>Sandbox</title>");
	return startSandbox({
		vaultDir,
		pageDir,
		model: { kind: "scripted", script: scripted({ text: "Hello" }) },
		token: "fixed-token",
	});
}

describe("request lines the sandbox cannot parse", () => {
	let sandbox: Sandbox | null = null;
	afterEach(async () => {
		await sandbox?.close();
		sandbox = null;
	});

	it.each([
		["a request target that is not a URL", "GET http://[/v1/rpc HTTP/1.1", /request target/i],
		[
			"an events path with broken percent-encoding",
			"GET /v1/threads/%E0%A4%A/events?token=fixed-token HTTP/1.1",
			/percent-encoding/i,
		],
		[
			"a notes path with broken percent-encoding",
			"GET /sandbox/api/note?token=fixed-token&path=%E0%A4%A HTTP/1.1",
			/percent-encoding/i,
		],
	])("answers %s with 400 and a plain message, and stays up", async (_what, requestLine, message) => {
		sandbox = await start();
		const port = portOf(sandbox.url);
		const answer = await rawRequest(port, requestText(requestLine, { Host: `127.0.0.1:${port}`, Connection: "close" }));
		expect(answer.status).toBe(400);
		expect(answer.headers["content-type"]).toMatch(/^text\/plain/);
		expect(answer.body).toMatch(message);
		expect(answer.body).not.toMatch(EXCEPTION_TEXT);
		const notes = await fetch(`${sandbox.url}/sandbox/api/notes?token=fixed-token`);
		expect(notes.status).toBe(200);
	});
});

describe("the sandbox's own routes", () => {
	let sandbox: Sandbox | null = null;
	afterEach(async () => {
		await sandbox?.close();
		sandbox = null;
	});

	it("refuses a foreign Host with 421 on the page, the notes API and the RPC routes", async () => {
		sandbox = await start();
		const port = portOf(sandbox.url);
		for (const line of [
			"GET / HTTP/1.1",
			"GET /sandbox/api/notes?token=fixed-token HTTP/1.1",
			"GET /sandbox/api/changes?token=fixed-token HTTP/1.1",
			"GET /v1/threads/t_x/events?token=fixed-token HTTP/1.1",
		]) {
			const answer = await rawRequest(
				port,
				requestText(line, { Host: `rebound.example:${port}`, Connection: "close" }),
			);
			expect(answer.status, line).toBe(421);
			expect(answer.body).toMatch(/^Misdirected request/);
		}
		const page = await rawRequest(
			port,
			requestText("GET / HTTP/1.1", { Host: `localhost:${port}`, Connection: "close" }),
		);
		expect(page.status).toBe(200);
		expect(page.body).toContain("<title>Sandbox</title>");
	});

	it.each([
		["not JSON", Buffer.from("{text: oops"), 400, "The body is not JSON: send { text: string }"],
		["JSON null", Buffer.from("null"), 400, "Send { text: string }"],
		[
			"not UTF-8",
			Buffer.concat([Buffer.from('{"text":"Caf'), Buffer.from([0xe9]), Buffer.from('"}')]),
			400,
			"The request body is not valid UTF-8",
		],
		[
			"larger than 8 MiB",
			Buffer.from(JSON.stringify({ text: "x".repeat(8 * 1024 * 1024) })),
			413,
			"The request body is larger than the 8 MiB this server accepts",
		],
	])("refuses a note body that is %s with a clear 4xx and writes nothing", async (_what, body, status, message) => {
		sandbox = await start();
		const response = await fetch(
			`${sandbox.url}/sandbox/api/note?token=fixed-token&path=${encodeURIComponent("Notes/B.md")}`,
			{ method: "PUT", body: new Uint8Array(body), headers: { "content-type": "application/json" } },
		);
		expect(response.status).toBe(status);
		expect(await response.json()).toEqual({ error: message });
		expect(await readdir(path.join(vaultDir, "Notes"))).toEqual(["A.md"]);
	});

	it("answers a write to a page file with 405", async () => {
		sandbox = await start();
		const response = await fetch(`${sandbox.url}/index.html`, { method: "POST", body: "x" });
		expect(response.status).toBe(405);
		expect(response.headers.get("allow")).toBe("GET, HEAD");
	});
});
