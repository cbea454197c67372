/**
 * The agent loop (a ReAct loop that pauses instead of blocking). Each drive reads where the thread
 * stands from its log, settles decided calls, and calls the model while there is something to
 * answer. Whenever the user is needed it records why (a status) and returns: the log is the only
 * state, so a drive after a restart picks up exactly where the last one stopped.
 *
 * A failed save (StoreFailure) ends the drive with its own error; it is never taken for a model
 * failure. A shutdown (ServiceShutdown) ends it without recording a stop: the next open recovers.
 */
import { isShutdown } from "../log/driver";
import type { DraftMessage, NextRequestMeasure, ReadableThread, ThreadHandle, TurnDriver } from "../log/driver";
import type { PinnedItem } from "../log/events";
import { VaultMemo } from "../vault/vault-memo";
import { readModelThreadWith } from "./transcript";
import { nextMessage } from "./next-message";
import type { ThreadState } from "../log/state";
import { openCallIds } from "../log/open-calls";
import type { ModelProvider } from "../llm/model-provider";
import { fittedReplyTokensOf } from "../llm/output-limits";
import { calibrationOf } from "./token-estimate";
import type { ToolRegistry } from "../tools/registry";
import { AccessFloor } from "../vault/access-floor";
import type { Vault } from "../vault/vault";
import { DEFAULT_SETTINGS } from "../settings";
import type { RedlineSettings } from "../settings";
import { ContextManager, statedLimit } from "./context-manager";
import type { PreparedRequest } from "./context-manager";
import { contextExhaustedMessage } from "./context-messages";
import { classifyModelError, MAX_RETRY_AFTER_MS } from "./model-errors";
import type { ModelFailure } from "./model-errors";
import { ModelStep } from "./model-step";
import { SUPERSEDED } from "../log/newest-message";
import type { StreamedReply, StreamingModel } from "./model-step";
import { persist, saveFailedMessage, StoreFailure } from "./persist";
import { proposeCalls, type PolicyInputs } from "./propose";
import { decideWaitingCalls } from "./waiting-calls";
import { settleCalls } from "./run-calls";
import { setStatus } from "./status";
import { readStandingInstructions } from "./standing-instructions";
import { buildSystemPrompt } from "./system-prompt";
import { textToolInstructions } from "./text-tool-format";
import { TextToolCallParser } from "./text-tool-parser";
import { toTextToolTranscript } from "./text-tool-transcript";
import { DISCARDED_FINISH_REASONS } from "./transcript";
import { capResult } from "./result-caps";
import { budgetExhausted, budgetNotice } from "./budget";

export type Sleep = (ms: number, signal: AbortSignal) => Promise<void>;

export interface AgentRunnerDeps {
	vault: Vault;
	models: ModelProvider;
	tools: ToolRegistry;
	settings: () => RedlineSettings;
	/** Folders under the access floor (the plugin's data folder, the config folder); .obsidian is always included. */
	protectedFolders?: string[];
	/** Waits between retries; tests inject one that does not wait real seconds. */
	sleep?: Sleep;
}

/** Tries per model call for 429/5xx answers (the first one included). */
export const HTTP_TRIES = 3;
/** Extra tries after a dropped stream. */
export const DROP_RETRIES = 1;
const BACKOFF_BASE_MS = 1000;

type StepOutcome = "replied" | "aborted" | "failed";

export class AgentRunner implements TurnDriver {
	private readonly sleep: Sleep;
	private readonly floor: AccessFloor;
	private readonly context: ContextManager;
	/** The standing instructions for the meter's estimates, read again only after the vault changed. */
	private readonly instructions: VaultMemo<string>;

	constructor(private readonly deps: AgentRunnerDeps) {
		this.sleep = deps.sleep ?? realSleep;
		this.floor = new AccessFloor(deps.protectedFolders ?? []);
		this.instructions = new VaultMemo(deps.vault);
		// A text-tool model reads the tool definitions in the system prompt, which is counted there.
		this.context = new ContextManager({
			models: deps.models,
			settings: deps.settings,
			tools: () => (this.textTools() ? [] : deps.tools.definitions()),
		});
	}

	/** Stops listening to the vault (the standing instructions' memo). */
	dispose(): void {
		this.instructions.dispose();
	}

