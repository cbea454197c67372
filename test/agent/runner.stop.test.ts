import { describe, expect, it } from "vitest";
import { z } from "zod";
import { reply, scripted, toolResults } from "../../src/sandbox/model-server";
import type { ThreadEvent } from "../../src/log/events";
import { appendLineTool, harness, held, ofType, readEvents, slowTool } from "./support/harness";
import type { Harness } from "./support/harness";
import { readNoteTool } from "../../src/tools/read-note";
import { setTimeout } from "../../src/node/timers";
import { toolResult } from "../../src/log/tool-result";
import type { Tool } from "../../src/tools/tool";

/** Polls the log until an event matches (the drive runs concurrently). */
async function waitFor(h: Harness, threadId: string, test: (e: ThreadEvent) => boolean): Promise<void> {
	for (;;) {
		if ((await readEvents(h.service, threadId)).some(test)) return;
		await new Promise((resolve) => setTimeout(resolve, 10));
	}
}

describe("AgentRunner: stop", () => {
	it("stops mid-stream, keeps the partial reply and returns to idle", async () => {
		const long = Array.from({ length: 200 }, (_, i) => `word${i}`).join(" ");
		const h = await harness({
			script: scripted(reply.text(long, { pace: { firstTokenMs: 0, tokensPerSecond: 50 } }), reply.text("Next.")),
		});
		const threadId = await h.newThread();
		await h.service.sendMessage({ threadId, content: "Talk" });
		await waitFor(h, threadId, (e) => e.type === "assistant_token");
		await h.service.stop({ threadId });
		await h.service.idle(threadId);
		let state = await h.state(threadId);
		expect(state.status).toBe("idle");
		const partial = state.messages.find((m) => m.kind === "assistant");
		expect(partial?.kind === "assistant" && partial.finishReason).toBe("aborted");
		const text = partial?.kind === "assistant" ? partial.text : "";
		expect(text.length).toBeGreaterThan(0);
		expect(long.startsWith(text)).toBe(true);
		expect(text.length).toBeLessThan(long.length);

		// The next turn shows the model its own partial reply.
		await h.send(threadId, "Go on");
		const messages = h.server.requests[1].body.messages;
		expect(messages.map((m) => m.role)).toEqual(["system", "user", "assistant", "user"]);
		expect(messages[2].content).toBe(text);
		state = await h.state(threadId);
		expect(state.status).toBe("idle");
	});

	it("stops a tool in flight with an error result, and leaves pending calls decidable", async () => {
		const h = await harness({
			notes: { "A.md": "alpha" },
			tools: [readNoteTool, appendLineTool, slowTool],
			script: scripted(
				reply.toolCalls([
					{ name: "slowTask", args: { seconds: 60 }, id: "slow" },
					{ name: "appendLine", args: { path: "A.md", line: "x" }, id: "write" },
				]),
				reply.text("Done after the stop."),
			),
		});
		const threadId = await h.newThread();
		await h.service.sendMessage({ threadId, content: "Work" });
		await waitFor(h, threadId, (e) => e.type === "tool_call_progress");
		await h.service.stop({ threadId });
		await h.service.idle(threadId);
		let state = await h.state(threadId);
		expect(state.status).toBe("idle");
		expect(state.toolCalls.slow?.result).toMatchObject({ status: "error", message: "Stopped by the user" });
		// Recorded as a stop, so the pane says "Stopped", not "Failed".
		expect(state.toolCalls.slow?.reason).toBe("stopped");
		expect(state.pendingApprovals).toEqual(["write"]);
		expect(ofType(await h.events(threadId), "tool_call_progress")[0]).toMatchObject({
			callId: "slow",
			phase: "working",
			fraction: 0.1,
		});

		await h.decide(threadId, ["write"], []);
		state = await h.state(threadId);
		expect(state.status).toBe("idle");
		expect(await h.vault.read("A.md")).toBe("alpha\nx");
		expect(toolResults(h.server.requests[1]).map((r) => r.content)).toEqual([
			"Stopped by the user",
			"Appended to A.md.",
		]);
	});

	it("drops whatever a stopped tool does later: nothing is appended after its result and its write is refused", async () => {
		let release = (): void => undefined;
		const gate = new Promise<void>((resolve) => (release = resolve));
		let report = (_attempts: string[]): void => undefined;
		const attempted = new Promise<string[]>((resolve) => (report = resolve));
		// Ignores its signal: once released it reports progress, emits an event and writes the note.
		const stubbornTool: Tool<{ path: string }> = {
			name: "stubbornWrite",
			description: "Write a note, ignoring Stop.",
			schema: z.object({ path: z.string() }),
			defaultPreference: "always",
			label: "writing stubbornly",
			words: () => ({ title: "Write stubbornly", active: "Writing stubbornly" }),
			access: (args) => ({ reads: [], writes: [args.path], scans: false }),
			async run(args, ctx) {
				ctx.progress("working", 0.1);
				await gate;
				const attempts: string[] = [];
				const attempt = async (name: string, act: () => unknown): Promise<void> => {
					try {
						await act();
						attempts.push(`${name}: done`);
					} catch (error) {
						attempts.push(`${name}: ${error instanceof Error ? error.name : String(error)}`);
					}
				};
				await attempt("progress", () => ctx.progress("late", 0.9));
				await attempt("emit", () => ctx.emit({ type: "item_pinned", item: { path: args.path } }));
				await attempt("commit", () => ctx.commit(() => ctx.vault.process(args.path, () => "overwritten")));
				report(attempts);
				return toolResult.success("Wrote it anyway.");
			},
		};
		const h = await harness({
			notes: { "A.md": "alpha" },
			tools: [stubbornTool],
			script: scripted(
				reply.toolCalls([{ name: "stubbornWrite", args: { path: "A.md" }, id: "late" }]),
				reply.text("never"),
			),
		});
		const threadId = await h.newThread();
		await h.service.sendMessage({ threadId, content: "Work" });
		await waitFor(h, threadId, (e) => e.type === "tool_call_progress");
		await h.service.stop({ threadId });
		await h.service.idle(threadId);
		release();
		expect(await attempted).toEqual(["progress: ThreadClosedError", "emit: ThreadClosedError", "commit: CallStopped"]);

		const events = await h.events(threadId);
		const completed = events.findIndex((e) => e.type === "tool_call_completed" && e.callId === "late");
		expect(events[completed]).toMatchObject({ result: { status: "error", message: "Stopped by the user" } });
		expect(events.slice(completed + 1).filter((e) => "callId" in e && e.callId === "late")).toEqual([]);
		expect(ofType(events, "item_pinned")).toEqual([]);
		expect(await h.vault.read("A.md")).toBe("alpha");
		expect(h.server.requests).toHaveLength(1);
	});

	it("drops what a tool does after its call was answered, while the turn goes on", async () => {
		let late = (): void => undefined;
		const lateWork = new Promise<void>((resolve) => (late = resolve));
		let report = (_attempts: string[]): void => undefined;
		const attempted = new Promise<string[]>((resolve) => (report = resolve));
		// Answers at once, but leaves work behind that tries to record and write once it wakes.
		const leakyTool: Tool<{ path: string }> = {
			name: "leakyWrite",
			description: "Answer, then keep working.",
			schema: z.object({ path: z.string() }),
			defaultPreference: "always",
			label: "writing leakily",
			words: () => ({ title: "Write leakily", active: "Writing leakily" }),
			access: (args) => ({ reads: [], writes: [args.path], scans: false }),
			run(args, ctx) {
				void lateWork.then(async () => {
					const attempts: string[] = [];
					for (const [name, act] of [
						["progress", () => ctx.progress("late", 0.9)],
						["emit", () => ctx.emit({ type: "item_pinned", item: { path: args.path } })],
						["commit", () => ctx.commit(() => ctx.vault.process(args.path, () => "overwritten"))],
					] as const) {
						try {
							await act();
							attempts.push(`${name}: done`);
						} catch (error) {
							attempts.push(`${name}: ${error instanceof Error ? error.name : String(error)}`);
						}
					}
					report(attempts);
				});
				return Promise.resolve(toolResult.success("Answered."));
			},
		};
		const next = held(reply.text("Done."));
		const h = await harness({
			notes: { "A.md": "alpha" },
			tools: [leakyTool],
			script: scripted(reply.toolCalls([{ name: "leakyWrite", args: { path: "A.md" }, id: "leaky" }]), next.step),
		});
		const threadId = await h.newThread();
		await h.service.sendMessage({ threadId, content: "Work" });
		// The drive is still running (the next model call waits): only the call's own scope has closed.
		await next.reached;
		late();
		expect(await attempted).toEqual(["progress: ThreadClosedError", "emit: ThreadClosedError", "commit: CallStopped"]);
		next.release();
		await h.service.idle(threadId);

		const events = await h.events(threadId);
		const completed = events.findIndex((e) => e.type === "tool_call_completed" && e.callId === "leaky");
		expect(events.slice(completed + 1).filter((e) => "callId" in e && e.callId === "leaky")).toEqual([]);
		expect(ofType(events, "item_pinned")).toEqual([]);
		expect(await h.vault.read("A.md")).toBe("alpha");
		expect((await h.state(threadId)).status).toBe("idle");
	});

	it("stops while waiting to retry after a 429, without another request", async () => {
		const h = await harness({
			realSleep: true,
			script: scripted(reply.httpError(429, { retryAfterSeconds: 30 }), reply.text("never")),
		});
		const threadId = await h.newThread();
		await h.service.sendMessage({ threadId, content: "Hi" });
		await waitFor(h, threadId, (e) => e.type === "status" && (e.detail ?? "").includes("Retrying in 30 s"));
		await h.service.stop({ threadId });
		await h.service.idle(threadId);
		expect((await h.state(threadId)).status).toBe("idle");
		expect(h.server.requests).toHaveLength(1);
		expect(ofType(await h.events(threadId), "error")).toHaveLength(0);
	});
});
