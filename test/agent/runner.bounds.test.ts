/**
 * Bounded model output: a tool call whose arguments never end and a reply that never ends are each
 * stopped at their cap while they stream (the request is aborted, nothing is buffered whole), the
 * turn ends with an error that says why, the thread log on disk stays small, and so does the next
 * request. Every request carries max_tokens. Through the real @langchain/openai client over HTTP,
 * into a FolderStore in a temp dir.
 */
import { describe, expect, it } from "vitest";
import { reply, scripted } from "../../src/sandbox/model-server";
import { FolderStore } from "../../src/sandbox/folder-store";
import { readdir, stat } from "../../src/node/fs";
import { join } from "../../src/node/path";
import { MAX_REPLY_CHARS, MAX_TOOL_ARGS_CHARS } from "../../src/agent/model-step";
import { tempDir } from "../support/temp";
import { z } from "zod";
import type { AnyTool } from "../../src/tools/registry";
import { MAX_RESULT_CHARS } from "../../src/agent/result-caps";
import { toolResult } from "../../src/log/tool-result";
import { NO_ACCESS } from "../../src/tools/tool";
import { harness, ofType } from "./support/harness";
import type { RecordedRequest } from "../../src/sandbox/model-server";
import { setTimeout } from "../../src/node/timers";

const MB = 1024 * 1024;

async function bytesUnder(dir: string): Promise<number> {
	let total = 0;
	for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
		if (entry.isFile()) total += (await stat(join(entry.parentPath, entry.name))).size;
	}
	return total;
}

/** The server learns of the client going away a moment after the client left: wait for it. */
async function outcomeOf(request: RecordedRequest | undefined): Promise<string | undefined> {
	for (let i = 0; i < 200 && request?.outcome === "pending"; i++)
		await new Promise((resolve) => setTimeout(resolve, 10));
	return request?.outcome;
}

