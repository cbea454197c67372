/**
 * Keeps every model request within the model's context window. Before each call it works out
 * the budget (the window from settings or the model's family, lowered by any limit a provider
 * reported in this thread, less room for the reply and the tool definitions, in calibrated
 * tokens), fits the transcript into it by eliding old results, and when that leaves too little
 * room it has the apply model summarise the oldest turns into a context_compacted event. After a
 * provider's "context length exceeded" it records the limit and compacts once more, to the
 * smaller budget, for the runner's single retry. A summary that fails leaves the thread working
 * with elision alone.
 */
import type { BaseMessage } from "@langchain/core/messages";
import type { AIMessageChunk } from "@langchain/core/messages";
import { isShutdown } from "../log/driver";
import type { ThreadHandle } from "../log/driver";
import type { EventPayloads, ModelUsage, StoredEvent } from "../log/events";
import { contextWindowOf } from "../llm/context-windows";
import { replyReserve, replyTokensOf } from "../llm/output-limits";
import { resolveApplyEndpoint } from "../llm/model-provider";
import type { ModelProvider, UsageSink } from "../llm/model-provider";
import { sumUsage } from "../llm/usage-record";
import { ReasoningSplit, type SplitText } from "../llm/reasoning-split";
import type { RedlineSettings } from "../settings";
import type { ToolDefinition } from "../tools/registry";
import { compactionEvent, planCompaction, writeSummary } from "./compaction";
import { fitTranscript } from "./context-budget";
import type { FittedTranscript } from "./context-budget";
import type { TranscriptParts } from "./context-parts";
import type { ContextOverflow } from "./context-errors";
import { persist } from "./persist";
import { setStatus } from "./status";
import { calibrationOf, estimateJsonTokens } from "./token-estimate";
import { readModelThread } from "./transcript";
import { eventsFold } from "../log/events-fold";
import type { ModelThread } from "./transcript";

/** Compact when, with every old result elided, the transcript takes more of the budget than this. */
export const COMPACT_AT = 0.5;
/** Recent turns (elided) kept in full beside the summary, as a share of the budget. */
export const KEEP_RECENT = 0.15;
/** The apply model's window when neither its setting nor its name tells. */
const DEFAULT_APPLY_WINDOW = 8192;
const MIN_LIMIT = 1024;

export interface PreparedRequest {
	messages: BaseMessage[];
	/** Redline's estimate of the whole request (messages and tools), recorded for calibration. */
	estimatedPromptTokens: number;
	/** The context window the request was fitted to, when one is known. */
	window?: number;
	/** The meter's record of the request (context_measured), in the provider's tokens. */
	measured: ContextMeasured;
}

export type ContextMeasured = EventPayloads["context_measured"];

/** One fit of a request and what it was fitted with. */
interface Fit {
	fitted: FittedTranscript;
	/** The conversation fitted (the thread as the request will see it). */
	conversation: ModelThread;
	toolTokens: number;
	ratio: number;
	window?: number;
	/** In the estimate's units; undefined when the window is unknown. */
	budget?: number;
	/** Whether prepare compacts before sending: it does not fit, or its elided form passes COMPACT_AT. */
	compacts: boolean;
}

export interface ContextManagerDeps {
	models: ModelProvider;
	settings: () => RedlineSettings;
	tools: () => ToolDefinition[];
}

// Room left for the model's reply; max_tokens asks for no more (src/llm/output-limits.ts).
export { replyReserve };

/** The window a refusal states, unless it is below any usable one (vLLM once said "3 tokens"). */
export function statedLimit(overflow: ContextOverflow): number | undefined {
	return overflow.limitTokens !== undefined && overflow.limitTokens >= MIN_LIMIT ? overflow.limitTokens : undefined;
}

/** The latest limit a provider reported in the thread, per model (kept between steps: events-fold.ts). */
const reportedLimits = eventsFold<Map<string, number>>(
	() => new Map(),
	(limits, event) => {
		if (
			event.type === "context_limit_reached" &&
			"model" in event &&
			typeof event.model === "string" &&
			typeof event.limitTokens === "number"
		)
			limits.set(event.model, event.limitTokens);
	},
);

/** The latest limit a provider reported for this model in the thread. */
export function reportedLimit(events: readonly StoredEvent[], model: string): number | undefined {
	return reportedLimits.of(events).get(model);
}

export class ContextManager {
	/** Threads whose last summary failed, with the seq of the user message it was for. */
	private readonly failedSummaries = new Map<string, number>();

	constructor(private readonly deps: ContextManagerDeps) {}

