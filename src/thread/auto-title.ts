/**
 * Chats name themselves: once the first reply is in and the turn has let go of the model (its
 * drive ended, so the title call never competes with the turn), a short title is made from the
 * first message and appended as thread_renamed by "auto". The log decides: a thread that has any
 * title (given at creation, renamed by the user, or made before a restart) is never titled again,
 * and a title that comes back after the user renamed the chat meanwhile is dropped. What the title
 * call spent is on its thread_renamed, or recorded apart (usage_recorded) when its title is not
 * used: every model call counts in the chat's totals and against its budget (issue 33).
 */
import type { TitleMaker } from "../agent/title-maker";
import type { ThreadLog } from "../log/log";
import type { ModelUsage } from "../log/events";
import { sumUsage } from "../llm/usage-record";
import type { ThreadState } from "../log/state";
import { redactedError } from "../log/redact";
import { cutTitle } from "../log/title-limit";

export type { TitleMaker };

/** Replies that failed: the model never sees them, and they are no first reply (see transcript.ts). */
const FAILED = new Set(["dropped", "error"]);

/**
 * The message as a title, when no model titles the chat: one line, Markdown links unwrapped, the
 * whole text up to the title limit, cut at a word (title-limit.ts). Never a "…": the list shows
 * the title whole or draws its own, and Rename starts from the name, not from a display.
 */
export function messageTitle(message: string): string {
	return cutTitle(
		message.replace(/\[\[([^\]|]*)(?:\|([^\]]*))?\]\]/g, (_all, target: string, alias?: string) => alias ?? target),
	);
}

/** True when the thread has no title yet and its first reply is in. */
export function needsTitle(state: ThreadState): boolean {
	if (state.title !== undefined) return false;
	return state.messages.some((m) => m.kind === "assistant" && !m.streaming && !FAILED.has(m.finishReason ?? ""));
}

export class AutoTitles {
	private readonly inFlight = new Map<string, { controller: AbortController; done: Promise<void> }>();
	private closed = false;

	constructor(private readonly maker: TitleMaker | undefined) {}

	/** Starts a title for the thread if it needs one; never throws, never awaits the call. */
	consider(log: ThreadLog): void {
		if (!this.maker || this.closed || log.isDiscarded() || log.isSealed() || this.inFlight.has(log.threadId)) return;
		const state = log.state();
		if (!needsTitle(state)) return;
		const first = state.messages.find((m) => m.kind === "user");
		if (!first || first.kind !== "user") return;
		const controller = new AbortController();
		const done = this.make(this.maker, log, first.content, controller.signal).finally(() =>
			this.inFlight.delete(log.threadId),
		);
		this.inFlight.set(log.threadId, { controller, done });
	}

	/** Aborts titles in flight (nothing is appended for them) and waits until they have let go. */
	async close(): Promise<void> {
		this.closed = true;
		const pending = [...this.inFlight.values()];
		for (const { controller } of pending) controller.abort();
		await Promise.all(pending.map((p) => p.done));
	}

	/** True while a title is being made for the thread (its log must stay loaded). */
	isMaking(threadId: string): boolean {
		return this.inFlight.has(threadId);
	}

	/** Resolves when no title is being made for the thread (tests wait on it). */
	async settled(threadId: string): Promise<void> {
		await this.inFlight.get(threadId)?.done;
	}

	private async make(maker: TitleMaker, log: ThreadLog, message: string, signal: AbortSignal): Promise<void> {
		let title: string;
		let usage: ModelUsage | undefined;
		const spent = (call: ModelUsage): void => {
			usage = sumUsage(usage, call);
		};
		try {
			// A model's title is model output: one line, cut to the limit (title-limit.ts).
			title = cutTitle(await maker.title(message, signal, spent));
		} catch (error) {
			if (signal.aborted) return;
			// The title model's failure may quote its key: redacted like every error (./redact.ts).
			console.warn(`Redline: the chat title falls back to the first words of the message: ${redactedError(error)}`);
			title = "";
		}
		// Stopped (the service is closing), or the thread deleted: the log takes nothing more.
		if (signal.aborted || log.isDiscarded() || log.isSealed()) return;
		try {
			if (log.state().title !== undefined) {
				// Renamed meanwhile: the title is dropped, what it spent is not.
				if (usage) log.append({ type: "usage_recorded", role: "apply", purpose: "title", usage });
				return;
			}
			log.append({
				type: "thread_renamed",
				title: title || messageTitle(message),
				by: "auto",
				...(usage ? { usage } : {}),
			});
		} catch (error) {
			// The log stopped taking events meanwhile (deleted, or the service closing): no title then.
			console.warn("Redline: could not record the chat title:", error instanceof Error ? error.message : error);
		}
	}
}