	async drive(thread: ThreadHandle, signal: AbortSignal): Promise<void> {
		try {
			await this.loop(thread, signal);
		} catch (error) {
			if (error instanceof StoreFailure) {
				thread.append({ type: "error", message: saveFailedMessage(error), retryable: true });
			} else {
				// A bug, not a model or tool failure (those are events already): still never throw.
				const message = error instanceof Error ? error.message : String(error);
				thread.append({ type: "error", message: `Redline hit an internal error: ${message}`, retryable: true });
			}
			setStatus(thread, "error");
		}
		// A failure here is the log's to retry (and report); the drive is over either way.
		await thread.flush().catch(() => undefined);
	}

	/**
	 * What the next request would hold if `draft` were sent now (v1.context.measure): the thread as
	 * it will stand once the message is logged (the same fold, asked without changing it), the
	 * system prompt built as modelStep builds it, fitted and measured by the context manager as
	 * prepare does. Nothing is appended and nothing compacted.
	 */
	async measure(thread: ReadableThread, draft: DraftMessage): Promise<NextRequestMeasure> {
		const settings = this.deps.settings();
		const instructions = await this.instructions.get(
			JSON.stringify([settings.instructionsNote, settings.agentsFiles]),
			() => readStandingInstructions(this.deps.vault, settings, this.floor),
		);
		const { message, pinnedAfter } = nextMessage(thread.state(), draft);
		const events = thread.events();
		const conversation = readModelThreadWith(events, message);
		return this.context.measure(
			events,
			conversation,
			this.systemPrompt(thread, instructions, pinnedAfter),
			instructions,
		);
	}

	/** Asks each tool what became of its call that a crash or a quit left running (Tool.recover). */
	async recover(thread: ThreadHandle): Promise<void> {
		for (const callId of openCallIds(thread)) {
			const call = thread.state().toolCalls[callId];
			// A question or a draft waiting for the user is not cut off: it waits again.
			if (!call || call.phase !== "running" || call.askId !== undefined || thread.state().openReviews.includes(callId))
				continue;
			const tool = this.deps.tools.get(call.tool);
			const checked = tool?.recover ? this.deps.tools.checkArgs(tool, call.args) : undefined;
			if (!tool?.recover || !checked?.ok) continue;
			let recovered;
			try {
				recovered = await tool.recover(checked.args, call, { state: thread.state(), vault: this.deps.vault });
			} catch (error) {
				console.warn(`Redline: could not find out what became of call ${callId}`, error);
				continue;
			}
			if (!recovered) continue;
			for (const event of recovered.events) thread.append(event);
			thread.append({ type: "tool_call_completed", callId, result: capResult(recovered.result) });
		}
	}

	private async loop(thread: ThreadHandle, signal: AbortSignal): Promise<void> {
		// A preference set since the last drive answers the cards of its tool that still wait.
		decideWaitingCalls(thread, this.deps.tools, this.policy());
		for (;;) {
			const { editReview, draftsAtOnce } = this.deps.settings();
			const draftFirst = editReview !== "plan";
			const settled = await settleCalls(
				thread,
				this.deps.tools,
				{
					vault: this.deps.vault,
					floor: this.floor,
					draftFirst,
					...(draftsAtOnce !== undefined && draftsAtOnce >= 1 ? { draftsAtOnce: Math.floor(draftsAtOnce) } : {}),
				},
				signal,
			);
			if (settled === "stopped" || signal.aborted) return stopped(thread, signal);
			if (settled !== "done") return setStatus(thread, settled);
			const state = thread.state();
			if (!needsModelCall(state)) return setStatus(thread, "idle");
			// Paused (a retry or a reopen drives it again): it waits for Continue, Stop or a new message.
			if (state.pause) return setStatus(thread, "paused");
			if (this.paused(thread)) return;
			const outcome = await this.modelStep(thread, signal);
			if (outcome === "aborted") return stopped(thread, signal);
			if (outcome === "failed") return;
		}
	}

