// @vitest-environment happy-dom
/**
 * What a turn costs and loops that stop, in the pane (issue 33): the quiet line under each turn,
 * the chat's total in the header, the Continue card of a paused turn, and a repeated call's words.
 */
import { cleanup, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { EventScript } from "./support/events";
import { renderThread } from "./support/render";

afterEach(cleanup);

function spentTurn(): EventScript {
	const s = new EventScript().user("m1", "Summarise Plan.md");
	s.add({ type: "assistant_message_started", messageId: "a1" });
	s.add({ type: "assistant_token", messageId: "a1", text: "Here it is." });
	s.add({
		type: "assistant_message_completed",
		messageId: "a1",
		finishReason: "stop",
		usage: { promptTokens: 3200, completionTokens: 410, cachedTokens: 1100, model: "gpt-4.1", costUsd: 0.0041 },
	});
	return s;
}

describe("usage in the pane", () => {
	it("shows a quiet line under the turn and the chat's total in the header", async () => {
		const s = spentTurn();
		s.add({ type: "status", status: "idle" });
		await renderThread(s);
		expect(screen.getByText("3.2k in (1.1k cached) · 410 out · $0.004")).toBeTruthy();
		expect(screen.getByText("3.6k tokens · $0.004")).toBeTruthy();
	});

	it("marks estimates with ≈ and shows tokens only for a model without a price", async () => {
		const s = new EventScript().user("m1", "Hi");
		s.add({ type: "assistant_message_started", messageId: "a1" });
		s.add({
			type: "assistant_message_completed",
			messageId: "a1",
			finishReason: "stop",
			usage: { promptTokens: 900, completionTokens: 12, estimated: true, model: "llama3.1:8b" },
		});
		await renderThread(s);
		expect(screen.getByText("≈900 in · ≈12 out")).toBeTruthy();
		expect(screen.queryByText(/\$/)).toBeNull();
	});

	it("shows the apply model's spending apart", async () => {
		const s = spentTurn();
		s.add({
			type: "edit_intent_declared",
			editId: "e1",
			callId: "c1",
			path: "Plan.md",
			operation: "modify",
			description: "shorten",
		});
		s.propose("a1", "c1", "declareEditIntent", { path: "Plan.md", operation: "modify", description: "shorten" });
		s.add({
			type: "edit_proposed",
			editId: "e1",
			callId: "c1",
			path: "Plan.md",
			changes: [{ changeId: "c1", before: "a\n", after: "b\n", startLine: 1 }],
			usage: { promptTokens: 1200, completionTokens: 300, model: "gpt-4.1-mini", costUsd: 0.00096 },
		});
		await renderThread(s);
		expect(
			screen.getByText("3.2k in (1.1k cached) · 410 out · $0.004 · apply 1.2k in · 300 out · <$0.001", {
				exact: false,
			}),
		).toBeTruthy();
	});

	it("offers Continue (+$0.50) and Stop on a turn paused by its budget; Continue asks v1.thread.resume", async () => {
		const s = spentTurn();
		s.add({
			type: "turn_paused",
			reason: "budget",
			spent: { unit: "usd", amount: 0.5 },
			budget: { unit: "usd", amount: 0.5 },
		});
		s.add({ type: "status", status: "paused" });
		const { service, user } = await renderThread(s);
		const card = screen.getByRole("region", { name: "Paused turn" });
		expect(within(card).getByText("This chat has used $0.50 of its $0.50 budget.")).toBeTruthy();
		expect(screen.getByText("Paused: waiting for you to continue")).toBeTruthy();
		await user.click(within(card).getByRole("button", { name: "Continue (+$0.50)" }));
		expect(service.callsOf("resume")).toEqual([{ threadId: "thread_1" }]);
		await user.click(within(card).getByRole("button", { name: "Stop" }));
		expect(service.callsOf("stop")).toEqual([{ threadId: "thread_1" }]);
	});

	it("offers Continue after the step limit", async () => {
		const s = spentTurn();
		s.add({ type: "turn_paused", reason: "step_limit", steps: 25 });
		await renderThread(s);
		const card = screen.getByRole("region", { name: "Paused turn" });
		expect(within(card).getByText("Paused after 25 steps in a row without you.")).toBeTruthy();
		expect(within(card).getByRole("button", { name: "Continue" })).toBeTruthy();
	});

	it('says "Stopped a repeated call" for a call not run again', async () => {
		const s = new EventScript()
			.user("m1", "Read Plan.md")
			.assistant("a1", "")
			.propose("a1", "c3", "readNote", { path: "Plan.md" });
		s.add({
			type: "tool_call_completed",
			callId: "c3",
			result: {
				status: "rejected",
				message: "Not run: this is the same readNote call…",
				data: { reason: "repeated", tool: "readNote", times: 3 },
			},
		});
		await renderThread(s);
		expect(screen.getByText("Stopped a repeated call")).toBeTruthy();
		expect(screen.queryByText(/Not run: this is the same/)).toBeNull();
	});
});
