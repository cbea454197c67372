/**
 * The offline demo (`npm start` without an API key) must really work: each request it advertises
 * runs through the real service, runner, tools, history and ChatOpenAI against the scripted
 * server, on a scratch copy of the sample vault.
 */
import { afterEach, describe, expect, it } from "vitest";
import { planCompaction, writeSummary } from "../../src/agent/compaction";
import { readModelThread } from "../../src/agent/transcript";
import { createChatModel } from "../../src/llm/chat-model";
import { createDemoScript } from "../../src/sandbox/demo-script";
import { startModelServer } from "../../src/sandbox/model-server";
import { MemoryVault } from "../../src/vault/memory-vault";
import type { Vault } from "../../src/vault/vault";
import { startSandbox, type Sandbox } from "../../src/sandbox/sandbox";
import type { StoredEvent } from "../../src/log/events";
import { project } from "../../src/log/projection";
import type { ThreadState } from "../../src/log/state";
import { repoRoot } from "../support/corpus";
import { tempDir } from "../support/temp";
import * as path from "../../src/node/path";
import { cp, readFile } from "../../src/node/fs";

let sandbox: Sandbox | null = null;
afterEach(async () => {
	await sandbox?.close();
	sandbox = null;
});

async function startDemo(textToolCalls: boolean): Promise<{ sandbox: Sandbox; vaultDir: string; threadId: string }> {
	const vaultDir = path.join(await tempDir("redline-demo-"), "Sample vault");
	await cp(path.join(repoRoot, "examples", "vault"), vaultDir, { recursive: true });
	sandbox = await startSandbox({
		vaultDir,
		pageDir: vaultDir,
		model: { kind: "scripted", scriptForVault: (vault: Vault) => createDemoScript(vault) },
		textToolCalls,
	});
	const created = await sandbox.redline.service.createThread({});
	if (!created.ok) throw new Error(created.error.message);
	return { sandbox, vaultDir, threadId: created.threadId };
}

function stateOf(s: Sandbox, threadId: string): Promise<ThreadState> {
	return new Promise((resolve) => {
		const events: StoredEvent[] = [];
		const sub = s.redline.service.subscribe({ threadId }, (message) => {
			if (message.kind === "event") events.push(message.event);
			if (message.kind === "caught_up") {
				sub.close();
				resolve(project(threadId, events));
			}
		});
	});
}

async function send(s: Sandbox, threadId: string, content: string): Promise<ThreadState> {
	await s.redline.service.sendMessage({ threadId, content });
	await s.redline.service.idle(threadId);
	return stateOf(s, threadId);
}

/** What waits for the user's yes: cards to run and, under review before write (the default), drafts to accept. */
function waiting(state: ThreadState): string[] {
	return [...state.pendingApprovals, ...state.openReviews];
}

/** Runs every waiting card and accepts every waiting draft whole, as decideToolCalls does for a client that knows only approvals. */
async function approveAll(s: Sandbox, threadId: string): Promise<ThreadState> {
	const state = await stateOf(s, threadId);
	expect(waiting(state).length).toBeGreaterThan(0);
	await s.redline.service.decideToolCalls({ threadId, approved: waiting(state), denied: [] });
	await s.redline.service.idle(threadId);
	return stateOf(s, threadId);
}

