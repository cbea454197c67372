/**
 * The class behind issue 13, item 9, on the sandbox: its page files, its notes API and the RPC
 * routes it mounts answer any random request with a 2xx or a plain 4xx (never a 500 with an
 * exception's text), and the sandbox stays up. Random requests over real sockets.
 */
import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import { scripted } from "../../src/sandbox/model-server";
import { startSandbox, type Sandbox } from "../../src/sandbox/sandbox";
import { portOf } from "../support/raw-http";
import { expectPlainAnswer, fuzzRequests } from "../support/request-fuzz";
import { tempDir } from "../support/temp";
import * as path from "../../src/node/path";
import { mkdir, writeFile } from "../../src/node/fs";
import { nodeFetch as fetch } from "../../src/node/fetch";

const RUNS = 300;
const TOKEN = "fuzz-token-0123456789";

describe("random requests to the sandbox", () => {
	let sandbox: Sandbox | null = null;
	afterEach(async () => {
		await sandbox?.close();
		sandbox = null;
	});

	it("are always answered with 2xx or a plain 4xx, and the sandbox stays up", async () => {
		const vaultDir = await tempDir("redline-sandbox-fuzz-");
		await mkdir(path.join(vaultDir, "Notes"));
		await writeFile(path.join(vaultDir, "Notes", "A.md"), "# A\n");
		const pageDir = await tempDir();
		for (const file of ["index.html", "app.js", "app.js.map", "page.css", "styles.css"])
			await writeFile(path.join(pageDir, file), `/* ${file} */`);
		sandbox = await startSandbox({
			vaultDir,
			pageDir,
			model: { kind: "scripted", script: scripted({ text: "Hello" }) },
			token: TOKEN,
		});
		const port = portOf(sandbox.url);
		const threadIds: string[] = [];
		for (const title of ["one", "two"]) {
			const created = await sandbox.redline.service.createThread({ title });
			if (!created.ok) throw new Error(created.error.message);
			threadIds.push(created.threadId);
		}
		let runs = 0;
		await fc.assert(
			fc.asyncProperty(fuzzRequests({ port, token: TOKEN, threadIds }), async (request) => {
				runs++;
				await expectPlainAnswer(port, request);
			}),
			{ numRuns: RUNS },
		);
		expect(runs).toBeGreaterThanOrEqual(RUNS);
		const notes = await fetch(`${sandbox.url}/sandbox/api/notes?token=${TOKEN}`);
		expect(notes.status).toBe(200);
	}, 240_000);
});