	/**
	 * The messages for the next model call. `recovering`: the last request was refused as too
	 * long, so compact now even if the estimate says it fits.
	 */
	async prepare(
		thread: ThreadHandle,
		systemPrompt: string,
		signal: AbortSignal,
		recovering = false,
		instructions = "",
	): Promise<PreparedRequest> {
		const first = this.fit(thread.events(), readModelThread(thread.events()), systemPrompt, instructions);
		const { budget, ratio } = first;
		if (budget === undefined) return this.request(first);
		let fitted = first;
		if (recovering || first.compacts) {
			// After a refusal, keep fewer recent turns: the estimate was already wrong once.
			if (
				await this.compact(
					thread,
					first.conversation,
					budget,
					budget * (recovering ? KEEP_RECENT / 2 : KEEP_RECENT),
					ratio,
					signal,
				)
			)
				fitted = this.fit(thread.events(), readModelThread(thread.events()), systemPrompt, instructions);
		}
		return this.request(fitted.fitted.fits ? fitted : this.lastResort(fitted, systemPrompt, instructions));
	}

	/**
	 * What the next request would hold (v1.context.measure): prepare's own fit of `conversation`
	 * (the thread as it will stand when the request is made), measured as prepare measures it,
	 * without compacting. `compactsFirst`: prepare would compact before sending it, so the request
	 * will hold less than this.
	 */
	measure(
		events: readonly StoredEvent[],
		conversation: ModelThread,
		systemPrompt: string,
		instructions: string,
	): ContextMeasured & { compactsFirst: boolean } {
		const fitted = this.fit(events, conversation, systemPrompt, instructions);
		const request = this.request(fitted.fitted.fits ? fitted : this.lastResort(fitted, systemPrompt, instructions));
		return { ...request.measured, compactsFirst: fitted.compacts };
	}

	/** The first fit of a request: the budget, the transcript fitted to it, and whether to compact. */
	private fit(
		events: readonly StoredEvent[],
		conversation: ModelThread,
		systemPrompt: string,
		instructions: string,
	): Fit {
		const window = this.window(events);
		const ratio = calibrationOf(events);
		const toolTokens = estimateJsonTokens(this.deps.tools());
		if (window === undefined) {
			const fitted = fitTranscript(systemPrompt, conversation, { budget: undefined, instructions });
			return { fitted, conversation, toolTokens, ratio, compacts: false };
		}
		// The budget in the estimate's own units: the calibration converts provider tokens back.
		const budget = Math.max(
			256,
			Math.floor((window - replyReserve(window, this.deps.settings().mainModel)) / ratio) - toolTokens,
		);
		const fitted = fitTranscript(systemPrompt, conversation, { budget, instructions });
		const compacts = !fitted.fits || fitted.minimalTokens > budget * COMPACT_AT;
		return { fitted, conversation, toolTokens, ratio, window, budget, compacts };
	}

	/** When compaction did not make it fit: older results elided and oldest turns left out. */
	private lastResort(fit: Fit, systemPrompt: string, instructions: string): Fit {
		const fitted = fitTranscript(systemPrompt, fit.conversation, {
			budget: fit.budget,
			lastResort: true,
			instructions,
		});
		return { ...fit, fitted };
	}

	/**
	 * Records a refusal's limit for the next requests to this model: the one the provider stated,
	 * else three quarters of what the refused request held (never below a usable minimum).
	 */
	recordOverflow(thread: ThreadHandle, overflow: ContextOverflow, refused: PreparedRequest): void {
		const model = this.deps.settings().mainModel.model;
		const stated = statedLimit(overflow);
		const sent = Math.round(refused.estimatedPromptTokens * calibrationOf(thread.events()));
		const guess = Math.max(MIN_LIMIT, Math.floor(Math.min(sent, refused.window ?? sent) * 0.75));
		thread.append({
			type: "context_limit_reached",
			model,
			limitTokens: stated ?? guess,
			stated: stated !== undefined,
			...(overflow.requestTokens !== undefined ? { requestTokens: overflow.requestTokens } : {}),
		});
	}

	private window(events: readonly StoredEvent[]): number | undefined {
		const main = this.deps.settings().mainModel;
		const set = contextWindowOf(main);
		const reported = reportedLimit(events, main.model);
		if (set === undefined) return reported;
		return reported === undefined ? set : Math.min(set, reported);
	}

	private request({ fitted, toolTokens, ratio, window, budget }: Fit): PreparedRequest {
		const measured = measuredRequest(fitted.parts, toolTokens, ratio);
		if (window === undefined || budget === undefined)
			return { messages: fitted.messages, estimatedPromptTokens: fitted.tokens + toolTokens, measured };
		// Room before compaction: the thread grows until its elided form passes COMPACT_AT of the
		// budget, or until it no longer fits, whichever comes first (prepare's own tests above).
		const room = Math.max(0, Math.min(budget * COMPACT_AT - fitted.minimalTokens, budget - fitted.tokens));
		return {
			messages: fitted.messages,
			estimatedPromptTokens: fitted.tokens + toolTokens,
			window,
			measured: { ...measured, window, roomBeforeCompaction: Math.floor(room * ratio) },
		};
	}