	/**
	 * Pauses the turn before its next model call when N steps ran in a row without the user, or
	 * when the thread's budget is spent (issue 33): a turn_paused the pane shows as a Continue card.
	 */
	private paused(thread: ThreadHandle): boolean {
		const state = thread.state();
		const steps = stepsInTurn(state);
		const cap = this.stepCap();
		const spent = budgetExhausted(state, this.deps.settings());
		if (steps < cap && !spent) return false;
		thread.append(
			steps >= cap
				? { type: "turn_paused", reason: "step_limit", steps }
				: { type: "turn_paused", reason: "budget", ...spent },
		);
		setStatus(thread, "paused");
		return true;
	}

	private stepCap(): number {
		const cap = this.deps.settings().stepCap;
		return Number.isInteger(cap) && cap > 0 ? cap : DEFAULT_SETTINGS.stepCap;
	}

	/** One model call with its retries; on success the reply's calls are proposed and decided. */
	private async modelStep(thread: ThreadHandle, signal: AbortSignal): Promise<StepOutcome> {
		let httpTries = 0;
		let drops = 0;
		// A refusal as too long gets one compaction and one retry, never more.
		let refused: PreparedRequest | undefined;
		let recovered = false;
		for (;;) {
			setStatus(thread, "thinking");
			const textTools = this.textTools();
			const step = new ModelStep(thread, this.deps.tools, textTools ? new TextToolCallParser() : undefined);
			let request: PreparedRequest;
			try {
				const instructions = await readStandingInstructions(this.deps.vault, this.deps.settings(), this.floor);
				request = await this.context.prepare(
					thread,
					this.systemPrompt(thread, instructions, thread.state().pinned),
					signal,
					refused !== undefined,
					instructions,
				);
			} catch (error) {
				if (signal.aborted) return "aborted";
				throw error;
			}
			thread.append({ type: "context_measured", ...request.measured });
			let attempt: { reply: StreamedReply } | { failure: ModelFailure };
			try {
				const messages = textTools ? toTextToolTranscript(request.messages, thread.events()) : request.messages;
				attempt = {
					reply: await step.run(
						this.model(
							textTools,
							request.window,
							Math.ceil(request.estimatedPromptTokens * calibrationOf(thread.events())),
							step,
						),
						messages,
						signal,
						request.estimatedPromptTokens,
					),
				};
			} catch (error) {
				attempt = { failure: classifyModelError(error, signal, this.deps.settings().mainModel.baseUrl) };
			}
			// Only the model call is in the try: a store or bookkeeping failure is not a model failure.
			if ("reply" in attempt) {
				const { reply } = attempt;
				proposeCalls(thread, reply.messageId, reply.calls, this.deps.tools, {
					...this.policy(),
					...(reply.supersededBy !== undefined ? { supersededBy: reply.supersededBy } : {}),
				});
				await persist(thread);
				return "replied";
			}
			const { failure } = attempt;
			if (failure.kind === "aborted") {
				// The partial reply stays: the user saw it and may want to refer to it. At a
				// shutdown it stays streaming in the log, and the next open closes it as interrupted.
				if (!isShutdown(signal)) step.discard("aborted");
				return "aborted";
			}
			step.discard(failure.kind === "dropped" ? "dropped" : "error");
			if (failure.kind === "context") {
				if (!recovered) {
					recovered = true;
					refused = request;
					this.context.recordOverflow(thread, failure.overflow, request);
					continue;
				}
				// A window Redline had to guess may still be too large: guess lower, and Retry tries that.
				const guessed = statedLimit(failure.overflow) === undefined;
				if (guessed) this.context.recordOverflow(thread, failure.overflow, request);
				thread.append({
					type: "error",
					message: contextExhaustedMessage(thread.events(), failure.overflow, request),
					retryable: guessed,
				});
				setStatus(thread, "error");
				return "failed";
			}
			let wait: number | undefined;
			if (failure.kind === "http" && failure.retryable && ++httpTries < HTTP_TRIES) {
				wait = failure.retryAfterMs ?? BACKOFF_BASE_MS * 2 ** (httpTries - 1);
				if (wait > MAX_RETRY_AFTER_MS) wait = undefined;
			} else if (failure.kind === "dropped" && drops++ < DROP_RETRIES) {
				wait = 0;
			}
			if (wait === undefined) {
				const retryable = failure.kind === "dropped" || (failure.kind === "http" && failure.retryable);
				thread.append({ type: "error", message: failure.message, retryable });
				setStatus(thread, "error");
				return "failed";
			}
			if (wait > 0) {
				setStatus(thread, "thinking", `${failure.message} Retrying in ${Math.ceil(wait / 1000)} s.`);
				await this.sleep(wait, signal);
				if (signal.aborted) return "aborted";
			}
		}
	}

