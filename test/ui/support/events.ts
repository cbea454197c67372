/**
 * Small builders for recorded event sequences: each call appends an event with the next seq,
 * so a test reads as the story of a thread.
 */
import type { NewEvent, StoredEvent, ThreadEvent } from "../../../src/log/events";
import type { ToolResult } from "../../../src/log/tool-result";

export class EventScript {
	readonly events: StoredEvent[] = [];
	private clock = Date.parse("2026-01-10T09:00:00.000Z");

	constructor(
		readonly threadId = "thread_1",
		title?: string,
	) {
		this.add(title !== undefined ? { type: "thread_created", title } : { type: "thread_created" });
	}

	/** Lets time pass before the next event (e.g. the user thinking over a card). */
	later(ms: number): this {
		this.clock += ms;
		return this;
	}

	/** Appends one event, a second after the previous one. */
	add(event: NewEvent): ThreadEvent {
		this.clock += 1000;
		const full = {
			...event,
			seq: this.events.length + 1,
			threadId: this.threadId,
			at: new Date(this.clock).toISOString(),
		};
		this.events.push(full);
		return full;
	}

	user(messageId: string, content: string): this {
		this.add({ type: "user_message", messageId, content, pinned: [] });
		this.add({ type: "status", status: "thinking" });
		return this;
	}

	assistant(messageId: string, text: string, complete = true): this {
		this.add({ type: "assistant_message_started", messageId });
		if (text) this.add({ type: "assistant_token", messageId, text });
		if (complete) this.add({ type: "assistant_message_completed", messageId, finishReason: "stop" });
		return this;
	}

	propose(messageId: string, callId: string, tool: string, args: unknown): this {
		this.add({ type: "tool_call_proposed", callId, tool, args, messageId });
		return this;
	}

	decide(callId: string, decision: "approved" | "denied", comment?: string): this {
		this.add(
			comment !== undefined
				? { type: "tool_call_decided", callId, decision, by: "user", comment }
				: { type: "tool_call_decided", callId, decision, by: "user" },
		);
		return this;
	}

	run(callId: string, result?: ToolResult): this {
		this.add({ type: "tool_call_started", callId });
		if (result) this.add({ type: "tool_call_completed", callId, result });
		return this;
	}

	status(
		status:
			| "idle"
			| "thinking"
			| "waiting_for_approval"
			| "waiting_for_answer"
			| "waiting_for_review"
			| "running_tool"
			| "error",
	): this {
		this.add({ type: "status", status });
		return this;
	}
}
