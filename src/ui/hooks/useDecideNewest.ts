/**
 * Mod+Enter and Esc from an empty message box (issue 30): they decide the newest waiting card
 * (newest-waiting.ts) as its own buttons would. A run card is run or skipped (decideToolCalls); a
 * draft is applied with the choices made on it so far (reviewEdit, as its Apply: an undecided
 * change is applied) or skipped; a question is skipped, and Mod+Enter takes the focus to its
 * first answer instead, as an answer is chosen there. The focus stays in the box otherwise, ready
 * for the next card. Answers whether there was a card to decide (the box then keeps the key).
 */
import { useCallback, useRef, type RefObject } from "react";
import type { ThreadState } from "../../log/state";
import type { Result } from "../../thread/service-api";
import type { UiHost } from "../host";
import { newestWaiting } from "../newest-waiting";
import type { ReviewDecisions } from "../review-decisions";
import { reviewParams } from "../review-choices";

export type DecisionKey = "run" | "skip";

export function useDecideNewest(
	host: UiHost,
	threadId: string | null,
	state: ThreadState | undefined,
	decisions: ReviewDecisions,
	paneRef: RefObject<HTMLElement | null>,
	report: (result: Result) => unknown,
): (how: DecisionKey) => boolean {
	const busy = useRef(false);
	return useCallback(
		(how) => {
			if (!threadId || !state) return false;
			const waiting = newestWaiting(state);
			if (!waiting) return false;
			if (waiting.kind === "question" && how === "run") {
				const card = paneRef.current?.querySelector(`[data-ask-id="${waiting.askId.replace(/["\\]/g, "\\$&")}"]`);
				card?.querySelector<HTMLElement>("input, button")?.focus();
				return true;
			}
			// A second press while the first is on its way would decide a card that no longer waits.
			if (busy.current) return true;
			busy.current = true;
			const service = host.service;
			let decided: Promise<Result>;
			if (waiting.kind === "question") {
				decided = service.answerQuestion({ threadId, askId: waiting.askId, answers: {}, skipped: true });
			} else if (waiting.kind === "review" && how === "run") {
				decided = service.reviewEdit({
					threadId,
					editId: waiting.editId,
					...reviewParams(waiting.changes, decisions.get(waiting.editId)),
				});
			} else {
				const callId = waiting.callId;
				decided = service.decideToolCalls(
					how === "run" ? { threadId, approved: [callId], denied: [] } : { threadId, approved: [], denied: [callId] },
				);
			}
			void decided
				.then(report, (error: unknown) =>
					report({
						ok: false,
						error: { code: "internal", message: error instanceof Error ? error.message : String(error) },
					}),
				)
				.finally(() => {
					busy.current = false;
				});
			return true;
		},
		[host, threadId, state, decisions, paneRef, report],
	);
}
