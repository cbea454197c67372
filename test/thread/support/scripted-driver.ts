/**
 * A small TurnDriver for the service tests (the real agent runner lives in src/agent). It reads
 * the thread's state and appends plausible events, like the runner: it replies to the last user
 * message according to keywords in it, proposes calls and returns while they wait, and resumes
 * from the log when called again.
 *   "read"  -> proposes readNote and waits for approval
 *   "edit"  -> declares an edit intent (before the proposal, as streaming does) and waits
 *   "ask"   -> asks a question (auto-approved askUser) and waits for the answer
 *   "slow"  -> streams tokens until stopped
 *   "throw" -> throws (a driver bug)
 *   else    -> streams "Echo: <content>" and goes idle
 */
import type { ThreadHandle, TurnDriver } from "../../../src/log/driver";
import type { UserMessageView } from "../../../src/log/state";
import { setTimeout } from "../../../src/node/timers";

const tick = (ms = 0) => new Promise<void>((resolve) => setTimeout(() => resolve(), ms));

export class ScriptedDriver implements TurnDriver {
	drives = 0;
	private next = 0;

	async drive(thread: ThreadHandle, signal: AbortSignal): Promise<void> {
		this.drives++;
		await tick();
		const state = thread.state();
		if (state.pendingApprovals.length > 0) {
			thread.append({ type: "status", status: "waiting_for_approval" });
			return;
		}
		if (state.openQuestions.length > 0) {
			thread.append({ type: "status", status: "waiting_for_answer" });
			return;
		}
		let ran = 0;
		for (const callId of state.toolCallOrder) {
			const call = state.toolCalls[callId];
			if (!call) continue;
			if (call.phase === "approved" && !call.askId) {
				thread.append({ type: "tool_call_started", callId });
				await tick();
				thread.append({
					type: "tool_call_completed",
					callId,
					result: { status: "success", message: `ran ${call.tool}` },
				});
				ran++;
			}
			const answers = call.askId ? state.questions[call.askId]?.answers : undefined;
			if (call.phase === "running" && answers) {
				thread.append({
					type: "tool_call_completed",
					callId,
					result: { status: "success", message: JSON.stringify(answers) },
				});
				ran++;
			}
		}
		const last = state.messages[state.messages.length - 1];
		if (last?.kind === "user") return this.reply(thread, last, signal);
		if (ran > 0 || state.status === "error") this.say(thread, "Done.");
		thread.append({ type: "status", status: "idle" });
	}

	private id(prefix: string): string {
		return `${prefix}${++this.next}`;
	}

	private say(thread: ThreadHandle, text: string, finishReason = "stop"): string {
		const messageId = this.id("a");
		thread.append({ type: "assistant_message_started", messageId });
		for (const word of text.match(/[^ ]+ ?| /g) ?? [])
			thread.append({ type: "assistant_token", messageId, text: word });
		thread.append({ type: "assistant_message_completed", messageId, finishReason });
		return messageId;
	}

	private async reply(thread: ThreadHandle, message: UserMessageView, signal: AbortSignal): Promise<void> {
		const content = message.content;
		thread.append({ type: "status", status: "thinking" });
		await tick();
		if (content.includes("throw")) throw new Error("driver exploded");
		if (content.includes("slow")) {
			const messageId = this.id("a");
			thread.append({ type: "assistant_message_started", messageId });
			for (let i = 0; i < 100_000 && !signal.aborted; i++) {
				thread.append({ type: "assistant_token", messageId, text: `w${i} ` });
				await tick(1);
			}
			thread.append({ type: "assistant_message_completed", messageId, finishReason: "aborted" });
			thread.append({ type: "status", status: "idle", detail: "Stopped" });
			return;
		}
		if (content.includes("read") || content.includes("edit")) {
			const callId = this.id("c");
			if (content.includes("edit")) {
				thread.append({
					type: "edit_intent_declared",
					editId: this.id("e"),
					callId,
					path: "Daily.md",
					operation: "modify",
					description: "Tidy",
				});
			}
			const messageId = this.say(thread, "Let me look.", "tool_calls");
			thread.append({
				type: "tool_call_proposed",
				callId,
				tool: content.includes("edit") ? "declareEditIntent" : "readNote",
				args: { path: "Daily.md" },
				messageId,
			});
			thread.append({ type: "status", status: "waiting_for_approval" });
			return;
		}
		if (content.includes("ask")) {
			const callId = this.id("c");
			const messageId = this.say(thread, "A question first.", "tool_calls");
			thread.append({ type: "tool_call_proposed", callId, tool: "askUser", args: {}, messageId });
			thread.append({ type: "tool_call_decided", callId, decision: "approved", by: "policy" });
			thread.append({ type: "tool_call_started", callId });
			thread.append({
				type: "question_asked",
				askId: this.id("q"),
				callId,
				questions: [
					{ question: "Which note?", options: [{ label: "Daily" }, { label: "Weekly" }], multiSelect: false },
					{ question: "Which parts?", options: [{ label: "Head" }, { label: "Body" }], multiSelect: true },
				],
			});
			thread.append({ type: "status", status: "waiting_for_answer" });
			return;
		}
		this.say(thread, `Echo: ${content}`);
		thread.append({ type: "status", status: "idle" });
	}
}
