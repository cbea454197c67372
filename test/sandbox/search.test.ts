import { afterEach, describe, expect, it } from "vitest";
import type { IndexStatus } from "../../src/search/index-status";
import { scripted } from "../../src/sandbox/model-server";
import { startSandbox, type Sandbox } from "../../src/sandbox/sandbox";
import { FIXTURE_VAULT } from "../search/support";
import { tempDir } from "../support/temp";
import { cp, writeFile } from "../../src/node/fs";
import * as path from "../../src/node/path";
import { nodeFetch as fetch } from "../../src/node/fetch";

const model = { kind: "scripted" as const, script: scripted({ text: "Hello" }) };

/** Reads status events from the sandbox's index-status stream until one satisfies done. */
async function statusUntil(url: string, done: (status: IndexStatus) => boolean): Promise<IndexStatus[]> {
	const abort = new AbortController();
	const response = await fetch(url, { signal: abort.signal });
	expect(response.headers.get("content-type")).toContain("text/event-stream");
	const reader = (response.body ?? new ReadableStream<Uint8Array>()).getReader();
	const decoder = new TextDecoder();
	const seen: IndexStatus[] = [];
	let buffer = "";
	try {
		for (;;) {
			const { value, done: ended } = await reader.read();
			if (ended) throw new Error("the status stream ended");
			buffer += decoder.decode(value, { stream: true });
			for (let end = buffer.indexOf("\n\n"); end >= 0; end = buffer.indexOf("\n\n")) {
				const message = buffer.slice(0, end);
				buffer = buffer.slice(end + 2);
				const data = /^event: status\ndata: (.*)$/m.exec(message)?.[1];
				if (!data) continue;
				seen.push(JSON.parse(data) as IndexStatus);
				if (done(seen[seen.length - 1])) return seen;
			}
		}
	} finally {
		abort.abort();
	}
}

describe("search in the sandbox", () => {
	let sandbox: Sandbox | null = null;
	afterEach(async () => {
		await sandbox?.close();
		sandbox = null;
	});

	it("streams the index's progress to the page, and watching it is what starts the index", async () => {
		const vaultDir = path.join(await tempDir("redline-sandbox-search-"), "vault");
		await cp(FIXTURE_VAULT, vaultDir, { recursive: true });
		sandbox = await startSandbox({ vaultDir, pageDir: await tempDir(), model, token: "t" });
		expect(sandbox.redline.search.status().phase).toBe("idle");
		const denied = await fetch(`${sandbox.url}/sandbox/api/index-status`);
		expect(denied.status).toBe(401);
		const seen = await statusUntil(`${sandbox.url}/sandbox/api/index-status?token=t`, (s) => s.phase === "ready");
		expect(seen[0]?.phase).toBe("idle");
		expect(seen.at(-1)).toMatchObject({ phase: "ready", indexed: 11, total: 11 });
	});

	it("keeps the index up to date from the folder watcher when a note is written from outside", async () => {
		const vaultDir = path.join(await tempDir("redline-sandbox-search-"), "vault");
		await cp(FIXTURE_VAULT, vaultDir, { recursive: true });
		sandbox = await startSandbox({ vaultDir, pageDir: await tempDir(), model, token: "t" });
		const search = sandbox.redline.search;
		expect((await search.search({ query: "zeppelin", limit: 5 })).hits).toEqual([]);
		await writeFile(path.join(vaultDir, "Journal", "Airship.md"), "A zeppelin over the garden.");
		await expect
			.poll(async () => (await search.search({ query: "zeppelin", limit: 5 })).hits.map((h) => h.path), {
				timeout: 10_000,
			})
			.toEqual(["Journal/Airship.md"]);
	});
});
