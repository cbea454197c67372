/**
 * The newest message wins, in one place (src/log/newest-message.ts): what a new message settles
 * before it is appended, which reply it overtakes, and why a call was settled for the user, read
 * from `reason` or, in logs written before it, from the service's and the runner's own words.
 */
import { describe, expect, it } from "vitest";
import { STOPPED_MESSAGE } from "../../src/log/driver";
import type { NewEvent } from "../../src/log/events";
import { ThreadLog } from "../../src/log/log";
import {
	isDrafting,
	NEW_MESSAGE_INSTEAD,
	overtakingMessage,
	settleOpenReviews,
	settleReason,
	stoppedWhileRunning,
	supersede,
} from "../../src/log/newest-message";
import type { ToolCallView } from "../../src/log/state";
import { MemoryStore } from "../../src/store/memory-store";

function threadWith(events: NewEvent[]): ThreadLog {
	const log = new ThreadLog("t1", new MemoryStore());
	for (const event of events) log.append(event);
	return log;
}

function call(extra: Partial<ToolCallView>): ToolCallView {
	return {
		callId: "c1",
		tool: "readNote",
		args: {},
		messageId: "a1",
		proposedSeq: 1,
		proposedAt: "",
		phase: "completed",
		...extra,
	};
}

describe("a new user message", () => {
	it("denies waiting calls, completes approved calls unrun and answers open questions, each with the message", () => {
		const log = threadWith([
			{ type: "user_message", messageId: "u1", content: "Tidy up", pinned: [] },
			{ type: "assistant_message_started", messageId: "a1" },
			{ type: "tool_call_proposed", callId: "waiting", tool: "moveNote", args: {}, messageId: "a1" },
			{ type: "tool_call_proposed", callId: "approved", tool: "deleteNote", args: {}, messageId: "a1" },
			{ type: "tool_call_decided", callId: "approved", decision: "approved", by: "user" },
			{ type: "tool_call_proposed", callId: "asking", tool: "askUser", args: {}, messageId: "a1" },
			{ type: "tool_call_decided", callId: "asking", decision: "approved", by: "policy" },
			{ type: "tool_call_started", callId: "asking" },
			{
				type: "question_asked",
				askId: "q1",
				callId: "asking",
				questions: [{ question: "Which?", options: [{ label: "A" }, { label: "B" }], multiSelect: false }],
			},
		]);
		supersede(log, "never mind");
		const state = log.state();
		expect(state.toolCalls.waiting).toMatchObject({
			phase: "denied",
			comment: `${NEW_MESSAGE_INSTEAD}never mind`,
			reason: "new_message",
		});
		expect(state.toolCalls.approved).toMatchObject({
			phase: "completed",
			result: { status: "rejected", message: `Not run: ${NEW_MESSAGE_INSTEAD}never mind` },
			reason: "new_message",
		});
		expect(state.questions.q1?.answers).toEqual({ 0: ["never mind"] });
		expect(state.pendingApprovals).toEqual([]);
		expect(state.openQuestions).toEqual([]);
	});

	it("overtakes a reply requested before it, and only such a reply", () => {
		const log = threadWith([{ type: "user_message", messageId: "u1", content: "First", pinned: [] }]);
		const askedAt = log.state().lastSeq;
		expect(overtakingMessage(log.state(), askedAt)).toBeUndefined();
		log.append({ type: "user_message", messageId: "u2", content: "Second", pinned: [] });
		expect(overtakingMessage(log.state(), askedAt)?.content).toBe("Second");
		expect(overtakingMessage(log.state(), log.state().lastSeq)).toBeUndefined();
	});
});

