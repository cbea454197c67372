import { describe, expect, it } from "vitest";
import { createNoteHistory } from "../../src/history/note-history";
import { messageText, reply, scripted, toolResults } from "../../src/sandbox/model-server";
import { createDeclareEditIntentTool } from "../../src/tools/declare-edit-intent";
import type { ScriptStep } from "../../src/sandbox/model-server";
import { harness, ofType } from "./support/harness";
import { DEFAULT_CONFIG_DIR } from "../../src/vault/paths";

describe("AgentRunner: approvals", () => {
	it("answers a batch of three calls (auto-run, approved, denied with comment) with exactly one follow-up model call", async () => {
		const h = await harness({
			notes: { "A.md": "alpha", "B.md": "beta" },
			script: scripted(
				reply.toolCalls([
					{ name: "readNote", args: { path: "A.md" }, id: "c_read" },
					{ name: "appendLine", args: { path: "A.md", line: "one" }, id: "c_yes" },
					{ name: "appendLine", args: { path: "B.md", line: "two" }, id: "c_no" },
				]),
				reply.text("Done."),
			),
		});
		const threadId = await h.newThread();
		await h.send(threadId, "Go");
		let state = await h.state(threadId);
		expect(state.status).toBe("waiting_for_approval");
		expect(state.pendingApprovals).toEqual(["c_yes", "c_no"]);
		expect(state.toolCalls.c_read?.phase).toBe("completed");
		expect(h.server.requests).toHaveLength(1);

		await h.decide(threadId, ["c_yes"], ["c_no"], "B is private");
		state = await h.state(threadId);
		expect(state.status).toBe("idle");
		expect(h.server.requests).toHaveLength(2);
		const results = toolResults(h.server.requests[1]);
		expect(results.map((r) => r.toolCallId)).toEqual(["c_read", "c_yes", "c_no"]);
		expect(results[0].content).toContain("alpha");
		expect(results[1].content).toContain("Appended to A.md");
		expect(results[2].content).toBe("The user denied this call: B is private");
		expect(await h.vault.read("A.md")).toBe("alpha\none");
		expect(await h.vault.read("B.md")).toBe("beta");
		expect(state.toolCalls.c_no?.result?.status).toBe("rejected");
	});

	it("carries the comment typed with Run to the model, with the call's result (before, Run dropped it)", async () => {
		const h = await harness({
			notes: { "A.md": "alpha" },
			script: scripted(
				reply.toolCalls([{ name: "appendLine", args: { path: "A.md", line: "one" }, id: "c_yes" }]),
				reply.text("Done."),
			),
		});
		const threadId = await h.newThread();
		await h.send(threadId, "Go");
		await h.decide(threadId, ["c_yes"], [], "Run, and keep the dates");
		const state = await h.state(threadId);
		expect(state.toolCalls.c_yes?.comment).toBe("Run, and keep the dates");
		const [result] = toolResults(h.server.requests[1]);
		expect(result.content).toMatch(/^Appended to A\.md/);
		expect(result.content).toContain("The user approved this call with a comment: Run, and keep the dates");
		expect(await h.vault.read("A.md")).toBe("alpha\none");
	});

	it("hands the comment typed with Run on an edit intent to the apply model, with the description", async () => {
		const h = await harness({
			notes: { "Todo.md": "- b 2026-01-02\n- a 2026-01-01\n" },
			tools: ({ vault, store, models }) => [
				createDeclareEditIntentTool({ history: createNoteHistory({ vault, store }), models }),
			],
			script: scripted(
				reply.toolCalls([
					{
						name: "declareEditIntent",
						args: { path: "Todo.md", operation: "rewrite", description: "sort the list" },
						id: "c_edit",
					},
				]),
				reply.text("- a 2026-01-01\n- b 2026-01-02\n"),
				reply.text("Sorted."),
			),
		});
		const threadId = await h.newThread();
		await h.send(threadId, "Sort my todo list");
		await h.decide(threadId, ["c_edit"], [], "Run, and keep the dates");
		const apply = h.server.requests[1];
		const prompt = messageText(apply.body.messages.find((m) => m.role === "user") ?? { role: "user" });
		expect(prompt).toContain("Change: sort the list (the user approved this with a comment: Run, and keep the dates)");
		expect(await h.vault.read("Todo.md")).toBe("- a 2026-01-01\n- b 2026-01-02\n");
	});

	it("keeps `always` and `never` for the thread over 20 later calls and across a restart", async () => {
		const steps: ScriptStep[] = [];
		for (let i = 0; i < 10; i++) {
			steps.push(
				reply.toolCalls([
					{ name: "appendLine", args: { path: "A.md", line: `l${i}` }, id: `a${i}` },
					{ name: "readNote", args: { path: "A.md" }, id: `r${i}` },
				]),
				reply.text(`ok ${i}`),
			);
		}
		const h = await harness({ notes: { "A.md": "start" }, script: scripted(...steps) });
		const threadId = await h.newThread();
		await h.service.setToolPreference({ threadId, tool: "appendLine", preference: "always" });
		await h.service.setToolPreference({ threadId, tool: "readNote", preference: "never" });
		for (let i = 0; i < 10; i++) {
			if (i === 5) await h.restart();
			await h.send(threadId, `turn ${i}`);
		}
		const state = await h.state(threadId);
		expect(state.status).toBe("idle");
		const decided = ofType(await h.events(threadId), "tool_call_decided");
		expect(decided).toHaveLength(20);
		expect(decided.every((d) => d.by === "policy")).toBe(true);
		expect(decided.filter((d) => d.callId.startsWith("a")).every((d) => d.decision === "approved")).toBe(true);
		const denied = decided.filter((d) => d.callId.startsWith("r"));
		expect(
			denied.every((d) => d.decision === "denied" && d.comment === "the user disabled readNote in this chat"),
		).toBe(true);
		expect(toolResults(h.server.requests[19])[1].content).toBe(
			"The user denied this call: the user disabled readNote in this chat",
		);
		expect((await h.vault.read("A.md")).split("\n")).toHaveLength(11);
	});

	it("resumes after a restart while waiting for approval, and completes the reply", async () => {
		const h = await harness({
			notes: { "A.md": "alpha" },
			script: scripted(
				reply.toolCalls([{ name: "appendLine", args: { path: "A.md", line: "more" }, id: "c1" }]),
				reply.text("Added."),
			),
		});
		const threadId = await h.newThread();
		await h.send(threadId, "Add a line");
		expect((await h.state(threadId)).status).toBe("waiting_for_approval");
		await h.restart();
		const reopened = await h.state(threadId);
		expect(reopened.status).toBe("waiting_for_approval");
		expect(reopened.pendingApprovals).toEqual(["c1"]);
		await h.decide(threadId, ["c1"], []);
		const state = await h.state(threadId);
		expect(state.status).toBe("idle");
		expect(await h.vault.read("A.md")).toBe("alpha\nmore");
		const last = state.messages[state.messages.length - 1];
		expect(last?.kind === "assistant" && last.text).toBe("Added.");
		expect(toolResults(h.server.requests[1])[0].content).toBe("Appended to A.md.");
	});

	it(`always asks before writing under ${DEFAULT_CONFIG_DIR}, even when the tool is set to always`, async () => {
		const h = await harness({
			notes: { [`${DEFAULT_CONFIG_DIR}/app.json`]: "{}" },
			script: scripted(
				reply.toolCalls([
					{ name: "appendLine", args: { path: `${DEFAULT_CONFIG_DIR}/app.json`, line: "x" }, id: "c1" },
				]),
			),
		});
		const threadId = await h.newThread();
		await h.service.setToolPreference({ threadId, tool: "appendLine", preference: "always" });
		await h.send(threadId, "Change config");
		const state = await h.state(threadId);
		expect(state.status).toBe("waiting_for_approval");
		expect(state.pendingApprovals).toEqual(["c1"]);
	});

	it("puts the results of calls denied by a new user message before that message", async () => {
		const h = await harness({
			notes: { "A.md": "alpha" },
			script: scripted(
				reply.toolCalls([{ name: "appendLine", args: { path: "A.md", line: "x" }, id: "c1" }]),
				reply.text("Fine, I will not."),
			),
		});
		const threadId = await h.newThread();
		await h.send(threadId, "Add x");
		await h.send(threadId, "Actually, don't");
		const messages = h.server.requests[1].body.messages;
		const roles = messages.map((m) => m.role);
		expect(roles).toEqual(["system", "user", "assistant", "tool", "user"]);
		expect(String(messages[3].content)).toContain(
			"The user denied this call: The user sent a new message instead: Actually, don't",
		);
		expect((await h.state(threadId)).status).toBe("idle");
		expect(await h.vault.read("A.md")).toBe("alpha");
	});
});
