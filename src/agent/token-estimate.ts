/**
 * Token counts without a tokenizer: a tokenizer's tables would be most of main.js (Smart
 * Composer's are 61 % of its 9 MB), and each provider counts differently anyway. The estimate
 * follows how BPE tokenizers split text (about four ASCII characters a token; a CJK character or
 * an emoji a token or more; other letters about two a token), plus what the chat format adds per
 * message. Each thread then calibrates it against the `usage.prompt_tokens` the provider reports
 * (recorded on assistant_message_completed), so the budget holds for whatever model is on the
 * other end. The estimate itself is src/llm/token-count.ts (the model client estimates with it too).
 */
import type { StoredEvent } from "../log/events";
import { eventsFold } from "../log/events-fold";

// Where the agent's callers have always found them.
export {
	estimateJsonTokens,
	estimateMessagesTokens,
	estimateMessageTokens,
	estimateTextTokens,
	MESSAGE_OVERHEAD_TOKENS,
} from "../llm/token-count";

/** Calibration ratios outside this range are taken as a provider quirk, not a tokenizer. */
const MIN_RATIO = 0.5;
const MAX_RATIO = 4;
/** The latest ratios kept per thread; calibrationOf reads at most this many. */
const KEPT_RATIOS = 8;

/** Provider tokens per estimated token of each reply that recorded both, oldest first (the last KEPT_RATIOS). */
const ratios = eventsFold<number[]>(
	() => [],
	(kept, event) => {
		const ratio = ratioOf(event);
		if (ratio === undefined) return;
		kept.push(ratio);
		if (kept.length > KEPT_RATIOS) kept.shift();
	},
);

function ratioOf(event: StoredEvent): number | undefined {
	if (event.type !== "assistant_message_completed" || !("usage" in event)) return undefined;
	const usage = event.usage as
		{ promptTokens?: unknown; estimatedPromptTokens?: unknown; estimated?: unknown } | undefined;
	// An estimate recorded for a provider that sent no usage says nothing about the estimate.
	if (usage?.estimated === true) return undefined;
	const actual = usage?.promptTokens;
	const estimated = usage?.estimatedPromptTokens;
	if (typeof actual !== "number" || typeof estimated !== "number" || !(actual > 0) || !(estimated > 0))
		return undefined;
	const ratio = actual / estimated;
	return ratio >= MIN_RATIO && ratio <= MAX_RATIO ? ratio : undefined;
}

/**
 * The thread's calibration: provider tokens per estimated token, from the latest replies that
 * recorded both (1 when none did). A median of the last few, so one odd reply does not swing it.
 * Kept between steps (events-fold.ts): a step reads only the events appended since the last.
 */
export function calibrationOf(events: readonly StoredEvent[], samples = 3): number {
	const kept = ratios.of(events);
	const latest = kept.slice(Math.max(0, kept.length - Math.min(samples, KEPT_RATIOS)));
	if (latest.length === 0) return 1;
	latest.sort((a, b) => a - b);
	return latest[Math.floor(latest.length / 2)];
}