// REDLINE_TEXT_TOOLS=1 runs the same demo with a model that writes its calls as text.
describe.each([
	{ mode: "native", textToolCalls: false },
	{ mode: "text", textToolCalls: true },
])("the offline demo ($mode tool calls)", ({ textToolCalls }) => {
	const demo = (): ReturnType<typeof startDemo> => startDemo(textToolCalls);
	it("removes the headings of the note the user names, once the user accepts the draft", async () => {
		const { sandbox: s, vaultDir, threadId } = await demo();
		const waiting = await send(s, threadId, "Remove all headings from Daily/2026-11-28.md");
		expect(Object.values(waiting.edits).map((e) => [e.path, e.description])).toEqual([
			["Daily/2026-11-28.md", "remove all headings"],
		]);
		const done = await approveAll(s, threadId);
		const note = await readFile(path.join(vaultDir, "Daily", "2026-11-28.md"), "utf8");
		expect(note).not.toMatch(/^#/m);
		expect(note).toContain("Walked to the market");
		expect(note.startsWith("---\ndate: 2026-11-28")).toBe(true);
		expect(done.status).toBe("idle");
		expect(done.messages.at(-1)).toMatchObject({
			kind: "assistant",
			text: expect.stringContaining("Removed the headings") as unknown,
		});
		// The demo's apply model answers in edit blocks, one per heading, as the default format asks.
		const intent = Object.values(done.toolCalls).find((c) => c.tool === "declareEditIntent");
		expect(intent?.result?.data?.editBlocks).toBeGreaterThan(1);
		expect(intent?.result?.data?.fallback).toBeUndefined();
	});

	it("reads the article, then adds a summary at its top", async () => {
		const { sandbox: s, vaultDir, threadId } = await demo();
		const waiting = await send(s, threadId, "Add a summary to Articles/On slow reading.md");
		expect(waiting.toolCallOrder.map((id) => waiting.toolCalls[id]?.tool)).toEqual(["readNote", "declareEditIntent"]);
		await approveAll(s, threadId);
		const note = await readFile(path.join(vaultDir, "Articles", "On slow reading.md"), "utf8");
		expect(note).toMatch(/---\n> \[!summary\]\n> /);
	});

	it("tags both project notes, drafted side by side and accepted together", async () => {
		const { sandbox: s, vaultDir, threadId } = await demo();
		const offered = await send(s, threadId, "Tag my project notes");
		expect(offered.openReviews).toHaveLength(2);
		await approveAll(s, threadId);
		for (const note of ["Garden shed.md", "Book club.md"]) {
			expect(await readFile(path.join(vaultDir, "Projects", note), "utf8")).toMatch(/\ntags: \[project\]\n---/);
		}
	});

	it("asks which notes go on a reading list, then creates it from the answers", async () => {
		const { sandbox: s, vaultDir, threadId } = await demo();
		const asking = await send(s, threadId, "Make a reading list");
		expect(asking.status).toBe("waiting_for_answer");
		const [askId = ""] = asking.openQuestions;
		const answered = await s.redline.service.answerQuestion({
			threadId,
			askId,
			answers: { 0: ["Projects/Garden shed", "Articles/On slow reading"], 1: ["Alphabetical"] },
		});
		expect(answered).toEqual({ ok: true });
		await s.redline.service.idle(threadId);
		await approveAll(s, threadId);
		expect(await readFile(path.join(vaultDir, "Reading list.md"), "utf8")).toBe(
			"# Reading list\n\n- [ ] [[Articles/On slow reading]]\n- [ ] [[Projects/Garden shed]]\n",
		);
	});

	it("explains what it can do when asked anything else", async () => {
		const { sandbox: s, threadId } = await demo();
		const state = await send(s, threadId, "What's the weather?");
		expect(state.messages.at(-1)).toMatchObject({
			kind: "assistant",
			text: expect.stringContaining("offline demo") as unknown,
		});
	});
});

describe("the offline demo compacting a long chat", () => {
	it("answers the summary request with what the user asked", async () => {
		const server = await startModelServer({ script: createDemoScript(new MemoryVault("Demo", {})) });
		try {
			const events: StoredEvent[] = ["Tag my project notes", "Make a reading list", "Remove all headings"].flatMap(
				(content, i) => [
					{ type: "user_message", messageId: `u${i}`, content, pinned: [], seq: 3 * i + 1, threadId: "t", at: "x" },
					{ type: "assistant_message_started", messageId: `a${i}`, seq: 3 * i + 2, threadId: "t", at: "x" },
					{ type: "assistant_token", messageId: `a${i}`, text: "Done.", seq: 3 * i + 3, threadId: "t", at: "x" },
				],
			);
			const plan = planCompaction(readModelThread(events), 0);
			if (!plan) throw new Error("no plan");
			const model = createChatModel({ baseUrl: server.baseURL, model: "redline-demo-apply" }, undefined);
			const summary = await writeSummary(
				plan,
				async (messages) => {
					let text = "";
					for await (const chunk of await model.stream(messages))
						text += typeof chunk.content === "string" ? chunk.content : "";
					return text;
				},
				{ chunkTokens: 4000, summaryTokens: 300 },
			);
			expect(summary).toBe("- The user asked: Tag my project notes\n- The user asked: Make a reading list");
		} finally {
			await server.close();
		}
	});
});
