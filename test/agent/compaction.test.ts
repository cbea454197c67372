import { describe, expect, it, onTestFinished } from "vitest";
import type { BaseMessage } from "@langchain/core/messages";
import { compactionEvent, planCompaction, SummaryRefused, writeSummary } from "../../src/agent/compaction";
import { readModelThread } from "../../src/agent/transcript";
import { createChatModel } from "../../src/llm/chat-model";
import { messageText, reply, startModelServer } from "../../src/sandbox/model-server";
import type { ModelScript } from "../../src/sandbox/model-server";
import type { NewEvent, StoredEvent } from "../../src/log/events";

function log(events: NewEvent[]): StoredEvent[] {
	return events.map((e, i) => ({ ...e, seq: i + 1, threadId: "t", at: "2025-01-01T00:00:00Z" }));
}

function turn(n: number, options: { run?: boolean } = {}): NewEvent[] {
	const events: NewEvent[] = [
		{ type: "user_message", messageId: `u${n}`, content: `Read note ${n}`, pinned: [] },
		{ type: "assistant_message_started", messageId: `a${n}` },
		{ type: "assistant_message_completed", messageId: `a${n}`, finishReason: "tool_calls" },
		{
			type: "tool_call_proposed",
			callId: `c${n}`,
			tool: "readNote",
			args: { path: `Note ${n}.md` },
			messageId: `a${n}`,
		},
	];
	if (options.run !== false) {
		events.push(
			{
				type: "tool_call_completed",
				callId: `c${n}`,
				result: { status: "success", message: `Note ${n}.md:\n${"text ".repeat(400)}` },
			},
			{ type: "assistant_message_started", messageId: `b${n}` },
			{ type: "assistant_token", messageId: `b${n}`, text: `Note ${n} is about item ${n}.` },
			{ type: "assistant_message_completed", messageId: `b${n}`, finishReason: "stop" },
		);
	}
	return events;
}

const threadOf = (...turns: NewEvent[][]): StoredEvent[] => log(turns.flat());

/** The real ChatOpenAI against a scripted server, as the apply model is asked in the app. */
async function applyModel(
	script: ModelScript,
): Promise<{ ask: (messages: BaseMessage[]) => Promise<string>; requests: () => number }> {
	const server = await startModelServer({ script });
	onTestFinished(() => server.close());
	const model = createChatModel({ baseUrl: server.baseURL, model: "apply" }, undefined);
	return {
		requests: () => server.requests.length,
		ask: async (messages) => {
			let text = "";
			for await (const chunk of await model.stream(messages))
				text += typeof chunk.content === "string" ? chunk.content : "";
			return text;
		},
	};
}

describe("planning a compaction", () => {
	it("summarises all but the current turn and the recent turns that fit the share kept", () => {
		const events = threadOf(turn(1), turn(2), turn(3), turn(4), turn(5, { run: false }));
		const model = readModelThread(events);
		const none = planCompaction(model, 0);
		expect(none?.entries.filter((e) => e.kind === "user")).toHaveLength(4);
		expect(none?.fromSeq).toBe(1);
		const fifth = events.find((e) => e.type === "user_message" && e.messageId === "u5");
		expect(none?.toSeq).toBe((fifth?.seq ?? 0) - 1);

		const keepTwo = planCompaction(model, 2 * 90);
		expect(keepTwo?.entries.filter((e) => e.kind === "user").map((e) => (e.kind === "user" ? e.content : ""))).toEqual([
			"Read note 1",
			"Read note 2",
		]);
	});

	it("has nothing to do for a single turn, or when everything fits the share kept", () => {
		expect(planCompaction(readModelThread(threadOf(turn(1))), 0)).toBeNull();
		expect(planCompaction(readModelThread(threadOf(turn(1), turn(2))), 10_000)).toBeNull();
	});

	it("never cuts into a turn whose calls have not all run", () => {
		const model = readModelThread(threadOf(turn(1), turn(2), turn(3, { run: false }), turn(4), turn(5)));
		const plan = planCompaction(model, 0);
		expect(plan?.entries.filter((e) => e.kind === "user")).toHaveLength(2);
	});

	it("folds the summary in effect into the next one and covers the thread from its start", () => {
		const withSummary = log([
			...turn(1),
			...turn(2),
			...turn(3),
			{ type: "context_compacted", fromSeq: 1, toSeq: 16, summary: "- Notes 1 and 2 were read." },
			...turn(4),
			...turn(5),
		]);
		const plan = planCompaction(readModelThread(withSummary), 0);
		expect(plan?.previous).toEqual(["- Notes 1 and 2 were read."]);
		expect(plan?.fromSeq).toBe(1);
		expect(plan?.entries[0]).toMatchObject({ kind: "user", content: "Read note 3" });
	});
});

describe("writing the summary with the apply model", () => {
	const plan = () => {
		const p = planCompaction(readModelThread(threadOf(turn(1), turn(2), turn(3), turn(4))), 0);
		if (!p) throw new Error("no plan");
		return p;
	};

	it("asks once when the turns fit the apply model, and returns its summary", async () => {
		const model = await applyModel(() => reply.text("- The user read notes 1 to 3."));
		const summary = await writeSummary(plan(), model.ask, { chunkTokens: 20_000, summaryTokens: 400 });
		expect(summary).toBe("- The user read notes 1 to 3.");
		expect(model.requests()).toBe(1);
		expect(compactionEvent(plan(), summary, 1)).toMatchObject({
			type: "context_compacted",
			fromSeq: 1,
			summary,
			tokensSaved: expect.any(Number) as number,
		});
	});

	it("folds the turns in chunks when the apply model's window is small, each time with the summary so far", async () => {
		const seen: string[] = [];
		const model = await applyModel((request) => {
			const text = messageText(request.body.messages[1]);
			seen.push(text);
			return reply.text(`- summary ${seen.length}`);
		});
		const summary = await writeSummary(plan(), model.ask, { chunkTokens: 400, summaryTokens: 100 });
		expect(model.requests()).toBeGreaterThan(1);
		expect(summary).toBe(`- summary ${seen.length}`);
		expect(seen[1]).toContain("Summary so far:\n- summary 1");
		// Long results are cut for the summariser: the gist is enough.
		expect(seen.every((text) => !text.includes("text ".repeat(300)))).toBe(true);
	});

	it("refuses a summary no shorter than what it would replace", async () => {
		const model = await applyModel(() => reply.text("word ".repeat(600)));
		await expect(writeSummary(plan(), model.ask, { chunkTokens: 20_000, summaryTokens: 800 })).rejects.toBeInstanceOf(
			SummaryRefused,
		);
	});

	it("refuses one far longer than asked", async () => {
		const model = await applyModel(() => reply.text("word ".repeat(500)));
		await expect(writeSummary(plan(), model.ask, { chunkTokens: 20_000, summaryTokens: 100 })).rejects.toThrow(
			/far longer than asked/u,
		);
	});
});
