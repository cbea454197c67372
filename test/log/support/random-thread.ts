/**
 * fast-check threads shaped like real ones, for the windowed view's tests: turns of a user message
 * and assistant messages with calls (reads, approved or denied, edits declared and applied or
 * reverted later, questions asked and answered), errors and retries, and a last turn that may stop
 * anywhere (a call waiting for approval, a question open, a draft under review).
 */
import fc from "fast-check";
import type { NewEvent, StoredEvent } from "../../../src/log/events";

type CallKind = "read" | "denied" | "edit" | "ask" | "draft";

interface TurnShape {
	messages: number;
	calls: CallKind[][];
	error: boolean;
	revertEarlier: boolean;
}

const turnArb: fc.Arbitrary<TurnShape> = fc.record({
	messages: fc.integer({ min: 1, max: 3 }),
	calls: fc.array(
		fc.array(fc.constantFrom<CallKind>("read", "read", "denied", "edit", "ask", "draft"), { maxLength: 3 }),
		{
			minLength: 3,
			maxLength: 3,
		},
	),
	error: fc.boolean(),
	revertEarlier: fc.boolean(),
});

/** A thread's events: `turns` turns, the last one possibly left waiting for the user. */
export const randomThreadArb: fc.Arbitrary<StoredEvent[]> = fc
	.record({
		turns: fc.array(turnArb, { minLength: 0, maxLength: 14 }),
		before: fc.boolean(),
		waitAtEnd: fc.constantFrom("none", "approval", "question", "review"),
	})
	.map(({ turns, before, waitAtEnd }) => {
		const events: NewEvent[] = [{ type: "thread_created", title: "Random" }];
		const edits: string[] = [];
		if (before)
			events.push({ type: "status", status: "thinking" }, { type: "error", message: "early", retryable: true });
		turns.forEach((turn, t) => {
			events.push({ type: "user_message", messageId: `u${t}`, content: `turn ${t}`, pinned: [] });
			for (let m = 0; m < turn.messages; m++) {
				const messageId = `a${t}_${m}`;
				events.push(
					{ type: "status", status: "thinking" },
					{ type: "assistant_message_started", messageId },
					{ type: "assistant_token", messageId, text: `reply ${t}.${m}` },
				);
				(turn.calls[m] ?? []).forEach((kind, c) => {
					const callId = `c${t}_${m}_${c}`;
					const tool =
						kind === "ask" ? "askUser" : kind === "edit" || kind === "draft" ? "declareEditIntent" : "readNote";
					events.push({ type: "tool_call_proposed", callId, tool, args: { path: `N${t}.md` }, messageId });
					if (kind === "denied") {
						events.push({ type: "tool_call_decided", callId, decision: "denied", by: "user" });
						events.push({
							type: "tool_call_completed",
							callId,
							result: { status: "rejected", message: "denied" },
						});
						return;
					}
					if (kind === "edit" || kind === "draft") {
						const editId = `e${t}_${m}_${c}`;
						events.push({
							type: "edit_intent_declared",
							editId,
							callId,
							path: `N${t}.md`,
							operation: "modify",
							description: "tidy",
						});
						events.push({ type: "tool_call_decided", callId, decision: "approved", by: "policy" });
						events.push({ type: "tool_call_started", callId });
						if (kind === "draft") {
							events.push({
								type: "edit_proposed",
								editId,
								callId,
								path: `N${t}.md`,
								changes: [{ changeId: "c1", before: "a", after: "b", startLine: 1 }],
							});
							events.push({ type: "edit_reviewed", editId, callId, accepted: ["c1"], rejected: [] });
						}
						events.push({
							type: "edit_applied",
							editId,
							path: `N${t}.md`,
							versionId: `v${editId}`,
							added: 1,
							removed: 1,
						});
						events.push({ type: "tool_call_completed", callId, result: { status: "success", message: "edited" } });
						edits.push(editId);
						return;
					}
					events.push({ type: "tool_call_decided", callId, decision: "approved", by: "policy" });
					events.push({ type: "tool_call_started", callId });
					if (kind === "ask") {
						const askId = `q${callId}`;
						events.push({
							type: "question_asked",
							askId,
							callId,
							questions: [{ question: "Which?", options: [{ label: "A" }, { label: "B" }], multiSelect: false }],
						});
						events.push({ type: "question_answered", askId, answers: { 0: ["A"] } });
					}
					events.push({
						type: "tool_call_completed",
						callId,
						result: { status: "success", message: `read ${callId}` },
					});
				});
				events.push({ type: "assistant_message_completed", messageId, finishReason: "stop" });
			}
			if (turn.error) events.push({ type: "error", message: `failed ${t}`, retryable: true });
			if (turn.revertEarlier && edits.length > 0) {
				const editId = edits[0];
				events.push({ type: "edit_reverted", editId, path: "N0.md", versionId: `r${editId}`, added: 1, removed: 1 });
			}
			events.push({ type: "status", status: "idle" });
		});
		if (turns.length > 0 && waitAtEnd !== "none") {
			const t = turns.length;
			const messageId = `a${t}_w`;
			const callId = `c${t}_w`;
			events.push(
				{ type: "user_message", messageId: `u${t}`, content: "last", pinned: [] },
				{ type: "assistant_message_started", messageId },
			);
			if (waitAtEnd === "approval") {
				events.push({ type: "tool_call_proposed", callId, tool: "readNote", args: { path: "W.md" }, messageId });
				events.push({ type: "status", status: "waiting_for_approval" });
			} else if (waitAtEnd === "question") {
				events.push({ type: "tool_call_proposed", callId, tool: "askUser", args: {}, messageId });
				events.push({ type: "tool_call_started", callId });
				events.push({
					type: "question_asked",
					askId: "qw",
					callId,
					questions: [{ question: "Which?", options: [{ label: "A" }], multiSelect: false }],
				});
			} else {
				events.push({ type: "tool_call_proposed", callId, tool: "declareEditIntent", args: {}, messageId });
				events.push({
					type: "edit_intent_declared",
					editId: "ew",
					callId,
					path: "W.md",
					operation: "modify",
					description: "d",
				});
				events.push({ type: "tool_call_started", callId });
				events.push({
					type: "edit_proposed",
					editId: "ew",
					callId,
					path: "W.md",
					changes: [{ changeId: "c1", before: "a", after: "b", startLine: 1 }],
				});
			}
		}
		const at = "2026-12-04T10:00:00.000Z";
		return events.map((event, i) => ({ ...event, seq: i + 1, threadId: "thr_random", at }));
	});
