/**
 * The model is told about reverts (issue 26): after the user reverts an edit, the next request
 * still shows the edit's "Edited Todo.md…" result, so the transcript carries the revert as a fact,
 * and a compaction keeps it (the summariser is told; the fact stays outside the summary). Before,
 * nothing in any request mentioned the revert: the first three tests failed.
 */
import { describe, expect, it, onTestFinished } from "vitest";
import type { BaseMessage } from "@langchain/core/messages";
import { planCompaction, writeSummary } from "../../src/agent/compaction";
import { buildTranscript, readModelThread } from "../../src/agent/transcript";
import { createChatModel } from "../../src/llm/chat-model";
import { messageText, reply, startModelServer } from "../../src/sandbox/model-server";
import type { NewEvent, StoredEvent } from "../../src/log/events";

function log(events: NewEvent[]): StoredEvent[] {
	return events.map((e, i) => ({ ...e, seq: i + 1, threadId: "t", at: "2025-01-01T00:00:00Z" }));
}

/** A turn whose edit of Todo.md (remove all headings) was applied. */
function editTurn(n: number): NewEvent[] {
	return [
		{ type: "user_message", messageId: `u${n}`, content: `Remove the headings of Todo.md (${n})`, pinned: [] },
		{ type: "assistant_message_started", messageId: `a${n}` },
		{ type: "assistant_message_completed", messageId: `a${n}`, finishReason: "tool_calls" },
		{
			type: "tool_call_proposed",
			callId: `c${n}`,
			tool: "declareEditIntent",
			args: { path: "Todo.md", operation: "modify", description: "remove all headings" },
			messageId: `a${n}`,
		},
		{
			type: "edit_intent_declared",
			editId: `e${n}`,
			callId: `c${n}`,
			path: "Todo.md",
			operation: "modify",
			description: "remove all headings",
		},
		{ type: "edit_applied", editId: `e${n}`, path: "Todo.md", versionId: `v${n}`, added: 0, removed: 3 },
		{
			type: "tool_call_completed",
			callId: `c${n}`,
			result: {
				status: "success",
				message: `Edited Todo.md: removed 3 headings.\n${"text ".repeat(300)}`,
				path: "Todo.md",
			},
		},
		{ type: "assistant_message_started", messageId: `b${n}` },
		{ type: "assistant_token", messageId: `b${n}`, text: "Done: the headings are gone." },
		{ type: "assistant_message_completed", messageId: `b${n}`, finishReason: "stop" },
	];
}

const reverted = (n: number, restored = false): NewEvent => ({
	type: "edit_reverted",
	editId: `e${n}`,
	path: "Todo.md",
	versionId: `r${n}${restored ? "b" : ""}`,
	added: 3,
	removed: 0,
	undid: `v${n}`,
	...(restored ? { restored: true } : {}),
});

/** The system message's text (it is always a string here). */
const systemOf = (messages: BaseMessage[]): string =>
	typeof messages[0].content === "string" ? messages[0].content : "";

const REVERTED = "The user reverted your edit of Todo.md (remove all headings); the note reads as before.";

describe("the transcript's facts about reverts", () => {
	it("tells the next request that the user reverted the edit, though its result still says Edited", () => {
		const events = log([
			...editTurn(1),
			reverted(1),
			{ type: "user_message", messageId: "u9", content: "Now add a title", pinned: [] },
		]);
		const messages = buildTranscript("SYS", events);
		expect(messages[0].content).toContain(`\n- ${REVERTED}`);
		expect(messages.some((m) => typeof m.content === "string" && m.content.startsWith("Edited Todo.md"))).toBe(true);
	});

	it("tells a restore after the revert, in order, and names the note where it is now", () => {
		const moved: NewEvent = { ...reverted(1, true), path: "Lists/Todo.md" } as NewEvent;
		const content = systemOf(buildTranscript("SYS", log([...editTurn(1), reverted(1), moved])));
		const revertAt = content.indexOf(REVERTED);
		const restoreAt = content.indexOf(
			"The user restored your edit of Lists/Todo.md (remove all headings) by undoing its revert; that change is in the note again.",
		);
		expect(revertAt).toBeGreaterThan(0);
		expect(restoreAt).toBeGreaterThan(revertAt);
	});

	it("keeps the fact once the edit's turn is compacted away", () => {
		const events = log([
			...editTurn(1),
			reverted(1),
			...editTurn(2),
			{
				type: "context_compacted",
				fromSeq: 1,
				toSeq: 11,
				summary: "- The user asked to remove the headings of Todo.md; done.",
			},
			{ type: "user_message", messageId: "u9", content: "Now add a title", pinned: [] },
		]);
		const messages = buildTranscript("SYS", events);
		expect(messages.some((m) => m.content === "Remove the headings of Todo.md (1)")).toBe(false);
		expect(systemOf(messages)).toContain(REVERTED);
	});

	it("says nothing when no edit was reverted", () => {
		expect(systemOf(buildTranscript("SYS", log(editTurn(1))))).toBe("SYS");
	});
});

describe("a compaction's summary", () => {
	it("is written knowing which edits the user reverted", async () => {
		const seen: string[] = [];
		const server = await startModelServer({
			script: (request) => {
				seen.push(messageText(request.body.messages[1]));
				return reply.text("- Headings of Todo.md: removed, then reverted by the user.");
			},
		});
		onTestFinished(() => server.close());
		const model = createChatModel({ baseUrl: server.baseURL, model: "apply" }, undefined);
		const ask = async (messages: BaseMessage[]) => {
			let text = "";
			for await (const chunk of await model.stream(messages))
				text += typeof chunk.content === "string" ? chunk.content : "";
			return text;
		};
		const plan = planCompaction(readModelThread(log([...editTurn(1), reverted(1), ...editTurn(2), ...editTurn(3)])), 0);
		if (!plan) throw new Error("no plan");
		await writeSummary(plan, ask, { chunkTokens: 20_000, summaryTokens: 400 });
		expect(seen.join("\n")).toContain(`Later in the chat: ${REVERTED}`);
	});
});
