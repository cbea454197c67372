/**
 * One model call, streamed into the thread: assistant_message_started at the first chunk,
 * assistant_token per text chunk (assistant_reasoning for a thinking model's reasoning, see
 * src/llm/reasoning-split.ts), tool-call chunks collected by index and announced (partial
 * arguments) while they stream. On success it completes the message and proposes every call;
 * on failure the caller decides (retry or error) and calls `discard`. For a model with "Text tool
 * calls" the calls are read out of the text instead (text-tool-parser.ts) and join the same path.
 *
 * The newest user message wins (src/log/newest-message.ts): a reply to a request made before the
 * user wrote again completes as SUPERSEDED and names that message, so its calls are denied with it.
 */
import type { BaseMessage } from "@langchain/core/messages";
import type { AIMessageChunk } from "@langchain/core/messages";
import type { ThreadHandle } from "../log/driver";
import type { UsageSink } from "../llm/model-provider";
import type { ModelUsage } from "../log/events";
import { newId } from "../log/ids";
import { overtakingMessage, SUPERSEDED } from "../log/newest-message";
import type { ToolRegistry } from "../tools/registry";
import { MAX_NAME_CHARS, MAX_REPLY_CHARS, MAX_TOOL_ARGS_CHARS, ModelOutputTooLong } from "./output-caps";
import { parsePartialJson } from "./partial-json";
import { partialTextArgs, updateFromText } from "./text-tool-parser";
import type { ParsedText, TextToolCallParser } from "./text-tool-parser";
import { ReasoningSplit, type SplitText } from "../llm/reasoning-split";

/** The part of a chat model the step uses (a ChatOpenAI with tools bound). */
export interface StreamingModel {
	stream(messages: BaseMessage[], options: { signal: AbortSignal }): Promise<AsyncIterable<AIMessageChunk>>;
}

export interface StreamedCall {
	callId: string;
	name: string;
	argsText: string;
	announced: boolean;
	/** A text tool call that cannot be read: what was wrong, for its error result. */
	malformed?: string;
}

export interface StreamedReply {
	messageId: string;
	text: string;
	calls: StreamedCall[];
	finishReason: string;
	/** The content of the user message that arrived while this reply was requested or streamed. */
	supersededBy?: string;
}

// The caps on what one reply may hold while it streams (output-caps.ts).
export { MAX_REPLY_CHARS, MAX_TOOL_ARGS_CHARS, ModelOutputTooLong };

export class ModelStep {
	private messageId: string | undefined;
	private text = "";
	private readonly calls = new Map<number, StreamedCall>();
	private finishReason: string | undefined;
	/** What the call spent, as its model's meter told it (src/llm/metered-completions.ts). */
	private spent: ModelUsage | undefined;
	private readonly reasoning = new ReasoningSplit();
	/** Characters taken so far (text, reasoning, arguments), against MAX_REPLY_CHARS. */
	private size = 0;
	/** Set once a cap was reached: the stream is stopped and the step fails with it. */
	private overflow: ModelOutputTooLong | undefined;

	/** Where the step's model reports what the call spent: the model is made with it (runner.ts). */
	readonly meter: UsageSink = (usage) => {
		this.spent = usage;
	};

	constructor(
		private readonly thread: ThreadHandle,
		private readonly tools: ToolRegistry,
		/** Set for a model with "Text tool calls": its calls are in its text. */
		private readonly textCalls?: TextToolCallParser,
	) {}

