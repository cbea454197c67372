/**
 * A provider's 401 that quotes the key (several proxies do) never puts the key in the thread log
 * on disk: through the real @langchain/openai client over HTTP, into a FolderStore in a temp dir.
 */
import { describe, expect, it } from "vitest";
import { reply, scripted } from "../../src/sandbox/model-server";
import { FolderStore } from "../../src/sandbox/folder-store";
import { readdir, readFile } from "../../src/node/fs";
import { join } from "../../src/node/path";
import { tempDir } from "../support/temp";
import { harness, ofType } from "./support/harness";

const KEY = "sk-proj-Qw3rTy8uIoP0aSdFgHjKlZxCvBnM1234567890abcd";
const PLAIN_KEY = "Zx81-plain-key-0123456789abcdef";

/** Every file under dir, concatenated: what is on disk, whatever its name. */
async function everythingUnder(dir: string): Promise<string> {
	let all = "";
	for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
		if (entry.isFile()) all += await readFile(join(entry.parentPath, entry.name), "utf8");
	}
	return all;
}

describe("AgentRunner: keys in provider errors", () => {
	// A key without an sk- prefix matches no pattern: only the configured key itself cuts it.
	it.each([
		["an sk- key", KEY],
		["a configured key without an sk- prefix", PLAIN_KEY],
	])(
		"stores a 401 that quotes the whole key with the key cut, on disk and in the error event (%s)",
		async (_name, key) => {
			const dir = await tempDir("redline-secrets-");
			const h = await harness({
				script: scripted(reply.text("never sent")),
				credentials: { mainApiKey: key },
				server: { apiKey: "the-key-the-server-wants-0000", refusalQuotesKey: true },
				store: new FolderStore(dir),
			});
			const threadId = await h.newThread();
			await h.send(threadId, "Hi");
			expect(h.server.requests).toHaveLength(0);
			const [error] = ofType(await h.events(threadId), "error");
			expect(error?.message).toContain("refused the API key (401: Incorrect API key provided: [redacted].");
			await h.service.close();
			const disk = await everythingUnder(dir);
			expect(disk).toContain("Incorrect API key provided");
			expect(disk).not.toContain(key.slice(0, 12));
			expect(disk).not.toContain(key.slice(-8));
		},
	);

	it("cuts a masked or shortened quote of the configured key, and a Bearer header a proxy echoes", async () => {
		const dir = await tempDir("redline-secrets-");
		const h = await harness({
			script: scripted(
				reply.httpError(401, { message: `Incorrect API key provided: ${KEY.slice(0, 12)}...${KEY.slice(-4)}` }),
				reply.httpError(403, { message: `proxy: forwarded Authorization: Bearer ${KEY} was refused` }),
			),
			credentials: { mainApiKey: KEY },
			store: new FolderStore(dir),
		});
		const threadId = await h.newThread();
		await h.send(threadId, "Hi");
		await h.send(threadId, "Again");
		const errors = ofType(await h.events(threadId), "error");
		expect(errors).toHaveLength(2);
		await h.service.close();
		const disk = await everythingUnder(dir);
		expect(disk).not.toContain(KEY.slice(0, 12));
		expect(disk).not.toContain(KEY.slice(-8));
		expect(disk).not.toContain(KEY.slice(8, 20));
	});
});
