import { describe, expect, it } from "vitest";
import { reply, scripted, toolResults } from "../../src/sandbox/model-server";
import { harness, ofType } from "./support/harness";

describe("AgentRunner: a turn", () => {
	it("streams a plain answer as tokens and returns to idle", async () => {
		const h = await harness({ script: scripted(reply.text("Hello there, how can I help?")) });
		const threadId = await h.newThread();
		await h.send(threadId, "Hi");
		const events = await h.events(threadId);
		const text = ofType(events, "assistant_token")
			.map((e) => e.text)
			.join("");
		expect(text).toBe("Hello there, how can I help?");
		expect(ofType(events, "assistant_message_completed")[0]?.finishReason).toBe("stop");
		const state = await h.state(threadId);
		expect(state.status).toBe("idle");
		expect(h.server.requests).toHaveLength(1);
		const body = h.server.requests[0].body;
		expect(body.messages[0].role).toBe("system");
		expect(String(body.messages[0].content)).toContain("Test vault");
		expect(body.tools?.map((t) => t.function.name)).toEqual(["readNote", "searchNotes", "listNotes", "appendLine"]);
	});

	it("runs an always-approved read and answers with one more model call", async () => {
		const h = await harness({
			notes: { "Daily.md": "# Today\nBuy milk" },
			script: scripted(
				reply.toolCalls([{ name: "readNote", args: { path: "Daily.md" }, id: "call_r" }]),
				reply.text("You need milk."),
			),
		});
		const threadId = await h.newThread();
		await h.send(threadId, "What do I need?");
		const state = await h.state(threadId);
		expect(state.toolCalls.call_r?.phase).toBe("completed");
		expect(state.toolCalls.call_r?.decidedBy).toBe("policy");
		expect(state.status).toBe("idle");
		expect(h.server.requests).toHaveLength(2);
		const results = toolResults(h.server.requests[1]);
		expect(results).toHaveLength(1);
		expect(results[0].content).toContain("Buy milk");
	});
});
