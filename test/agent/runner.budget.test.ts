/**
 * The thread budget (issue 33), through the real LangChain client and the scripted server: with a
 * budget of 2,000 tokens (input plus output of every model call), the model reads a notice from
 * two thirds of it on, the turn pauses once it is spent (turn_paused "budget" with what was spent
 * and the budget), the pause survives a restart, and Continue (v1.thread.resume) goes on where the
 * turn stopped with one more budget; Stop ends it instead.
 */
import { describe, expect, it } from "vitest";
import { reply, scripted, toolResults } from "../../src/sandbox/model-server";
import type { RecordedRequest } from "../../src/sandbox/model-server";
import { harness, ofType } from "./support/harness";
import type { Harness } from "./support/harness";

/** Each call reports 700 in + 100 out: 800 tokens against the budget. */
const USAGE = { prompt_tokens: 700, completion_tokens: 100 };
const read = (path: string) => reply.toolCalls([{ name: "readNote", args: { path } }], undefined, { usage: USAGE });

function systemText(request: RecordedRequest | undefined): string {
	const first = request?.body.messages[0];
	return typeof first?.content === "string" ? first.content : JSON.stringify(first?.content);
}

async function settle(h: Harness, threadId: string): Promise<void> {
	await Promise.resolve();
	await Promise.resolve();
	await h.service.idle(threadId);
}

describe("AgentRunner: a thread budget", () => {
	it("pauses at 2,000 tokens, survives a restart, and Continue resumes the turn where it stopped", async () => {
		const h = await harness({
			notes: { "A.md": "alpha", "B.md": "beta", "C.md": "gamma", "D.md": "delta" },
			settings: { budget: { unit: "tokens", amount: 2000 } },
			script: scripted(read("A.md"), read("B.md"), read("C.md"), reply.text("All read.", { usage: USAGE })),
		});
		const threadId = await h.newThread();
		await h.send(threadId, "Read the notes");
		// 800, 1,600 (past two thirds: the third request carries the notice), 2,400: paused.
		expect(h.server.requests).toHaveLength(3);
		expect(systemText(h.server.requests[1])).not.toContain("Budget:");
		expect(systemText(h.server.requests[2])).toContain(
			"Budget: this chat has used 1,600 tokens of its 2,000 tokens budget",
		);
		const [paused] = ofType(await h.events(threadId), "turn_paused");
		expect(paused).toMatchObject({
			reason: "budget",
			spent: { unit: "tokens", amount: 2400 },
			budget: { unit: "tokens", amount: 2000 },
		});
		expect((await h.state(threadId)).status).toBe("paused");

		await h.restart();
		let state = await h.state(threadId);
		expect(state.pause).toMatchObject({ reason: "budget" });
		// A retry after the restart stays paused: nothing sent, nothing appended twice.
		await h.service.retry({ threadId });
		await settle(h, threadId);
		expect(h.server.requests).toHaveLength(3);
		expect(ofType(await h.events(threadId), "turn_paused")).toHaveLength(1);

		expect(await h.service.resume({ threadId })).toEqual({ ok: true });
		await settle(h, threadId);
		state = await h.state(threadId);
		expect(state.pause).toBeUndefined();
		expect(state.status).toBe("idle");
		expect(h.server.requests).toHaveLength(4);
		// Where it stopped: the fourth request answers the third read, in the same turn.
		expect(toolResults(h.server.requests[3]).at(-1)?.content).toContain("gamma");
		expect(state.messages.filter((m) => m.kind === "user")).toHaveLength(1);
		expect(state.messages.at(-1)).toMatchObject({ kind: "assistant", text: "All read." });
		// The budget grew by one more 2,000: 2,400 of 4,000 is under two thirds, so no notice.
		expect(systemText(h.server.requests[3])).not.toContain("Budget:");
		expect(state.usage.main.input + state.usage.main.output).toBe(3200);
	});

	it("Stop on a paused turn ends it; the next message pauses again while the budget stays spent", async () => {
		const h = await harness({
			notes: { "A.md": "alpha" },
			settings: { budget: { unit: "tokens", amount: 500 } },
			script: scripted(read("A.md"), reply.text("Never sent.")),
		});
		const threadId = await h.newThread();
		await h.send(threadId, "Read A");
		expect((await h.state(threadId)).pause?.reason).toBe("budget");
		await h.service.stop({ threadId });
		let state = await h.state(threadId);
		expect(state.pause).toBeUndefined();
		expect(state.status).toBe("idle");
		await h.send(threadId, "And now?");
		state = await h.state(threadId);
		expect(state.pause?.reason).toBe("budget");
		expect(h.server.requests).toHaveLength(1);
	});

	it("has no budget by default: nothing pauses", async () => {
		const h = await harness({
			notes: { "A.md": "alpha" },
			script: scripted(read("A.md"), reply.text("Done.", { usage: { prompt_tokens: 900_000, completion_tokens: 10 } })),
		});
		const threadId = await h.newThread();
		await h.send(threadId, "Read A");
		expect(ofType(await h.events(threadId), "turn_paused")).toHaveLength(0);
		expect((await h.state(threadId)).status).toBe("idle");
	});
});