	/** Summarises the oldest turns into a context_compacted event; false when it did not. */
	private async compact(
		thread: ThreadHandle,
		conversation: ModelThread,
		budget: number,
		keepTokens: number,
		ratio: number,
		signal: AbortSignal,
	): Promise<boolean> {
		const userSeq = lastUserSeq(conversation);
		if (this.failedSummaries.get(thread.threadId) === userSeq) return false;
		const plan = planCompaction(conversation, keepTokens);
		if (!plan) return false;
		const settings = this.deps.settings();
		const applyWindow = contextWindowOf(resolveApplyEndpoint(settings)) ?? this.applyFallback(thread.events());
		const summaryTokens = Math.max(150, Math.min(1200, Math.round(budget * 0.06)));
		const chunkTokens = Math.max(
			512,
			Math.floor((applyWindow - replyReserve(applyWindow, resolveApplyEndpoint(settings))) / ratio) -
				summaryTokens * 2 -
				600,
		);
		setStatus(thread, "thinking", "Compacting earlier messages…");
		// What the summary's calls spend (one per chunk): on context_compacted, or apart when unused.
		let usage: ModelUsage | undefined;
		const spent: UsageSink = (call) => {
			usage = sumUsage(usage, call);
		};
		const unused = (): void => {
			if (usage && !isShutdown(signal))
				thread.append({ type: "usage_recorded", role: "apply", purpose: "summary", usage });
		};
		let summary: string;
		try {
			const maxTokens = replyTokensOf(resolveApplyEndpoint(settings), applyWindow);
			summary = await writeSummary(plan, (messages) => this.ask(messages, signal, maxTokens, spent), {
				chunkTokens,
				summaryTokens,
			});
		} catch (error) {
			unused();
			if (signal.aborted) return false;
			this.failedSummaries.set(thread.threadId, userSeq);
			const reason = error instanceof Error ? error.message : String(error);
			setStatus(
				thread,
				"thinking",
				`Could not summarise earlier messages (${reason}); older tool results are shortened instead.`,
			);
			return false;
		}
		if (signal.aborted) {
			unused();
			return false;
		}
		thread.append(compactionEvent(plan, summary, ratio, usage));
		// A failed save is the store's error (StoreFailure ends the drive), not a failed summary.
		await persist(thread);
		this.failedSummaries.delete(thread.threadId);
		setStatus(thread, "thinking");
		return true;
	}

	/** The apply model's window when unknown: the main model's, when it is the same model. */
	private applyFallback(events: readonly StoredEvent[]): number {
		const settings = this.deps.settings();
		const apply = resolveApplyEndpoint(settings);
		if (apply.model === settings.mainModel.model && apply.baseUrl === settings.mainModel.baseUrl)
			return this.window(events) ?? DEFAULT_APPLY_WINDOW;
		return DEFAULT_APPLY_WINDOW;
	}

	private async ask(
		messages: BaseMessage[],
		signal: AbortSignal,
		maxTokens: number | undefined,
		usage: UsageSink,
	): Promise<string> {
		const stream = (await this.deps.models
			.apply({ maxTokens, usage })
			.stream(messages, { signal })) as AsyncIterable<AIMessageChunk>;
		// A thinking model's reasoning is split off as the reply streams, by position, once: the
		// summary itself is never scrubbed afterwards (it may well mention "<think>").
		const split = new ReasoningSplit();
		let text = "";
		const add = (piece: SplitText) => {
			if (piece.retracted !== undefined) text = "";
			text += piece.answer;
		};
		for await (const chunk of stream) add(split.take(chunk));
		add(split.end());
		return text;
	}
}

/** The parts in the provider's tokens (the thread's calibration); the total is their sum. */
function measuredRequest(parts: TranscriptParts, toolTokens: number, ratio: number): ContextMeasured {
	const scaled = {
		system: Math.round(parts.system * ratio),
		tools: Math.round(toolTokens * ratio),
		instructions: Math.round(parts.instructions * ratio),
		pinned: Math.round(parts.pinned * ratio),
		conversation: Math.round(parts.conversation * ratio),
		toolResults: Math.round(parts.toolResults * ratio),
	};
	const tokens = Object.values(scaled).reduce((sum, value) => sum + value, 0);
	return { tokens, parts: scaled };
}

function lastUserSeq(thread: ModelThread): number {
	for (let i = thread.entries.length - 1; i >= 0; i--)
		if (thread.entries[i].kind === "user") return thread.entries[i].seq;
	return 0;
}
