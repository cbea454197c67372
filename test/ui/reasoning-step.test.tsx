// @vitest-environment happy-dom
/**
 * A thinking model's reasoning in the pane: a "Thinking…" step while it reasons, then a collapsed
 * "Thought for N s" step whose text opens on a click, and never in the answer text.
 */
import { act, cleanup, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { EventScript } from "./support/events";
import { renderThread } from "./support/render";

afterEach(cleanup);

const REASONING = "The user wants the headings gone. Daily.md has three.";

function thinkingTurn(): EventScript {
	// EventScript's clock moves a second per event.
	const s = new EventScript().user("m1", "Tidy my daily note");
	s.add({ type: "assistant_message_started", messageId: "a1" });
	s.add({ type: "assistant_reasoning", messageId: "a1", text: "The user wants the headings gone. " });
	s.add({ type: "assistant_reasoning", messageId: "a1", text: "Daily.md has three." });
	return s;
}

describe("reasoning steps", () => {
	it("say Thinking… while the model reasons, without repeating the status", async () => {
		await renderThread(thinkingTurn());
		expect(screen.getAllByText("Thinking…")).toHaveLength(1);
		expect(screen.getByRole("log").querySelector(".redline-message-assistant")?.textContent ?? "").not.toContain(
			"headings gone",
		);
	});

	it("become a collapsed Thought for N s step once the answer comes, whose text opens on a click", async () => {
		const s = thinkingTurn();
		s.add({ type: "assistant_token", messageId: "a1", text: "I removed the headings." });
		s.add({ type: "assistant_message_completed", messageId: "a1", finishReason: "stop" });
		s.status("idle");
		const { user } = await renderThread(s);
		const log = screen.getByRole("log");
		// A finished reply's Markdown is rendered after mount: wait for it rather than read it at once.
		await waitFor(() =>
			expect(log.querySelector(".redline-message-assistant")?.textContent).toBe("I removed the headings."),
		);
		await user.click(screen.getByRole("button", { name: /Show steps: 1 step/ }));
		// Started at :04, last reasoning at :06.
		const summary = screen.getByText("Thought for 2.0 s");
		const details = summary.closest("details")!;
		expect(details.open).toBe(false);
		await user.click(summary);
		expect(details.open).toBe(true);
		expect(within(details).getByText(REASONING)).toBeTruthy();
	});

	it("stream in as the reasoning arrives, and come before the calls the message proposed", async () => {
		const { service } = await renderThread(thinkingTurn());
		act(() => {
			service.push("thread_1", { type: "assistant_reasoning", messageId: "a1", text: " Read it first." });
			service.push("thread_1", {
				type: "tool_call_proposed",
				callId: "c1",
				tool: "readNote",
				args: { path: "Daily.md" },
				messageId: "a1",
			});
			service.push("thread_1", { type: "assistant_message_completed", messageId: "a1", finishReason: "tool_calls" });
		});
		await screen.findByText(`${REASONING} Read it first.`);
		const labels = [...screen.getByRole("log").querySelectorAll(".redline-step-label")].map((el) => el.textContent);
		expect(labels[0]).toMatch(/^Thought for /);
		expect(labels[1]).toBe("Reading Daily.md");
	});

	it("take back answer text that was reasoning after all (a bare </think>), and show it only as the thought", async () => {
		// A DeepSeek-R1 distill whose <think> was in the prompt: its reasoning streams as answer first.
		const s = new EventScript().user("m1", "Tidy my daily note");
		s.add({ type: "assistant_message_started", messageId: "a1" });
		s.add({ type: "assistant_token", messageId: "a1", text: "The user wants the headings gone. " });
		s.add({ type: "assistant_token", messageId: "a1", text: "Daily.md has three.\n" });
		s.add({ type: "assistant_reasoning", messageId: "a1", text: "", fromAnswer: REASONING.length + 1 });
		s.add({ type: "assistant_token", messageId: "a1", text: "I removed the headings." });
		s.add({ type: "assistant_message_completed", messageId: "a1", finishReason: "stop" });
		s.status("idle");
		const { user } = await renderThread(s);
		const log = screen.getByRole("log");
		await waitFor(() =>
			expect(log.querySelector(".redline-message-assistant")?.textContent).toBe("I removed the headings."),
		);
		await user.click(screen.getByRole("button", { name: /Show steps: 1 step/ }));
		const details = screen.getByText(/^Thought for /).closest("details")!;
		expect(within(details).getByText(REASONING)).toBeTruthy();
	});

	it("show an edit's outcome when only the edit changes (the pane folds its records in place)", async () => {
		const s = new EventScript().user("m1", "Tidy my daily note");
		s.add({ type: "assistant_message_started", messageId: "a1" });
		s.add({
			type: "tool_call_proposed",
			callId: "c1",
			tool: "declareEditIntent",
			args: { path: "Daily.md", operation: "modify", description: "remove the headings" },
			messageId: "a1",
		});
		s.add({
			type: "edit_intent_declared",
			editId: "e1",
			callId: "c1",
			path: "Daily.md",
			operation: "modify",
			description: "remove the headings",
		});
		s.add({ type: "tool_call_decided", callId: "c1", decision: "approved", by: "policy" });
		s.add({ type: "tool_call_started", callId: "c1" });
		s.add({ type: "tool_call_completed", callId: "c1", result: { status: "success", message: "Done." } });
		const { service } = await renderThread(s);
		const labels = () =>
			[...screen.getByRole("log").querySelectorAll(".redline-step-label")].map((el) => el.textContent ?? "");
		await waitFor(() => expect(labels().length).toBeGreaterThan(0));
		expect(labels().some((label) => label.includes("+3 −5"))).toBe(false);
		// Only the edit changes: the call, the turn and the messages stay the same objects.
		act(() => {
			service.push("thread_1", {
				type: "edit_applied",
				editId: "e1",
				path: "Daily.md",
				versionId: "v1",
				added: 3,
				removed: 5,
			});
		});
		await waitFor(() => expect(labels().some((label) => label.includes("+3 −5"))).toBe(true));
	});
});
