/**
 * Step 2: a reply streams, token by token. Measured (./speed.ts): the time to the first token and
 * the rate after it. Obsidian request delivers a reply whole, so there the figure is the whole reply's time.
 */
import { HumanMessage, SystemMessage } from "@langchain/core/messages";
import type { ModelEndpoint } from "../settings";
import { seconds, type Transport } from "./http";
import { checkModel, streamReply } from "./model-call";
import type { CheckStep, TransportKind } from "./report";
import { PROBE_SYSTEM, STREAM_PROMPT } from "./samples";
import { measureReply, speedFigure } from "./speed";

export interface StreamSpeed {
	firstTokenMs: number;
	/** Undefined when the reply arrived in one piece. */
	tokensPerSecond?: number;
	outputTokens: number;
}

/** Slower than these, the pane feels stuck: worth a note, not a failure. */
const SLOW_FIRST_TOKEN_MS = 10_000;
const SLOW_TOKENS_PER_SECOND = 5;

const TITLE = "Streaming";

export async function checkStreaming(
	transport: Transport,
	endpoint: ModelEndpoint,
	apiKey: string | undefined,
	kind: TransportKind,
): Promise<{ step: CheckStep; speed?: StreamSpeed }> {
	const outcome = await streamReply(transport, checkModel(transport, endpoint, apiKey), [
		new SystemMessage(PROBE_SYSTEM.stream),
		new HumanMessage(STREAM_PROMPT),
	]);
	if (!outcome.ok)
		return {
			step: {
				id: "streaming",
				title: TITLE,
				status: "fail",
				figure: "no reply",
				cause: outcome.message,
				fix: "See the endpoint step; if it passed, the server may not support streaming (stream: true).",
			},
		};
	const speed = measureReply(outcome.chunks, outcome.startedAt);
	const { firstTokenMs, outputTokens } = speed;
	if (firstTokenMs === undefined)
		return {
			step: {
				id: "streaming",
				title: TITLE,
				status: "fail",
				figure: "an empty reply",
				cause: "The model streamed no text at all.",
				fix: "Try the model in its own app; a model that answers nothing cannot work with Redline.",
			},
		};
	// Obsidian request hands the client the whole reply at once (its chunks are parsed in one go).
	const whole = kind === "request-url";
	const tokensPerSecond = speed.tokensPerSecond;
	if (whole || tokensPerSecond === undefined) {
		return {
			step: {
				id: "streaming",
				title: TITLE,
				status: whole ? "pass" : "warn",
				figure: `the whole reply (${outputTokens} tokens) after ${seconds(firstTokenMs)}, in one piece`,
				...(whole
					? {}
					: {
							cause: "The server sent the reply in one piece: the pane shows a reply only when it is complete.",
							fix: "Check that the server streams (stream: true); a proxy in between may buffer it.",
						}),
			},
			speed: { firstTokenMs, outputTokens },
		};
	}
	const figure = speedFigure(speed);
	const slow = firstTokenMs > SLOW_FIRST_TOKEN_MS || tokensPerSecond < SLOW_TOKENS_PER_SECOND;
	return {
		step: {
			id: "streaming",
			title: TITLE,
			status: slow ? "warn" : "pass",
			figure,
			...(slow
				? {
						cause: "The model is slow: replies will take a while to appear.",
						fix: "A smaller or hosted model answers faster.",
					}
				: {}),
		},
		speed: { firstTokenMs, tokensPerSecond, outputTokens },
	};
}