describe("a new user message and review before write", () => {
	const proposed = (callId: string): NewEvent => ({
		type: "tool_call_proposed",
		callId,
		tool: "declareEditIntent",
		args: {},
		messageId: "a1",
	});
	const offered = (callId: string, editId: string): NewEvent => ({
		type: "edit_proposed",
		editId,
		callId,
		path: "Plan.md",
		changes: [
			{ changeId: "c1", before: "a\n", after: "A\n", startLine: 1 },
			{ changeId: "c2", before: "b\n", after: "B\n", startLine: 3 },
		],
	});

	it("tells a call being drafted (running, undecided, no draft or question yet) from every other running call", () => {
		const log = threadWith([
			{ type: "user_message", messageId: "u1", content: "Shout", pinned: [] },
			{ type: "assistant_message_started", messageId: "a1" },
			proposed("drafting"),
			{ type: "tool_call_started", callId: "drafting" },
			proposed("offered"),
			{ type: "tool_call_started", callId: "offered" },
			offered("offered", "e1"),
			proposed("approved"),
			{ type: "tool_call_decided", callId: "approved", decision: "approved", by: "user" },
			{ type: "tool_call_started", callId: "approved" },
			proposed("waiting"),
		]);
		const state = log.state();
		expect(isDrafting(state, "drafting")).toBe(true);
		expect(isDrafting(state, "offered")).toBe(false);
		expect(isDrafting(state, "approved")).toBe(false);
		expect(isDrafting(state, "waiting")).toBe(false);
		expect(isDrafting(state, "unknown")).toBe(false);
	});

	it("denies a draft being made and settles an offered draft as rejected, each change, with the message", () => {
		const log = threadWith([
			{ type: "user_message", messageId: "u1", content: "Shout", pinned: [] },
			{ type: "assistant_message_started", messageId: "a1" },
			proposed("drafting"),
			{ type: "tool_call_started", callId: "drafting" },
			proposed("offered"),
			{ type: "tool_call_started", callId: "offered" },
			offered("offered", "e1"),
		]);
		supersede(log, "leave it");
		const state = log.state();
		expect(state.toolCalls.drafting).toMatchObject({ decision: "denied", reason: "new_message" });
		expect(state.toolCalls.offered).toMatchObject({
			phase: "completed",
			reason: "new_message",
			result: { status: "rejected", message: `Not written: ${NEW_MESSAGE_INSTEAD}leave it` },
			draft: { reviewed: { accepted: [], rejected: ["c1", "c2"], reason: "new_message" } },
		});
		expect(state.toolCalls.offered?.draft?.reviewed?.comment).toBe(`${NEW_MESSAGE_INSTEAD}leave it`);
		expect(state.openReviews).toEqual([]);
	});

	it("settles every open review once, and a settled one is not settled again", () => {
		const log = threadWith([
			{ type: "user_message", messageId: "u1", content: "Shout", pinned: [] },
			{ type: "assistant_message_started", messageId: "a1" },
			proposed("one"),
			{ type: "tool_call_started", callId: "one" },
			offered("one", "e1"),
			proposed("two"),
			{ type: "tool_call_started", callId: "two" },
			offered("two", "e2"),
		]);
		settleOpenReviews(log, "stopped", "Not written: stopped");
		const reviewed = log.events().filter((e) => e.type === "edit_reviewed");
		expect(reviewed.map((e) => e.type === "edit_reviewed" && e.editId)).toEqual(["e1", "e2"]);
		expect(reviewed.every((e) => e.type === "edit_reviewed" && e.comment === undefined)).toBe(true);
		settleOpenReviews(log, "stopped", "Not written: stopped");
		expect(log.events().filter((e) => e.type === "edit_reviewed")).toHaveLength(2);
		expect(log.state().toolCalls.two?.result?.data).toMatchObject({
			editId: "e2",
			rejected: ["c1", "c2"],
			reason: "stopped",
		});
	});
});

describe("why a call was settled for the user", () => {
	it("is its recorded reason when there is one, whatever its words", () => {
		expect(settleReason(call({ reason: "new_message", result: { status: "error", message: STOPPED_MESSAGE } }))).toBe(
			"new_message",
		);
		expect(settleReason(call({ reason: "stopped" }))).toBe("stopped");
		expect(settleReason(call({ decision: "denied", decidedBy: "user", comment: "no" }))).toBeUndefined();
	});

	it("is read from the service's and the runner's words in a log from before reasons", () => {
		expect(settleReason(call({ decision: "denied", comment: `${NEW_MESSAGE_INSTEAD}stop` }))).toBe("new_message");
		expect(
			settleReason(
				call({ decision: "approved", result: { status: "rejected", message: `Not run: ${NEW_MESSAGE_INSTEAD}stop` } }),
			),
		).toBe("new_message");
		expect(
			settleReason(call({ result: { status: "error", message: `${STOPPED_MESSAGE} before this call ran.` } })),
		).toBe("stopped");
		// Only words that begin with the constant count: a comment quoting it is the user's own.
		expect(settleReason(call({ decision: "denied", comment: `Please: ${NEW_MESSAGE_INSTEAD}` }))).toBeUndefined();
		expect(settleReason(call({ result: { status: "success", message: STOPPED_MESSAGE } }))).toBeUndefined();
	});

	it("tells a call stopped while it ran from one stopped before it started", () => {
		expect(
			stoppedWhileRunning(call({ reason: "stopped", result: { status: "error", message: STOPPED_MESSAGE } })),
		).toBe(true);
		expect(
			stoppedWhileRunning(
				call({ reason: "stopped", result: { status: "error", message: `${STOPPED_MESSAGE} before this call ran.` } }),
			),
		).toBe(false);
	});
});
