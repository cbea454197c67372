/**
 * Loops that stop (issue 33), through the real LangChain client and the scripted server: a model
 * that reads the same note forever is stopped at its third identical call with a structured
 * result; a model that sends the same failing call twice is told to change approach; and a turn
 * that runs N model steps without the user pauses with a Continue instead of ending, and goes on
 * where it stopped when the user continues, also after a restart.
 */
import { describe, expect, it } from "vitest";
import { reply, scripted, toolResults } from "../../src/sandbox/model-server";
import type { ScriptStep } from "../../src/sandbox/model-server";
import { harness, ofType } from "./support/harness";

const readForever: ScriptStep = () => reply.toolCalls([{ name: "readNote", args: { path: "Plan.md" } }]);

describe("AgentRunner: loops that stop", () => {
	it("does not run readNote on the same path a third time in a turn: the model gets a structured result saying so", async () => {
		const h = await harness({
			notes: { "Plan.md": "# Plan\n" },
			script: scripted(readForever, readForever, readForever, (request) => {
				const last = toolResults(request).at(-1);
				return reply.text(last?.content.includes("third time") ? "I will stop reading it." : "Missed it.");
			}),
		});
		const threadId = await h.newThread();
		await h.send(threadId, "Read Plan.md");
		const completed = ofType(await h.events(threadId), "tool_call_completed");
		expect(completed.map((e) => e.result.status)).toEqual(["success", "success", "rejected"]);
		expect(completed[2]?.result.data).toMatchObject({ reason: "repeated", tool: "readNote", times: 3 });
		// Not run: never started, and its card never asked anyone.
		const third = completed[2]?.callId ?? "";
		expect(ofType(await h.events(threadId), "tool_call_started").some((e) => e.callId === third)).toBe(false);
		const state = await h.state(threadId);
		expect(state.status).toBe("idle");
		expect(state.messages.at(-1)).toMatchObject({ kind: "assistant", text: "I will stop reading it." });
	});

	it("counts arguments the same after normalisation: a leading ./ makes no new call", async () => {
		const h = await harness({
			notes: { "Plan.md": "# Plan\n" },
			script: scripted(
				reply.toolCalls([{ name: "readNote", args: { path: "Plan.md" } }]),
				reply.toolCalls([{ name: "readNote", args: { path: "./Plan.md" } }]),
				reply.toolCalls([{ name: "readNote", args: { path: "./Plan.md" } }]),
				reply.text("Done."),
			),
		});
		const threadId = await h.newThread();
		await h.send(threadId, "Read Plan.md");
		const completed = ofType(await h.events(threadId), "tool_call_completed");
		expect(completed.at(-1)?.result.data?.reason).toBe("repeated");
	});

	it("counts per turn: the same read in the next turn runs again", async () => {
		const h = await harness({
			notes: { "Plan.md": "# Plan\n" },
			script: scripted(readForever, readForever, reply.text("Read."), readForever, reply.text("Read again.")),
		});
		const threadId = await h.newThread();
		await h.send(threadId, "Read Plan.md twice");
		await h.send(threadId, "Once more");
		const completed = ofType(await h.events(threadId), "tool_call_completed");
		expect(completed.map((e) => e.result.status)).toEqual(["success", "success", "success"]);
	});

	it("tells the model to change approach when the same call fails a second time, once", async () => {
		const readMissing: ScriptStep = () => reply.toolCalls([{ name: "readNote", args: { path: "Missing.md" } }]);
		const h = await harness({
			notes: { "Plan.md": "# Plan\n" },
			script: scripted(readMissing, readMissing, reply.text("It does not exist.")),
		});
		const threadId = await h.newThread();
		await h.send(threadId, "Read Missing.md");
		const [first, second] = ofType(await h.events(threadId), "tool_call_completed");
		expect(first?.result.status).toBe("error");
		expect(first?.result.message).not.toContain("change approach");
		expect(second?.result.status).toBe("error");
		expect(second?.result.message).toContain("change approach");
		expect(second?.result.data?.reason).toBe("repeated_failure");
		// What the model read next is that result.
		const lastRequest = h.server.requests.at(-1);
		expect(toolResults(lastRequest!).at(-1)?.content).toContain("change approach");
	});

	it("pauses after N model steps without the user (turn_paused step_limit) and goes on where it stopped on Continue, after a restart too", async () => {
		const h = await harness({
			notes: { "A.md": "a", "B.md": "b", "C.md": "c", "D.md": "d" },
			settings: { stepCap: 3 },
			script: scripted(
				reply.toolCalls([{ name: "readNote", args: { path: "A.md" } }]),
				reply.toolCalls([{ name: "readNote", args: { path: "B.md" } }]),
				reply.toolCalls([{ name: "readNote", args: { path: "C.md" } }]),
				reply.toolCalls([{ name: "readNote", args: { path: "D.md" } }]),
				reply.text("Read all four."),
			),
		});
		const threadId = await h.newThread();
		await h.send(threadId, "Read every note");
		let state = await h.state(threadId);
		expect(state.status).toBe("paused");
		expect(state.pause).toMatchObject({ reason: "step_limit", steps: 3 });
		expect(h.server.requests).toHaveLength(3);
		expect(ofType(await h.events(threadId), "turn_paused")).toHaveLength(1);

		await h.restart();
		// A retry after the restart does not run past the pause, nor pause twice.
		await h.service.retry({ threadId });
		await h.service.idle(threadId);
		expect(h.server.requests).toHaveLength(3);
		expect(ofType(await h.events(threadId), "turn_paused")).toHaveLength(1);

		expect(await h.service.resume({ threadId })).toEqual({ ok: true });
		await Promise.resolve();
		await Promise.resolve();
		await h.service.idle(threadId);
		state = await h.state(threadId);
		expect(state.pause).toBeUndefined();
		expect(state.status).toBe("idle");
		expect(state.messages.at(-1)).toMatchObject({ kind: "assistant", text: "Read all four." });
		// The fourth request went on from the third result: the same turn, no new user message.
		expect(state.messages.filter((m) => m.kind === "user")).toHaveLength(1);
		expect(
			toolResults(h.server.requests[3])
				.map((r) => r.content)
				.join("\n"),
		).toContain("c");
	});

	it("answers resume on a thread that is not paused with not_pending", async () => {
		const h = await harness({ script: scripted(reply.text("Hi.")) });
		const threadId = await h.newThread();
		await h.send(threadId, "Hello");
		const answer = await h.service.resume({ threadId });
		expect(answer.ok).toBe(false);
		if (!answer.ok) expect(answer.error.code).toBe("not_pending");
	});
});