	/** What the approval policy reads besides the thread: the settings' defaults and the floor. */
	private policy(): PolicyInputs {
		const settings = this.deps.settings();
		return { defaults: settings.toolDefaults ?? {}, floor: this.floor, reviewFirst: settings.editReview !== "plan" };
	}

	/** The "Text tool calls" setting: the tools go in the system prompt, the calls come in the text. */
	private textTools(): boolean {
		return this.deps.settings().mainModel.textToolCalls === true;
	}

	/**
	 * max_tokens fits the window the request was fitted to (it may be one a refusal taught) and the
	 * room the request leaves; the call reports what it spent to its step, which records it.
	 */
	private model(textTools: boolean, window: number | undefined, promptTokens: number, step: ModelStep): StreamingModel {
		const model = this.deps.models.main({
			maxTokens: fittedReplyTokensOf(this.deps.settings().mainModel, window, promptTokens),
			usage: step.meter,
		});
		return textTools ? model : model.bindTools(this.deps.tools.definitions());
	}

	/** The system prompt, with the standing instructions (never compacted: the system message is not). */
	private systemPrompt(thread: ReadableThread, instructions: string, pinned: readonly PinnedItem[]): string {
		const notice = budgetNotice(thread.state(), this.deps.settings());
		const base = buildSystemPrompt({ vaultName: this.deps.vault.name, tools: this.deps.tools.names(), pinned });
		const withInstructions = instructions === "" ? base : `${base}\n\n${instructions}`;
		const prompt = notice ? `${withInstructions}\n\n${notice}` : withInstructions;
		return this.textTools() ? `${prompt}\n\n${textToolInstructions(this.deps.tools.definitions())}` : prompt;
	}
}

/** The drive was stopped: the user's Stop leaves the thread idle; a shutdown records nothing. */
function stopped(thread: ThreadHandle, signal: AbortSignal): void {
	if (!isShutdown(signal)) setStatus(thread, "idle");
}

/** Whether the model should see a message (failed attempts it does not). */
function counts(message: ThreadState["messages"][number]): boolean {
	return (
		message.kind === "user" ||
		message.finishReason === undefined ||
		!DISCARDED_FINISH_REASONS.includes(message.finishReason)
	);
}

/** True when the last thing in the conversation is something the model has not answered yet. */
export function needsModelCall(state: ThreadState): boolean {
	// From the end: the newest messages decide, so a step does not read the whole thread.
	let last;
	for (let i = state.messages.length - 1; i >= 0 && last === undefined; i--)
		if (counts(state.messages[i])) last = state.messages[i];
	if (!last) return false;
	if (last.kind === "user") return true;
	// A reply overtaken by a newer user message does not answer it.
	if (last.finishReason === SUPERSEDED) return true;
	return last.toolCallIds.length > 0 && last.toolCallIds.every((id) => state.toolCalls[id]?.phase === "completed");
}

/** Model replies since the last user message or Continue (restart-safe: counted from the log). */
export function stepsInTurn(state: ThreadState): number {
	const since = state.resumedSeq ?? 0;
	let steps = 0;
	for (
		let i = state.messages.length - 1;
		i >= 0 && state.messages[i].kind !== "user" && state.messages[i].seq > since;
		i--
	)
		if (counts(state.messages[i])) steps++;
	return steps;
}

// AbortSignal.timeout rather than setTimeout: the core runs in Node and in Obsidian windows alike,
// and the wait belongs to no window.
const realSleep: Sleep = (ms, signal) =>
	new Promise((resolve) => {
		if (signal.aborted) return resolve();
		const timeout = AbortSignal.timeout(ms);
		const done = (): void => {
			timeout.removeEventListener("abort", done);
			signal.removeEventListener("abort", done);
			resolve();
		};
		timeout.addEventListener("abort", done, { once: true });
		signal.addEventListener("abort", done, { once: true });
	});
