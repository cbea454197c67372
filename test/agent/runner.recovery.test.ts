/**
 * The agent loop after faults (issue 13, items 3, 5, 6, 7 and 8): a store error while proposing,
 * a quit while a tool runs, a crash mid-batch or mid-stream, a message sent while the model
 * streams. Each test failed on the code before its fix.
 */
import { describe, expect, it, vi } from "vitest";
import { reply, scripted } from "../../src/sandbox/model-server";
import type { ThreadEvent } from "../../src/log/events";
import { INTERRUPTED_MESSAGE } from "../../src/thread/service";
import { readNoteTool } from "../../src/tools/read-note";
import { FaultyStore } from "../support/faulty-store";
import { appendLineTool, harness, held, ofType, readEvents, slowTool } from "./support/harness";
import type { Harness } from "./support/harness";
import { setTimeout } from "../../src/node/timers";

async function waitFor(h: Harness, threadId: string, test: (e: ThreadEvent) => boolean): Promise<void> {
	for (let i = 0; i < 4000; i++) {
		if ((await readEvents(h.service, threadId)).some(test)) return;
		await new Promise((resolve) => setTimeout(resolve, 5));
	}
	throw new Error("the event never came");
}

describe("AgentRunner after faults", () => {
	it("takes a store failure while proposing calls for what it is: one request, one card, a save error", async () => {
		vi.spyOn(console, "warn").mockImplementation(() => undefined);
		const store = new FaultyStore();
		store.failWhen(
			(op, key, text) => op === "append" && key.startsWith("threads/t") && text.includes('"tool_call_proposed"'),
		);
		const h = await harness({
			store,
			notes: { "A.md": "alpha" },
			script: scripted(
				reply.toolCalls([{ name: "appendLine", args: { path: "A.md", line: "x" }, id: "first" }]),
				reply.toolCalls([{ name: "appendLine", args: { path: "A.md", line: "y" }, id: "second" }]),
			),
		});
		const threadId = await h.newThread();
		await h.send(threadId, "Append x");
		expect(h.server.requests).toHaveLength(1);
		const state = await h.state(threadId);
		expect(state.toolCallOrder).toEqual(["first"]);
		expect(state.pendingApprovals).toEqual(["first"]);
		expect(state.errors.at(-1)?.message).toMatch(/could not save/i);

		// The proposal was kept and reaches the store with the next write: a restart still shows the card.
		await h.restart();
		expect((await h.state(threadId)).pendingApprovals).toEqual(["first"]);
	});

	it("does not run a call whose start could not be saved", async () => {
		vi.spyOn(console, "warn").mockImplementation(() => undefined);
		const store = new FaultyStore();
		const h = await harness({
			store,
			notes: { "A.md": "alpha" },
			script: scripted(
				reply.toolCalls([{ name: "appendLine", args: { path: "A.md", line: "x" }, id: "write" }]),
				reply.text("never"),
			),
		});
		const threadId = await h.newThread();
		await h.send(threadId, "Append x");
		store.failWhen((op, _key, text) => op === "append" && text.includes('"tool_call_started"'));
		await h.decide(threadId, ["write"], []);
		expect(await h.vault.read("A.md")).toBe("alpha");
		const state = await h.state(threadId);
		expect(state.toolCalls.write?.result).toMatchObject({ status: "error" });
		expect(state.errors.at(-1)?.message).toMatch(/could not save/i);
		expect(h.server.requests).toHaveLength(1);
	});

	it("quitting while a tool runs is not 'Stopped by the user': the reopened thread says it was interrupted", async () => {
		const h = await harness({
			tools: [readNoteTool, slowTool],
			script: scripted(
				reply.toolCalls([{ name: "slowTask", args: { seconds: 60 }, id: "slow" }]),
				reply.text("Again."),
			),
		});
		const threadId = await h.newThread();
		await h.service.sendMessage({ threadId, content: "Work" });
		await waitFor(h, threadId, (e) => e.type === "tool_call_progress");
		await h.restart();
		const state = await h.state(threadId);
		expect(state.toolCalls.slow?.result?.message).not.toContain("Stopped by the user");
		expect(state.toolCalls.slow?.result?.message).toContain("interrupted");
		expect(state.errors.at(-1)).toMatchObject({ message: INTERRUPTED_MESSAGE, retryable: true });
		expect(state.status).toBe("error");
	});

	it("after a crash mid-batch, the next message runs none of the approved calls that had not started", async () => {
		const h = await harness({
			notes: { "A.md": "alpha", "B.md": "beta", "C.md": "gamma" },
			tools: [readNoteTool, appendLineTool, slowTool],
			script: scripted(
				reply.toolCalls([
					{ name: "slowTask", args: { seconds: 60 }, id: "slow" },
					{ name: "appendLine", args: { path: "B.md", line: "x" }, id: "b" },
					{ name: "appendLine", args: { path: "C.md", line: "x" }, id: "c" },
				]),
				reply.text("Fine, nothing more."),
			),
		});
		const threadId = await h.newThread();
		await h.service.setToolPreference({ threadId, tool: "slowTask", preference: "prompt" });
		await h.send(threadId, "Do three things");
		await h.service.decideToolCalls({ threadId, approved: ["slow", "b", "c"], denied: [] });
		await waitFor(h, threadId, (e) => e.type === "tool_call_progress");
		await h.crash();

		const recovered = await h.state(threadId);
		expect(recovered.toolCalls.b?.phase).toBe("completed");
		expect(recovered.toolCalls.c?.phase).toBe("completed");
		await h.send(threadId, "never mind");
		expect(await h.vault.read("B.md")).toBe("beta");
		expect(await h.vault.read("C.md")).toBe("gamma");
		expect(h.server.requests).toHaveLength(2);
		const results = h.server.requests[1].body.messages.filter((m) => m.role === "tool").map((m) => String(m.content));
		expect(results.slice(1).every((r) => r.includes("was not run"))).toBe(true);
	});

	it("the newest message wins: calls of a reply that began before it are denied, and the model answers it", async () => {
		const first = held(
			reply.toolCalls([{ name: "appendLine", args: { path: "A.md", line: "x" }, id: "late" }], "Appending."),
		);
		const h = await harness({
			notes: { "A.md": "alpha" },
			script: scripted(first.step, reply.text("Sure, I will not append.")),
		});
		const threadId = await h.newThread();
		await h.service.sendMessage({ threadId, content: "Append x to A" });
		await first.reached;
		const sent = await h.service.sendMessage({ threadId, content: "Actually, do not touch A" });
		expect(sent.ok).toBe(true);
		first.release();
		await new Promise((resolve) => setTimeout(resolve, 0));
		await h.service.idle(threadId);

		const state = await h.state(threadId);
		expect(state.toolCalls.late).toMatchObject({ phase: "completed", decision: "denied" });
		expect(state.pendingApprovals).toEqual([]);
		expect(state.status).toBe("idle");
		expect(await h.vault.read("A.md")).toBe("alpha");
		expect(h.server.requests).toHaveLength(2);
		const lastUser = h.server.requests[1].body.messages.filter((m) => m.role === "user").at(-1);
		expect(String(lastUser?.content)).toContain("Actually, do not touch A");
		expect(state.messages.at(-1)).toMatchObject({ kind: "assistant", text: "Sure, I will not append." });
	});

	it("the newest message wins over an Always preference too: the earlier reply's call never runs", async () => {
		const first = held(reply.toolCalls([{ name: "appendLine", args: { path: "A.md", line: "x" }, id: "late" }]));
		const h = await harness({ notes: { "A.md": "alpha" }, script: scripted(first.step, reply.text("Understood.")) });
		const threadId = await h.newThread();
		await h.service.setToolPreference({ threadId, tool: "appendLine", preference: "always" });
		await h.service.sendMessage({ threadId, content: "Append x to A" });
		await first.reached;
		await h.service.sendMessage({ threadId, content: "Stop, leave A alone" });
		first.release();
		await new Promise((resolve) => setTimeout(resolve, 0));
		await h.service.idle(threadId);
		expect(await h.vault.read("A.md")).toBe("alpha");
		expect((await h.state(threadId)).toolCalls.late?.decision).toBe("denied");
	});

	it("Retry after a crash mid-stream calls the model again, without the cut-off text", async () => {
		const long = Array.from({ length: 400 }, (_, i) => `word${i}`).join(" ");
		const h = await harness({
			script: scripted(
				reply.text(long, { pace: { firstTokenMs: 0, tokensPerSecond: 40 } }),
				reply.text("The whole answer."),
			),
		});
		const threadId = await h.newThread();
		await h.service.sendMessage({ threadId, content: "Talk" });
		await waitFor(h, threadId, (e) => e.type === "assistant_token");
		// Let the token timer write part of the reply, then kill the process.
		await new Promise((resolve) => setTimeout(resolve, 400));
		await h.crash();

		const recovered = await h.state(threadId);
		expect(recovered.status).toBe("error");
		expect(recovered.errors.at(-1)).toMatchObject({ message: INTERRUPTED_MESSAGE, retryable: true });
		expect(await h.service.retry({ threadId })).toEqual({ ok: true });
		await new Promise((resolve) => setTimeout(resolve, 0));
		await h.service.idle(threadId);
		expect(h.server.requests).toHaveLength(2);
		expect(h.server.requests[1].body.messages.map((m) => m.role)).toEqual(["system", "user"]);
		const state = await h.state(threadId);
		expect(state.messages.at(-1)).toMatchObject({ kind: "assistant", text: "The whole answer." });
		expect(state.status).toBe("idle");
		expect(ofType(await h.events(threadId), "error")).toHaveLength(1);
	});
});