	/**
	 * Streams the reply. Throws on HTTP errors, dropped streams and aborts. `model` reports what
	 * the call spent to `meter`; `estimatedPromptTokens` is recorded beside the provider's usage,
	 * for the token estimate's calibration.
	 */
	async run(
		model: StreamingModel,
		messages: BaseMessage[],
		signal: AbortSignal,
		estimatedPromptTokens?: number,
	): Promise<StreamedReply> {
		const askedAt = this.thread.state().lastSeq;
		// Its own signal, so a cap can stop the request (the user's Stop still does).
		const request = new AbortController();
		const stopRequest = (): void => request.abort(signal.reason);
		signal.addEventListener("abort", stopRequest, { once: true });
		try {
			const stream = await model.stream(messages, { signal: request.signal });
			for await (const chunk of stream) {
				this.take(chunk);
				if (signal.aborted || this.overflow) break;
			}
		} finally {
			signal.removeEventListener("abort", stopRequest);
			// Past a cap: the rest is never read (breaking out closes the stream; the abort the request).
			if (this.overflow) request.abort(this.overflow);
		}
		this.throwIfOverflow();
		// Text held back in case it was the start of a tag (see ReasoningSplit) is final now.
		this.write(this.reasoning.end());
		this.throwIfOverflow();
		if (signal.aborted) throw new DOMException("Stopped by the user", "AbortError");
		// A stream that ends without a finish reason was cut short (proxy or server crash).
		if (this.finishReason === undefined) throw new StreamEndedEarly();
		if (this.textCalls) {
			this.takeText(this.textCalls.end());
			this.throwIfOverflow();
		}
		const messageId = this.start();
		const newer = overtakingMessage(this.thread.state(), askedAt);
		const finishReason = newer ? SUPERSEDED : this.finishReason;
		const calls = [...this.calls.entries()].sort((a, b) => a[0] - b[0]).map((e) => e[1]);
		const usage = this.recordedUsage(estimatedPromptTokens);
		this.thread.append({ type: "assistant_message_completed", messageId, finishReason, ...(usage ? { usage } : {}) });
		return { messageId, text: this.text, calls, finishReason, ...(newer ? { supersededBy: newer.content } : {}) };
	}

	/** The call's usage, with the estimate beside the provider's figure (for the calibration). */
	private recordedUsage(estimatedPromptTokens: number | undefined): ModelUsage | undefined {
		const usage = this.spent;
		if (!usage || usage.estimated === true || estimatedPromptTokens === undefined) return usage;
		return { ...usage, estimatedPromptTokens };
	}

	/**
	 * Ends a started message that will not be used (finishReason "aborted", "dropped", "error"),
	 * with what the call spent all the same; a call that failed before its message started records
	 * its usage, if it had any, apart (issue 33: every call counts).
	 */
	discard(finishReason: string): void {
		const usage = this.spent;
		if (this.messageId !== undefined)
			this.thread.append({
				type: "assistant_message_completed",
				messageId: this.messageId,
				finishReason,
				...(usage ? { usage } : {}),
			});
		else if (usage) this.thread.append({ type: "usage_recorded", role: "main", purpose: "reply", usage });
	}

	/** Whether any text reached the log (an aborted reply keeps it). */
	get started(): boolean {
		return this.messageId !== undefined;
	}

	private throwIfOverflow(): void {
		if (this.overflow) throw this.overflow;
	}

	/** Counts n more characters of the reply; false (and the step stopped) past MAX_REPLY_CHARS. */
	private admit(n: number): boolean {
		if (this.overflow) return false;
		if (this.size + n > MAX_REPLY_CHARS) {
			this.overflow = ModelOutputTooLong.ofReply();
			return false;
		}
		this.size += n;
		return true;
	}

	private start(): string {
		if (this.messageId === undefined) {
			this.messageId = newId("msg");
			this.thread.append({ type: "assistant_message_started", messageId: this.messageId });
		}
		return this.messageId;
	}

