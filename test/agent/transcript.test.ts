import { describe, expect, it } from "vitest";
import { AIMessage, HumanMessage, SystemMessage, ToolMessage } from "@langchain/core/messages";
import { buildTranscript } from "../../src/agent/transcript";
import { buildSystemPrompt } from "../../src/agent/system-prompt";
import type { NewEvent, ThreadEvent } from "../../src/log/events";

function log(...events: NewEvent[]): ThreadEvent[] {
	return events.map((e, i) => ({ ...e, seq: i + 1, threadId: "t", at: "2025-01-01T00:00:00Z" }));
}

describe("buildTranscript", () => {
	it("rebuilds user, assistant (with tool calls) and tool messages, results right after their calls", () => {
		const messages = buildTranscript(
			"SYS",
			log(
				{ type: "user_message", messageId: "u1", content: "Fix it", pinned: [{ path: "A.md" }] },
				{ type: "assistant_message_started", messageId: "m1" },
				{ type: "assistant_token", messageId: "m1", text: "Let me " },
				{ type: "assistant_token", messageId: "m1", text: "look." },
				{ type: "assistant_message_completed", messageId: "m1", finishReason: "tool_calls" },
				{ type: "tool_call_proposed", callId: "c1", tool: "readNote", args: { path: "A.md" }, messageId: "m1" },
				{ type: "tool_call_proposed", callId: "c2", tool: "readNote", args: "{bad", messageId: "m1" },
				{ type: "tool_call_completed", callId: "c2", result: { status: "error", message: "not valid JSON" } },
				{ type: "tool_call_decided", callId: "c1", decision: "denied", by: "user", comment: "no" },
				{ type: "user_message", messageId: "u2", content: "Stop that", pinned: [] },
				{
					type: "tool_call_completed",
					callId: "c1",
					result: { status: "rejected", message: "The user denied this call: no" },
				},
			),
		);
		expect(messages.map((m) => m.constructor)).toEqual([
			SystemMessage,
			HumanMessage,
			AIMessage,
			ToolMessage,
			ToolMessage,
			HumanMessage,
		]);
		expect(messages[1].content).toBe('Fix it\n\n[Pinned notes: "A.md"]');
		const ai = messages[2] as AIMessage;
		expect(ai.content).toBe("Let me look.");
		expect(ai.tool_calls?.map((c) => [c.id, c.name, c.args])).toEqual([
			["c1", "readNote", { path: "A.md" }],
			["c2", "readNote", {}],
		]);
		expect((messages[3] as ToolMessage).tool_call_id).toBe("c1");
		expect(messages[3].content).toBe("The user denied this call: no");
		expect(messages[4].content).toBe("not valid JSON");
	});

	it("leaves out failed attempts and keeps an aborted partial reply", () => {
		const messages = buildTranscript(
			"SYS",
			log(
				{ type: "user_message", messageId: "u1", content: "Hi", pinned: [] },
				{ type: "assistant_message_started", messageId: "m1" },
				{ type: "assistant_token", messageId: "m1", text: "Cut" },
				{ type: "assistant_message_completed", messageId: "m1", finishReason: "dropped" },
				{ type: "assistant_message_started", messageId: "m2" },
				{ type: "assistant_token", messageId: "m2", text: "Partial" },
				{ type: "assistant_message_completed", messageId: "m2", finishReason: "aborted" },
			),
		);
		expect(messages.map((m) => m.content)).toEqual(["SYS", "Hi", "Partial"]);
	});
});

