import { afterEach, describe, expect, it } from "vitest";
import { scripted } from "../../src/sandbox/model-server";
import { SandboxStartError, startSandbox, type Sandbox } from "../../src/sandbox/sandbox";
import type { StoredEvent } from "../../src/log/events";
import { project } from "../../src/log/projection";
import { tempDir } from "../support/temp";
import { largeNotes, readingScript } from "../agent/support/long-thread";
import * as path from "../../src/node/path";
import { mkdir, readdir, writeFile } from "../../src/node/fs";
import { net } from "../../src/node/http";
import { DEFAULT_CONFIG_DIR } from "../../src/vault/paths";
import { nodeFetch as fetch } from "../../src/node/fetch";

const model = { kind: "scripted" as const, script: scripted({ text: "Hello" }) };

async function vaultWithANote(): Promise<string> {
	const dir = await tempDir("redline-sandbox-start-");
	await mkdir(path.join(dir, "Notes"));
	await writeFile(path.join(dir, "Notes", "A.md"), "# A\n");
	return dir;
}

describe("starting the sandbox", () => {
	let sandbox: Sandbox | null = null;
	afterEach(async () => {
		await sandbox?.close();
		sandbox = null;
	});

	it("says which folder is missing when the vault does not exist", async () => {
		const missing = path.join(await tempDir(), "no such vault");
		await expect(startSandbox({ vaultDir: missing, pageDir: missing, model })).rejects.toThrow(SandboxStartError);
		await expect(startSandbox({ vaultDir: missing, pageDir: missing, model })).rejects.toThrow(
			/no such vault.*does not exist/,
		);
	});

	it("says the port is busy and how to pick another", async () => {
		const blocker = net.createServer();
		await new Promise<void>((resolve) => blocker.listen(0, "127.0.0.1", resolve));
		const address = blocker.address();
		const port = typeof address === "object" && address ? address.port : 0;
		try {
			await expect(
				startSandbox({ vaultDir: await vaultWithANote(), pageDir: await tempDir(), model, port }),
			).rejects.toThrow(
				`Port ${port} on 127.0.0.1 is busy. Pick another with --port, or leave it out to take a free one.`,
			);
		} finally {
			blocker.close();
		}
	});

	it("serves contract 2 on loopback behind the access token, and the notes of the vault to the page", async () => {
		sandbox = await startSandbox({
			vaultDir: await vaultWithANote(),
			pageDir: await tempDir(),
			model,
			token: "fixed-token",
		});
		expect(sandbox.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
		expect(sandbox.pageUrl).toBe(`${sandbox.url}/?token=fixed-token`);

		const rpc = (token: string) =>
			fetch(`${sandbox?.url}/v1/rpc`, {
				method: "POST",
				headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
				body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "v1.thread.list", params: {} }),
			});
		expect((await rpc("wrong")).status).toBe(401);
		expect(await (await rpc("fixed-token")).json()).toEqual({
			jsonrpc: "2.0",
			id: 1,
			result: { ok: true, threads: [] },
		});

		expect((await fetch(`${sandbox.url}/sandbox/api/notes`)).status).toBe(401);
		const foreign = await fetch(`${sandbox.url}/sandbox/api/notes?token=fixed-token`, {
			headers: { origin: "http://evil.example" },
		});
		expect(foreign.status).toBe(403);
		const notes = (await (await fetch(`${sandbox.url}/sandbox/api/notes?token=fixed-token`)).json()) as {
			notes: Array<{ path: string }>;
		};
		expect(notes.notes.map((n) => n.path)).toEqual(["Notes/A.md"]);
	});

	it("keeps thread logs and history out of the notes, under the vault's plugin data folder", async () => {
		const vaultDir = await vaultWithANote();
		sandbox = await startSandbox({ vaultDir, pageDir: await tempDir(), model });
		const created = await sandbox.redline.service.createThread({ title: "t" });
		expect(created.ok).toBe(true);
		await sandbox.close();
		sandbox = null;
		expect(await readdir(path.join(vaultDir, DEFAULT_CONFIG_DIR, "plugins", "redline", "data", "threads"))).toContain(
			"index.json",
		);
	});
});