	private take(chunk: AIMessageChunk): void {
		this.write(this.reasoning.take(chunk));
		for (const part of chunk.tool_call_chunks ?? []) {
			if (this.overflow) return;
			const call = this.callAt(part.index ?? 0, part.id);
			if (part.name) call.name = (call.name + part.name).slice(0, MAX_NAME_CHARS);
			if (part.args) {
				if (call.argsText.length + part.args.length > MAX_TOOL_ARGS_CHARS) {
					this.overflow = ModelOutputTooLong.ofArguments(call.name);
					return;
				}
				if (!this.admit(part.args.length)) return;
				call.argsText += part.args;
			}
			this.announce(call, () => parsePartialJson(call.argsText));
		}
		const reason = (chunk.response_metadata as { finish_reason?: unknown } | undefined)?.finish_reason;
		if (typeof reason === "string" && reason !== "") this.finishReason = reason;
	}

	/** Reasoning as events; it never joins `text` (only the transcript may send it back, by its form). */
	private write({ reasoning: all, answer, form, retracted }: SplitText): void {
		// The answer so far was reasoning without its opening tag: a call drafted there never runs.
		// Its tokens are in the log already (events are never taken back): the reasoning event
		// says how many characters of the message's text move to the reasoning (fromAnswer, counted
		// as the tokens hold it) and carries only the rest, so the log holds no text twice.
		const fromAnswer = retracted === undefined ? undefined : this.text.length;
		if (retracted !== undefined) this.restart();
		const reasoning = retracted === undefined ? all : all.slice(retracted);
		if (!this.admit(reasoning.length + answer.length)) return;
		if (reasoning || fromAnswer) {
			this.thread.append({
				type: "assistant_reasoning",
				messageId: this.start(),
				text: reasoning,
				...(form ? { form } : {}),
				...(fromAnswer ? { fromAnswer } : {}),
			});
		}
		if (answer) this.takeText(this.textCalls ? this.textCalls.push(answer) : { text: answer, calls: [] });
	}

	/** Forgets the answer and the text calls read so far (its tokens stay in the log, as streamed). */
	private restart(): void {
		this.text = "";
		if (!this.textCalls) return;
		this.textCalls.reset();
		this.calls.clear();
	}

	/** Answer text, and the calls a text-tool model wrote in it (the tags never become text). */
	private takeText(parsed: ParsedText): void {
		if (parsed.text) {
			this.text += parsed.text;
			this.thread.append({ type: "assistant_token", messageId: this.start(), text: parsed.text });
		}
		for (const textCall of parsed.calls) {
			// A text call's body is its arguments as the model wrote them: the same cap as a native call's.
			if (textCall.body.length > MAX_TOOL_ARGS_CHARS) {
				this.overflow ??= ModelOutputTooLong.ofArguments(textCall.name);
				return;
			}
			const call = this.callAt(textCall.index);
			updateFromText(call, textCall);
			// Announced while it streams only once the text it stands in cannot turn out to be
			// reasoning (a bare </think> may still come until the reply shows otherwise: reasoning
			// opened with its tag or as a delta, or already closed): an announcement is an event, and
			// events are never taken back, so an intent drafted while reasoning would stay in the log
			// and in state.edits. A model that does not reason never shows otherwise: its intents
			// are announced once the reply has ended, just before the call is proposed (propose.ts).
			if (!textCall.done && !this.reasoning.mayRetract) this.announce(call, () => partialTextArgs(textCall.body));
		}
	}

	private callAt(index: number, id?: string): StreamedCall {
		let call = this.calls.get(index);
		if (!call) {
			call = { callId: id || newId("call"), name: "", argsText: "", announced: false };
			this.calls.set(index, call);
			this.start();
		}
		return call;
	}

	private announce(call: StreamedCall, partialArgs: () => Record<string, unknown>): void {
		if (call.announced || call.name === "") return;
		const tool = this.tools.get(call.name);
		if (!tool?.announce) return;
		const partial = partialArgs();
		if (Object.keys(partial).length === 0) return;
		const event = tool.announce(partial, { callId: call.callId, newId });
		if (event) {
			call.announced = true;
			this.thread.append(event);
		}
	}
}

export class StreamEndedEarly extends Error {
	constructor() {
		super("the reply stream ended before the model finished");
		this.name = "StreamEndedEarly";
	}
}
