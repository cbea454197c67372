/**
 * Text tool calls of a thinking model whose reasoning has only its closing tag (DeepSeek-R1
 * distills on vLLM or Ollama): until a bare </think> can no longer come, the answer so far may be
 * reasoning, so a call read in it is not announced (events are never taken back). Before, a
 * declareEditIntent drafted while reasoning was announced: edit_intent_declared stayed in the log
 * and in state.edits, although the call was retracted as reasoning and never proposed.
 * The real ChatOpenAI against the scripted server, which writes "think-closed" reasoning.
 */
import { describe, expect, it } from "vitest";
import { createNoteHistory } from "../../src/history/note-history";
import { reply, scripted } from "../../src/sandbox/model-server";
import { createDeclareEditIntentTool } from "../../src/tools/declare-edit-intent";
import { readNoteTool } from "../../src/tools/read-note";
import { harness, ofType } from "./support/harness";
import type { HarnessOptions } from "./support/harness";

const intent = (path: string, description: string) =>
	`<tool_call>\n{"name": "declareEditIntent", "arguments": {"path": "${path}", "operation": "modify", "description": "${description}"}}\n</tool_call>`;

const tools: HarnessOptions["tools"] = ({ vault, store, models }) => [
	readNoteTool,
	createDeclareEditIntentTool({ history: createNoteHistory({ vault, store }), models }),
];
const notes = { "Todo.md": "# Todo\n- milk\n", "Plan.md": "# Plan\n" };

describe("text tool calls of a model that reasons with only a closing tag", () => {
	it("never announces an intent drafted while reasoning", async () => {
		const thought = `Maybe I should tidy the plan:\n${intent("Plan.md", "remove every line")}\nNo: the user asked for nothing.`;
		const h = await harness({
			textTools: true,
			notes,
			tools,
			script: scripted(reply.thinking(thought, "Nothing to change.", "think-closed")),
		});
		const threadId = await h.newThread();
		await h.send(threadId, "Hello");
		const events = await h.events(threadId);
		expect(ofType(events, "edit_intent_declared")).toEqual([]);
		expect(ofType(events, "tool_call_proposed")).toEqual([]);
		expect((await h.state(threadId)).edits).toEqual({});
	});

	it("announces the intent written after the </think> while it streams, and only that one", async () => {
		const thought = `Maybe the plan:\n${intent("Plan.md", "remove every line")}\nNo, the todo list.`;
		const h = await harness({
			textTools: true,
			notes,
			tools,
			script: scripted(
				reply.thinking(thought, `I'll tick off the milk.\n${intent("Todo.md", "tick off the milk")}`, "think-closed"),
			),
		});
		const threadId = await h.newThread();
		await h.send(threadId, "Tick off the milk");
		const events = await h.events(threadId);
		const declared = ofType(events, "edit_intent_declared");
		expect(declared.map((e) => [e.path, e.description])).toEqual([["Todo.md", "tick off the milk"]]);
		const proposed = ofType(events, "tool_call_proposed");
		expect(proposed.map((e) => e.callId)).toEqual([declared[0]?.callId]);
		// Once the </think> came, nothing later can be taken back: announced before the reply completed.
		const completed = ofType(events, "assistant_message_completed")[0];
		expect(declared[0].seq).toBeLessThan(completed.seq);
		expect(Object.values((await h.state(threadId)).edits).map((edit) => edit.path)).toEqual(["Todo.md"]);
	});

	it("announces the intent of a model that does not reason once its reply has ended, before its proposal", async () => {
		const h = await harness({
			textTools: true,
			notes,
			tools,
			script: scripted(reply.text(`I'll tick off the milk.\n${intent("Todo.md", "tick off the milk")}`)),
		});
		const threadId = await h.newThread();
		await h.send(threadId, "Tick off the milk");
		const events = await h.events(threadId);
		const [declared] = ofType(events, "edit_intent_declared");
		const [completed] = ofType(events, "assistant_message_completed");
		const [proposed] = ofType(events, "tool_call_proposed");
		expect(declared).toMatchObject({ path: "Todo.md", callId: proposed?.callId });
		expect(completed.seq).toBeLessThan(declared.seq);
		expect(declared.seq).toBeLessThan(proposed.seq);
	});
});