describe("AgentRunner: bounded model output", () => {
	it("stops a 40 MB tool argument at the cap while it streams, ends the turn with an error, and keeps the log and the next request small", async () => {
		const dir = await tempDir("redline-bounds-");
		const piece = "a".repeat(64 * 1024);
		const h = await harness({
			script: scripted(
				{
					toolCalls: [{ name: "readNote", arguments: '{"path":"' }],
					repeat: { piece, times: 640, into: "arguments", then: '.md"}' },
				},
				reply.text("A short answer."),
			),
			store: new FolderStore(dir),
		});
		const threadId = await h.newThread();
		await h.send(threadId, "Read the big one");
		const [error] = ofType(await h.events(threadId), "error");
		expect(error?.message).toContain("readNote");
		expect(error?.message).toContain(`${MAX_TOOL_ARGS_CHARS / 1024} KB`);
		// Stopped while streaming: the client went away long before the 40 MB were sent.
		expect(await outcomeOf(h.server.requests[0])).toBe("client-closed");
		expect(ofType(await h.events(threadId), "tool_call_proposed")).toHaveLength(0);
		await h.send(threadId, "Never mind");
		expect(JSON.stringify(h.server.requests[1]?.body).length).toBeLessThan(64 * 1024);
		await h.service.close();
		expect(await bytesUnder(dir)).toBeLessThan(2 * MB);
	});

	it("stops a text tool call's arguments at the same cap, well before the reply cap, for a model with Text tool calls", async () => {
		const dir = await tempDir("redline-bounds-");
		const piece = "a".repeat(64 * 1024);
		const h = await harness({
			textTools: true,
			script: scripted(
				{
					text: 'Reading it.\n<tool_call>\n{"name": "readNote", "arguments": {"path": "',
					repeat: { piece, times: 640 },
				},
				reply.text("A short answer."),
			),
			store: new FolderStore(dir),
		});
		const threadId = await h.newThread();
		await h.send(threadId, "Read the big one");
		const events = await h.events(threadId);
		const [error] = ofType(events, "error");
		expect(error?.message).toContain("readNote");
		expect(error?.message).toContain(`${MAX_TOOL_ARGS_CHARS / 1024} KB`);
		expect(await outcomeOf(h.server.requests[0])).toBe("client-closed");
		expect(ofType(events, "tool_call_proposed")).toHaveLength(0);
		// The call's text never became answer text, and the stream stopped near the arguments cap.
		expect(
			ofType(events, "assistant_token")
				.map((e) => e.text)
				.join(""),
		).toBe("Reading it.\n");
		await h.service.close();
		expect(await bytesUnder(dir)).toBeLessThan(2 * MB);
	});

	it("stops a reply that never ends at the reply cap, with an error, and a log under 2 MB", async () => {
		const dir = await tempDir("redline-bounds-");
		const h = await harness({
			script: scripted(
				{ text: "Here goes. ", repeat: { piece: "All work and no play. ".repeat(700), times: Infinity } },
				reply.text("Done."),
			),
			store: new FolderStore(dir),
		});
		const threadId = await h.newThread();
		await h.send(threadId, "Tell me a story");
		const events = await h.events(threadId);
		const [error] = ofType(events, "error");
		expect(error?.message).toContain("The reply grew past");
		expect(await outcomeOf(h.server.requests[0])).toBe("client-closed");
		const streamed = ofType(events, "assistant_token").reduce((n, e) => n + e.text.length, 0);
		expect(streamed).toBeLessThanOrEqual(MAX_REPLY_CHARS);
		expect((await h.state(threadId)).status).toBe("error");
		await h.send(threadId, "Shorter, please");
		// The cut-off reply is not sent back.
		expect(JSON.stringify(h.server.requests[1]?.body).length).toBeLessThan(64 * 1024);
		await h.service.close();
		expect(await bytesUnder(dir)).toBeLessThan(2 * MB);
	});

	it("quotes a 30 KB path back shortened, so the next request stays small", async () => {
		const path = `${"Projects/".repeat(200)}${"x".repeat(30_000)}.md`;
		const h = await harness({
			script: scripted(reply.toolCalls([{ name: "readNote", args: { path } }]), reply.text("Sorry.")),
		});
		const threadId = await h.newThread();
		await h.send(threadId, "Read it");
		const [completed] = ofType(await h.events(threadId), "tool_call_completed");
		expect(completed?.result.status).toBe("error");
		expect(completed?.result.message).toContain("characters)");
		expect(completed?.result.message.length).toBeLessThan(1000);
		const toolMessage = h.server.requests[1]?.body.messages.find((m) => m.role === "tool");
		expect(JSON.stringify(toolMessage).length).toBeLessThan(1000);
	});

	it("cuts a 5 MB tool result at 100 KB with a note that says how to read on", async () => {
		const huge: AnyTool = {
			name: "dumpEverything",
			description: "Returns far too much.",
			schema: z.object({}),
			defaultPreference: "always",
			label: "dumping everything",
			words: () => ({ title: "Dump everything", active: "Dumping everything" }),
			access: () => NO_ACCESS,
			run: () => Promise.resolve(toolResult.success("y".repeat(5 * MB))),
		};
		const dir = await tempDir("redline-bounds-");
		const h = await harness({
			script: scripted(reply.toolCalls([{ name: "dumpEverything", args: {} }]), reply.text("That was a lot.")),
			tools: [huge],
			store: new FolderStore(dir),
		});
		const threadId = await h.newThread();
		await h.send(threadId, "Dump it");
		const [completed] = ofType(await h.events(threadId), "tool_call_completed");
		expect(completed?.result.message.length).toBeLessThan(MAX_RESULT_CHARS + 1000);
		expect(completed?.result.message).toContain("readNote reads a note in pages");
		expect(JSON.stringify(h.server.requests[1]?.body).length).toBeLessThan(MAX_RESULT_CHARS + 20_000);
		await h.service.close();
		expect(await bytesUnder(dir)).toBeLessThan(2 * MB);
	});

	it("cuts a tool result's 5 MB data and 5 MB path too, keeping the log under 2 MB and the small fields a card reads", async () => {
		const huge: AnyTool = {
			name: "dumpData",
			description: "Returns far too much data.",
			schema: z.object({}),
			defaultPreference: "always",
			label: "dumping data",
			words: () => ({ title: "Dump data", active: "Dumping data" }),
			access: () => NO_ACCESS,
			run: () =>
				Promise.resolve(
					toolResult.success("Done.", {
						path: `Notes/${"p".repeat(5 * MB)}.md`,
						data: { editId: "e1", blob: "y".repeat(5 * MB) },
					}),
				),
		};
		const dir = await tempDir("redline-bounds-");
		const h = await harness({
			script: scripted(reply.toolCalls([{ name: "dumpData", args: {} }]), reply.text("Done.")),
			tools: [huge],
			store: new FolderStore(dir),
		});
		const threadId = await h.newThread();
		await h.send(threadId, "Dump it");
		const [completed] = ofType(await h.events(threadId), "tool_call_completed");
		expect(completed?.result.data).toMatchObject({ editId: "e1", cutForSize: ["blob"] });
		expect(completed?.result.path?.length).toBeLessThan(1000);
		await h.service.close();
		expect(await bytesUnder(dir)).toBeLessThan(2 * MB);
	});

	it("sends max_tokens: half the room the request leaves in the window, up to the model's limit, or the setting", async () => {
		const h = await harness({
			script: scripted(reply.text("One."), reply.text("Two."), reply.text("Three."), reply.text("Four.")),
		});
		h.settings.mainModel = { ...h.settings.mainModel, contextTokens: 32_768 };
		const threadId = await h.newThread();
		await h.send(threadId, "Hi");
		// A short chat in a 32k window has room for the default limit of a model of no known family.
		expect(h.server.requests[0]?.body.max_tokens).toBe(8192);
		h.settings.mainModel = { ...h.settings.mainModel, maxOutputTokens: 1234 };
		await h.send(threadId, "Again");
		expect(h.server.requests[1]?.body.max_tokens).toBe(1234);
		// A small window: half of what the request leaves, so a server that counts prompt plus
		// max_tokens against its window (as OpenAI and vLLM do) takes it.
		h.server.setContextLimit({ tokens: 4096, style: "openai" });
		h.settings.mainModel = { baseUrl: h.settings.mainModel.baseUrl, model: "scripted", contextTokens: 4096 };
		await h.send(threadId, "Small");
		const small = h.server.requests[2];
		const sent = small?.body.max_tokens;
		expect(sent).toBeGreaterThan(307);
		expect(sent).toBeLessThan(4096 / 2);
		expect(small?.outcome).toBe("completed");
		// A model of no known family or window, with no setting: nothing a server could refuse.
		h.server.setContextLimit(null);
		h.settings.mainModel = { baseUrl: h.settings.mainModel.baseUrl, model: "scripted" };
		await h.send(threadId, "Once more");
		expect(h.server.requests[3]?.body.max_tokens).toBeUndefined();
	});
});
