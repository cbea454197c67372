/**
 * Every model call says what it spent (issue 33), where the call is made rather than by each
 * caller: the model the provider hands out (model-provider.ts) tells its meter, once per call,
 * the usage the provider reported, else Redline's estimate of the request and of what streamed,
 * marked `estimated` (usage-record.ts). That holds for a call that ended, failed or was stopped
 * after some of the reply came, and for one the caller stopped reading (a title cut short, an
 * apply past its cap): the count is taken when the stream ends (its `finally`, which breaking
 * out of it runs too) or, for a Stop, at the abort itself. Only a request
 * the provider refused before any reply (an HTTP error, a connection that never opened) tells
 * nothing: nothing was produced to pay for. A user's Stop before the first chunk still counts
 * the prompt, which the provider may already have read.
 *
 * The caller decides where the usage goes in the log (the reply's completion, the edit, the
 * title, the summary, or a usage_recorded event); it cannot forget to ask for it, since the
 * provider's main() and apply() take the meter as a required argument.
 */
import type { AIMessageChunk, BaseMessage } from "@langchain/core/messages";
import type { CallbackManagerForLLMRun } from "@langchain/core/callbacks/manager";
import type { ChatGenerationChunk } from "@langchain/core/outputs";
import type { ModelUsage } from "../log/events";
import type { ModelPrice } from "../settings";
import { ReasoningCompletions } from "./reasoning-deltas";
import { reportedUsage } from "./reported-usage";
import type { ReportedUsage } from "./reported-usage";
import { estimateJsonTokens, estimateMessagesTokens, estimateTextTokens } from "./token-count";
import { usageRecord } from "./usage-record";

/** Told the usage of each call a model makes, as soon as the call is over. */
export type UsageSink = (usage: ModelUsage) => void;

/** Where a model's calls report their usage, and the user's prices for their cost. */
export interface Meter {
	sink: UsageSink;
	prices?: Record<string, ModelPrice>;
}

export class MeteredCompletions extends ReasoningCompletions {
	/** Set by createChatModel; absent, the calls are not metered (Check connection). */
	meter: Meter | undefined;

	override async *_streamResponseChunks(
		messages: BaseMessage[],
		options: this["ParsedCallOptions"],
		runManager?: CallbackManagerForLLMRun,
	): AsyncGenerator<ChatGenerationChunk> {
		const meter = this.meter;
		if (!meter) {
			yield* super._streamResponseChunks(messages, options, runManager);
			return;
		}
		let reported: ReportedUsage | undefined;
		let answered = false;
		let told = false;
		// What the reply wrote (text, reasoning, tool calls), for the estimate when no usage comes.
		const written: string[] = [];
		// Only when the provider sent no usage: the request as sent, and what streamed.
		const estimate = () => {
			const tools = (options as { tools?: unknown }).tools;
			return {
				promptTokens: estimateMessagesTokens(messages) + (tools === undefined ? 0 : estimateJsonTokens(tools)),
				completionTokens: estimateTextTokens(written.join("")),
			};
		};
		const tell = (): void => {
			if (told) return;
			told = true;
			meter.sink(
				usageRecord(
					reported,
					reported ? NO_ESTIMATE : estimate(),
					this.model,
					meter.prices ? { prices: meter.prices } : {},
				),
			);
		};
		// A Stop is told at once: LangChain's stream rejects the reader's next chunk on the abort
		// without resuming this generator, so its `finally` might run late or never.
		const signal = options.signal;
		signal?.addEventListener("abort", tell, { once: true });
		try {
			for await (const chunk of super._streamResponseChunks(messages, options, runManager)) {
				answered = true;
				reported = reportedUsage(chunk.message as AIMessageChunk) ?? reported;
				written.push(...writtenBy(chunk));
				yield chunk;
			}
		} catch (error) {
			// Refused before any of the reply came: the provider produced nothing to pay for.
			if (!answered && signal?.aborted !== true) told = true;
			throw error;
		} finally {
			signal?.removeEventListener("abort", tell);
			tell();
		}
	}
}

const NO_ESTIMATE = { promptTokens: 0, completionTokens: 0 };

/** The pieces of one streamed chunk the model wrote (billed as output). */
function writtenBy(chunk: ChatGenerationChunk): string[] {
	const message = chunk.message as AIMessageChunk;
	const pieces = [chunk.text];
	const { reasoning_content: deepseek, reasoning } = message.additional_kwargs;
	if (typeof deepseek === "string") pieces.push(deepseek);
	if (typeof reasoning === "string") pieces.push(reasoning);
	for (const call of message.tool_call_chunks ?? []) pieces.push((call.name ?? "") + (call.args ?? ""));
	return pieces;
}