describe("an unreachable model", () => {
	let sandbox: Sandbox | null = null;
	afterEach(async () => {
		await sandbox?.close();
		sandbox = null;
	});

	it("ends the turn with a clear, retryable error that the pane can offer to retry", async () => {
		const closed = net.createServer();
		await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
		const address = closed.address();
		const port = typeof address === "object" && address ? address.port : 0;
		await new Promise<void>((resolve) => closed.close(() => resolve()));
		sandbox = await startSandbox({
			vaultDir: await vaultWithANote(),
			pageDir: await tempDir(),
			model: { kind: "real", baseUrl: `http://127.0.0.1:${port}/v1`, model: "gpt-test", apiKey: "sk-test-secret" },
		});
		const { service } = sandbox.redline;
		const created = await service.createThread({});
		if (!created.ok) throw new Error(created.error.message);
		await service.sendMessage({ threadId: created.threadId, content: "Hello?" });
		await service.idle(created.threadId);
		const events: StoredEvent[] = [];
		await new Promise<void>((resolve) => {
			const sub = service.subscribe({ threadId: created.threadId }, (m) => {
				if (m.kind === "event") events.push(m.event);
				else {
					sub.close();
					resolve();
				}
			});
		});
		const state = project(created.threadId, events);
		expect(state.status).toBe("error");
		expect(state.errors.at(-1)).toMatchObject({ retryable: true });
		expect(state.errors.at(-1)?.message).toMatch(/reach|connect|network|fetch/i);
		expect(JSON.stringify(events)).not.toContain("sk-test-secret");
	}, 30_000);
	it("keeps a long chat within REDLINE_CONTEXT_TOKENS, which the scripted model also enforces", async () => {
		const dir = await tempDir("redline-sandbox-context-");
		await mkdir(path.join(dir, "Notes"));
		for (const [notePath, text] of Object.entries(largeNotes(8, 4000))) await writeFile(path.join(dir, notePath), text);
		sandbox = await startSandbox({
			vaultDir: dir,
			pageDir: await tempDir(),
			model: { kind: "scripted", script: readingScript() },
			// Eight notes of 4,000 tokens cannot all fit in the chat's requests. The window leaves room
			// for the nine tools' schemas (about 2,300 tokens), which no compaction can shrink.
			contextTokens: 8192,
		});
		const server = sandbox.modelServer;
		if (!server) throw new Error("no scripted model server");
		const tooLong = await fetch(`${server.baseURL}/chat/completions`, {
			method: "POST",
			body: JSON.stringify({ model: "m", messages: [{ role: "user", content: "x".repeat(40_000) }] }),
		});
		expect(tooLong.status).toBe(400);
		expect(((await tooLong.json()) as { error: { code: string } }).error.code).toBe("context_length_exceeded");

		const { service } = sandbox.redline;
		const created = await service.createThread({});
		if (!created.ok) throw new Error(created.error.message);
		for (let n = 1; n <= 8; n++) {
			await service.sendMessage({ threadId: created.threadId, content: `Read Notes/Note ${n}.md` });
			await Promise.resolve();
			await Promise.resolve();
			await service.idle(created.threadId);
		}
		// The setting reached the budget: no request of the chat was refused.
		expect(server.requests.filter((r) => r.outcome === "context-exceeded")).toHaveLength(1);
		const events: StoredEvent[] = [];
		await new Promise<void>((resolve) => {
			const sub = service.subscribe({ threadId: created.threadId }, (m) => {
				if (m.kind === "event") events.push(m.event);
				else {
					sub.close();
					resolve();
				}
			});
		});
		const state = project(created.threadId, events);
		expect(state.status).toBe("idle");
		expect(state.errors).toEqual([]);
		expect(state.messages.filter((m) => m.kind === "assistant" && m.text.startsWith("I read"))).toHaveLength(8);
	}, 60_000);
});