describe("buildSystemPrompt", () => {
	it("names the vault, the tools, the intent-first rule and the pinned notes", () => {
		const prompt = buildSystemPrompt({
			vaultName: "Work",
			tools: ["readNote", "declareEditIntent"],
			pinned: [{ path: "Plan.md" }],
		});
		expect(prompt).toContain('"Work"');
		expect(prompt).toContain("readNote, declareEditIntent");
		expect(prompt).toContain("Every edit starts with declareEditIntent");
		expect(prompt).toContain('"Plan.md"');
		expect(prompt.length).toBeLessThan(1500);
	});

	it("says properties go through setProperties and deletes only when asked, when those tools are bound", () => {
		const without = buildSystemPrompt({ vaultName: "Work", tools: ["readNote"], pinned: [] });
		expect(without).not.toContain("setProperties");
		const prompt = buildSystemPrompt({
			vaultName: "Work",
			tools: ["readNote", "declareEditIntent", "setProperties", "deleteNote", "askUser"],
			pinned: [],
		});
		expect(prompt).toMatch(/properties[^\n]*setProperties/);
		expect(prompt).toMatch(/only when the user asks: deleteNote moves it to the trash/);
		expect(prompt.length).toBeLessThan(1500);
	});

	it("tells the model to declare the same change to several notes in one step, as a change set", () => {
		const prompt = buildSystemPrompt({ vaultName: "Work", tools: ["declareEditIntent"], pinned: [] });
		expect(prompt).toMatch(/several notes, declare all their intents in one step/);
		expect(buildSystemPrompt({ vaultName: "Work", tools: ["readNote"], pinned: [] })).not.toMatch(/several notes/);
	});

	it("points the model to findNotes for metadata when it has the tool, and only then", () => {
		const prompt = (tools: string[]): string => buildSystemPrompt({ vaultName: "Work", tools, pinned: [] });
		expect(prompt(["readNote", "findNotes"])).toContain("use findNotes");
		expect(prompt(["readNote"])).not.toContain("findNotes");
	});

	it("sends moves and renames to moveNote when it is bound", () => {
		expect(buildSystemPrompt({ vaultName: "Work", tools: ["readNote"], pinned: [] })).not.toContain("moveNote");
		const prompt = buildSystemPrompt({
			vaultName: "Work",
			tools: ["readNote", "declareEditIntent", "setProperties", "deleteNote", "moveNote", "askUser"],
			pinned: [],
		});
		expect(prompt).toMatch(/move or rename a note, call moveNote[^\n]*links to it follow/);
		expect(prompt.length).toBeLessThan(1500);
	});
});

describe("buildTranscript with compactions", () => {
	const turns = (): NewEvent[] => [
		{ type: "user_message", messageId: "u1", content: "First", pinned: [] },
		{ type: "assistant_message_started", messageId: "m1" },
		{ type: "assistant_token", messageId: "m1", text: "One." },
		{ type: "assistant_message_completed", messageId: "m1", finishReason: "stop" },
		{ type: "user_message", messageId: "u2", content: "Second", pinned: [] },
		{ type: "assistant_message_started", messageId: "m2" },
		{ type: "assistant_token", messageId: "m2", text: "Two." },
		{ type: "assistant_message_completed", messageId: "m2", finishReason: "stop" },
		{ type: "user_message", messageId: "u3", content: "Third", pinned: [] },
	];

	it("sends the summary in place of the messages its range covers, in the one system message", () => {
		const messages = buildTranscript(
			"SYS",
			log(...turns(), {
				type: "context_compacted",
				fromSeq: 1,
				toSeq: 4,
				summary: "- The user said first; I said one.",
			}),
		);
		expect(messages.map((m) => m.content)).toEqual([
			"SYS\n\nSummary of the earlier part of this chat (those messages are no longer shown to you):\n- The user said first; I said one.",
			"Second",
			"Two.",
			"Third",
		]);
	});

	it("lets a later compaction that overlaps an earlier one replace it", () => {
		const messages = buildTranscript(
			"SYS",
			log(
				...turns(),
				{ type: "context_compacted", fromSeq: 1, toSeq: 4, summary: "old" },
				{ type: "context_compacted", fromSeq: 1, toSeq: 8, summary: "new" },
			),
		);
		expect(messages.map((m) => m.content)).toEqual([
			"SYS\n\nSummary of the earlier part of this chat (those messages are no longer shown to you):\nnew",
			"Third",
		]);
	});

	it("ignores a malformed range, and one that would hide the newest user message", () => {
		const plain = buildTranscript("SYS", log(...turns())).map((m) => m.content);
		for (const range of [
			{ fromSeq: 4, toSeq: 1 },
			{ fromSeq: 0, toSeq: 3 },
			{ fromSeq: 1, toSeq: 50 },
			{ fromSeq: 1.5, toSeq: 3 },
		]) {
			expect(
				buildTranscript("SYS", log(...turns(), { type: "context_compacted", ...range, summary: "s" })).map(
					(m) => m.content,
				),
			).toEqual(plain);
		}
		// toSeq 9 covers "Third", the newest user message (seq 9): never compacted.
		expect(
			buildTranscript("SYS", log(...turns(), { type: "context_compacted", fromSeq: 1, toSeq: 9, summary: "s" })).map(
				(m) => m.content,
			),
		).toEqual(plain);
	});

	it("builds an old log without compactions exactly as before", () => {
		const messages = buildTranscript("SYS", log(...turns()));
		expect(messages.map((m) => [m.type, m.content])).toEqual([
			["system", "SYS"],
			["human", "First"],
			["ai", "One."],
			["human", "Second"],
			["ai", "Two."],
			["human", "Third"],
		]);
	});
});
