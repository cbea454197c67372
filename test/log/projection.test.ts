import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { NewEvent, StoredEvent } from "../../src/log/events";
import { apply, emptyState, project } from "../../src/log/projection";
import { deepFreeze, eventsArb } from "../thread/support/arbitrary-events";

function stamp(payloads: NewEvent[]): StoredEvent[] {
	return payloads.map((p, i) => ({
		...p,
		seq: i + 1,
		threadId: "t1",
		at: `2025-01-01T00:00:${String(i).padStart(2, "0")}.000Z`,
	}));
}

describe("project and apply", () => {
	it("folding live events one by one from any split point equals replaying the whole log", () => {
		fc.assert(
			fc.property(eventsArb, fc.nat(), (events, splitSeed) => {
				const split = events.length === 0 ? 0 : splitSeed % (events.length + 1);
				const whole = project("t1", events);
				let live = project("t1", events.slice(0, split));
				for (const event of events.slice(split)) live = apply(live, event);
				expect(live).toStrictEqual(whole);
			}),
			{ numRuns: 300 },
		);
	});

	it("links a call proposed after its intents and questions to the first of each, in a replay as live", () => {
		const events = stamp([
			{
				type: "edit_intent_declared",
				editId: "e1",
				callId: "c1",
				path: "A.md",
				operation: "modify",
				description: "first",
			},
			{
				type: "edit_intent_declared",
				editId: "e2",
				callId: "c1",
				path: "A.md",
				operation: "modify",
				description: "second",
			},
			{
				type: "question_asked",
				askId: "a1",
				callId: "c1",
				questions: [{ question: "Which?", options: [{ label: "A" }, { label: "B" }], multiSelect: false }],
			},
			{
				type: "question_asked",
				askId: "a2",
				callId: "c1",
				questions: [{ question: "Which?", options: [{ label: "A" }, { label: "B" }], multiSelect: false }],
			},
			{ type: "tool_call_proposed", callId: "c1", tool: "declareEditIntent", args: {}, messageId: "m1" },
		]);
		const replayed = project("t1", events);
		expect(replayed.toolCalls.c1).toMatchObject({ editId: "e1", askId: "a1" });
		expect(events.reduce(apply, emptyState("t1"))).toStrictEqual(replayed);
	});

	it("never mutates the state or the event it is given", () => {
		fc.assert(
			fc.property(eventsArb, (events) => {
				let state = deepFreeze(emptyState("t1"));
				for (const event of events) state = deepFreeze(apply(state, deepFreeze(event)));
				expect(state.lastSeq).toBe(events.at(-1)?.seq ?? 0);
			}),
			{ numRuns: 200 },
		);
	});

	it("folds in place only what it built itself: the events, and a state it returned before, stay as they were", () => {
		fc.assert(
			fc.property(eventsArb, fc.nat(), (events, splitSeed) => {
				const split = events.length === 0 ? 0 : splitSeed % (events.length + 1);
				// Frozen: a write to an event or to an earlier result throws (modules are strict).
				deepFreeze(events);
				const earlier = deepFreeze(project("t1", events.slice(0, split)));
				const whole = project("t1", events);
				let live = earlier;
				for (const event of events.slice(split)) live = apply(live, event);
				expect(live).toStrictEqual(whole);
			}),
			{ numRuns: 200 },
		);
	});

	it("keeps unchanged parts by reference so views can compare cheaply", () => {
		const before = project(
			"t1",
			stamp([
				{ type: "user_message", messageId: "m1", content: "hi", pinned: [] },
				{ type: "assistant_message_started", messageId: "m2" },
			]),
		);
		const after = apply(before, {
			type: "assistant_token",
			messageId: "m2",
			text: "He",
			seq: 3,
			threadId: "t1",
			at: "x",
		});
		expect(after.messages[0]).toBe(before.messages[0]);
		expect(after.toolCalls).toBe(before.toolCalls);
		expect(after.messages[1]).not.toBe(before.messages[1]);
		expect(after.messages[1]).toMatchObject({ text: "He", streaming: true });
	});

	it("shows a compaction and a reached context limit as steps of their turn, and keeps every message", () => {
		const events = stamp([
			{ type: "user_message", messageId: "u1", content: "Read A", pinned: [] },
			{ type: "assistant_message_started", messageId: "a1" },
			{ type: "assistant_token", messageId: "a1", text: "A says hi." },
			{ type: "assistant_message_completed", messageId: "a1", finishReason: "stop" },
			{ type: "user_message", messageId: "u2", content: "Read B", pinned: [] },
			{ type: "context_limit_reached", model: "m", limitTokens: 16384, stated: true },
			{ type: "context_compacted", fromSeq: 1, toSeq: 4, summary: "- A was read.", tokensSaved: 900 },
		]);
		const state = project("t1", events);
		expect(state.messages.map((m) => m.messageId)).toEqual(["u1", "a1", "u2"]);
		expect(state.turns[0].contextSteps).toBeUndefined();
		expect(state.turns[1].contextSteps).toEqual([
			{ kind: "limit", seq: 6, limitTokens: 16384, stated: true },
			{ kind: "compacted", seq: 7, tokensSaved: 900 },
		]);
		let live = project("t1", events.slice(0, 5));
		for (const event of events.slice(5)) live = apply(live, event);
		expect(live).toStrictEqual(state);
	});

	it("loads a log from before context events unchanged: no turn gets context steps", () => {
		const state = project(
			"t1",
			stamp([
				{ type: "user_message", messageId: "u1", content: "hi", pinned: [] },
				{ type: "assistant_message_started", messageId: "a1" },
				{ type: "assistant_message_completed", messageId: "a1", finishReason: "stop" },
			]),
		);
		expect(state.turns).toEqual([{ userMessageId: "u1", startedAt: "2025-01-01T00:00:00.000Z", callIds: [] }]);
	});

	it("keeps why a call was settled for the user, and folds an older log without a reason", () => {
		const state = project(
			"t1",
			stamp([
				{ type: "tool_call_proposed", callId: "c1", tool: "readNote", args: {}, messageId: "m1" },
				{ type: "tool_call_proposed", callId: "c2", tool: "readNote", args: {}, messageId: "m1" },
				{ type: "tool_call_proposed", callId: "c3", tool: "readNote", args: {}, messageId: "m1" },
				{
					type: "tool_call_decided",
					callId: "c1",
					decision: "denied",
					by: "user",
					comment: "The user sent a new message instead: stop",
					reason: "new_message",
				},
				{ type: "tool_call_decided", callId: "c2", decision: "approved", by: "user" },
				{
					type: "tool_call_completed",
					callId: "c2",
					result: { status: "rejected", message: "Not run" },
					reason: "new_message",
				},
				{ type: "tool_call_decided", callId: "c3", decision: "denied", by: "user", comment: "not now" },
			]),
		);
		expect(state.toolCalls.c1).toMatchObject({ phase: "denied", reason: "new_message" });
		expect(state.toolCalls.c2).toMatchObject({ phase: "completed", reason: "new_message" });
		expect(state.toolCalls.c3).toMatchObject({ phase: "denied", comment: "not now" });
		expect(state.toolCalls.c3).not.toHaveProperty("reason");
	});

	it("ignores an unknown event type but advances lastSeq", () => {
		const state = project("t1", [{ type: "hologram", unknown: true, seq: 1, threadId: "t1", at: "x" }]);
		expect(state).toStrictEqual({ ...emptyState("t1"), lastSeq: 1 });
	});

	it("folds a turn with streamed text, a proposed call, its decision, run and result", () => {
		const state = project(
			"t1",
			stamp([
				{ type: "thread_created", title: "Plan" },
				{ type: "user_message", messageId: "u1", content: "Tidy Daily.md", pinned: [{ path: "Daily.md" }] },
				{ type: "status", status: "thinking" },
				{ type: "assistant_message_started", messageId: "a1" },
				{ type: "assistant_token", messageId: "a1", text: "Sure" },
				{ type: "assistant_token", messageId: "a1", text: ", reading." },
				{ type: "tool_call_proposed", callId: "c1", tool: "readNote", args: { path: "Daily.md" }, messageId: "a1" },
				{ type: "assistant_message_completed", messageId: "a1", finishReason: "tool_calls" },
				{ type: "status", status: "waiting_for_approval", detail: "1 call" },
			]),
		);
		expect(state.title).toBe("Plan");
		expect(state.messages[1]).toMatchObject({
			kind: "assistant",
			text: "Sure, reading.",
			streaming: false,
			toolCallIds: ["c1"],
		});
		expect(state.pendingApprovals).toEqual(["c1"]);
		expect(state.status).toBe("waiting_for_approval");
		expect(state.statusDetail).toBe("1 call");
		expect(state.turns).toEqual([
			{
				userMessageId: "u1",
				startedAt: state.messages[0]?.at,
				callIds: ["c1"],
				waitingSince: expect.any(String) as unknown,
			},
		]);

		const done = [
			{ type: "tool_call_decided", callId: "c1", decision: "approved", by: "user" },
			{ type: "tool_call_started", callId: "c1" },
			{ type: "tool_call_completed", callId: "c1", result: { status: "success", message: "ok" } },
			{ type: "status", status: "idle" },
		] as const;
		let next = state;
		done.forEach((e, i) => {
			next = apply(next, { ...e, seq: 10 + i, threadId: "t1", at: `t${i}` });
		});
		expect(next.pendingApprovals).toEqual([]);
		expect(next.toolCalls.c1).toMatchObject({
			phase: "completed",
			decision: "approved",
			decidedBy: "user",
			result: { status: "success" },
		});
		expect(next.statusDetail).toBeUndefined();
		expect(next.turns[0]?.endedAt).toBe("t3");
	});

	it("times a turn's waits for the user apart from the agent's work, over every kind of wait", () => {
		const at = (second: number) => new Date(Date.UTC(2025, 0, 1, 0, 0, second)).toISOString();
		const events: NewEvent[] = [
			{ type: "user_message", messageId: "u1", content: "Go", pinned: [] },
			{ type: "status", status: "thinking" },
			{ type: "status", status: "waiting_for_approval" },
			{ type: "status", status: "waiting_for_approval", detail: "2 calls" },
			{ type: "status", status: "running_tool" },
			{ type: "status", status: "waiting_for_review" },
			{ type: "status", status: "thinking" },
			{ type: "status", status: "waiting_for_answer" },
			{ type: "status", status: "idle" },
		];
		const seconds = [0, 1, 3, 10, 20, 21, 31, 32, 40];
		let state = project("t1", []);
		events.forEach((e, i) => {
			state = apply(state, { ...e, seq: i + 1, threadId: "t1", at: at(seconds[i] ?? 0) });
			if (e.type === "status" && e.status === "waiting_for_approval") expect(state.turns[0]?.waitingSince).toBe(at(3));
		});
		// 3..20 (17 s, one wait across two waiting statuses), 21..31 (10 s), 32..40 (8 s).
		expect(state.turns[0]?.waitedMs).toBe(35_000);
		expect(state.turns[0]?.waitingSince).toBeUndefined();
		expect(state.turns[0]?.endedAt).toBe(at(40));
	});

	it("shows the latest progress of a running call, with the edit blocks counted so far", () => {
		const state = project(
			"t1",
			stamp([
				{ type: "tool_call_proposed", callId: "c1", tool: "declareEditIntent", args: {}, messageId: "a1" },
				{ type: "tool_call_started", callId: "c1" },
				{ type: "tool_call_progress", callId: "c1", phase: "generating", changes: 1 },
				{ type: "tool_call_progress", callId: "c1", phase: "generating", changes: 2 },
			]),
		);
		expect(state.toolCalls.c1?.progress).toEqual({ phase: "generating", changes: 2 });
		const retrying = apply(state, {
			type: "tool_call_progress",
			callId: "c1",
			phase: "retrying",
			fraction: 0.4,
			seq: 5,
			threadId: "t1",
			at: "t5",
		});
		expect(retrying.toolCalls.c1?.progress).toEqual({ phase: "retrying", fraction: 0.4 });
	});

	it("links an edit intent to its call whichever of the two arrives first", () => {
		const intent: NewEvent = {
			type: "edit_intent_declared",
			editId: "e1",
			callId: "c1",
			path: "A.md",
			operation: "modify",
			description: "Remove headings",
		};
		const proposal: NewEvent = {
			type: "tool_call_proposed",
			callId: "c1",
			tool: "declareEditIntent",
			args: {},
			messageId: "a1",
		};
		expect(project("t1", stamp([intent, proposal])).toolCalls.c1?.editId).toBe("e1");
		expect(project("t1", stamp([proposal, intent])).toolCalls.c1?.editId).toBe("e1");
	});

	it("links a question to its call and closes it once answered", () => {
		const state = project(
			"t1",
			stamp([
				{ type: "tool_call_proposed", callId: "c1", tool: "askUser", args: {}, messageId: "a1" },
				{
					type: "question_asked",
					askId: "q1",
					callId: "c1",
					questions: [{ question: "Which?", options: [{ label: "A" }], multiSelect: false }],
				},
			]),
		);
		expect(state.toolCalls.c1?.askId).toBe("q1");
		expect(state.openQuestions).toEqual(["q1"]);
		const answered = apply(state, {
			type: "question_answered",
			askId: "q1",
			answers: { 0: ["A"] },
			seq: 3,
			threadId: "t1",
			at: "x",
		});
		expect(answered.openQuestions).toEqual([]);
		expect(answered.questions.q1?.answers).toEqual({ 0: ["A"] });
	});

	it("keeps pinned items unique by path or handle and removes them on unpin", () => {
		const state = project(
			"t1",
			stamp([
				{ type: "item_pinned", item: { path: "A.md" } },
				{ type: "item_pinned", item: { path: "A.md" } },
				{ type: "item_pinned", item: { handle: "sel-1" } },
				{ type: "item_unpinned", item: { path: "A.md" } },
			]),
		);
		expect(state.pinned).toEqual([{ handle: "sel-1" }]);
	});

	it("records edits applied and reverted, errors, and preferences", () => {
		const state = project(
			"t1",
			stamp([
				{
					type: "edit_intent_declared",
					editId: "e1",
					callId: "c1",
					path: "A.md",
					operation: "modify",
					description: "d",
				},
				{ type: "edit_applied", editId: "e1", path: "A.md", versionId: "v1", added: 2, removed: 1 },
				{ type: "edit_reverted", editId: "e1", path: "A.md", versionId: "v2", added: 1, removed: 2 },
				{ type: "error", message: "model down", retryable: true },
				{ type: "tool_preference_set", tool: "readNote", preference: "never" },
			]),
		);
		expect(state.edits.e1).toMatchObject({ applied: { versionId: "v1" }, reverted: { versionId: "v2" } });
		expect(state.errors).toEqual([
			{ seq: 4, at: expect.any(String) as string, message: "model down", retryable: true },
		]);
		expect(state.preferences).toEqual({ readNote: "never" });
	});
});

describe("review before write in the fold", () => {
	const proposed = (): NewEvent[] => [
		{ type: "tool_call_proposed", callId: "k1", tool: "declareEditIntent", args: {}, messageId: "m1" },
		{
			type: "edit_intent_declared",
			editId: "e1",
			callId: "k1",
			path: "A.md",
			operation: "modify",
			description: "tidy",
		},
		{ type: "tool_call_started", callId: "k1" },
		{
			type: "edit_proposed",
			editId: "e1",
			callId: "k1",
			path: "A.md",
			changes: [
				{ changeId: "c1", before: "a\n", after: "A\n", startLine: 1 },
				{ changeId: "c2", before: "c\n", after: "C\n", startLine: 3 },
			],
		},
		{ type: "status", status: "waiting_for_review" },
	];

	it("shows a proposed draft on its call and as an open review, without a pending approval", () => {
		const state = project("t1", stamp(proposed()));
		expect(state.status).toBe("waiting_for_review");
		expect(state.pendingApprovals).toEqual([]);
		expect(state.openReviews).toEqual(["k1"]);
		expect(state.toolCalls.k1?.draft).toEqual({
			editId: "e1",
			path: "A.md",
			changes: [
				{ changeId: "c1", before: "a\n", after: "A\n", startLine: 1 },
				{ changeId: "c2", before: "c\n", after: "C\n", startLine: 3 },
			],
		});
	});

	it("keeps the draft's warnings on it, and a proposal from an older log (no warnings) has none", () => {
		const warned = proposed().map((event) =>
			event.type === "edit_proposed" ? { ...event, warnings: ["This draft removes 6 of the note's 11 lines."] } : event,
		);
		const events = stamp(warned);
		const state = project("t1", events);
		expect(state.toolCalls.k1?.draft?.warnings).toEqual(["This draft removes 6 of the note's 11 lines."]);
		expect(events.reduce(apply, emptyState("t1"))).toStrictEqual(state);
		expect(project("t1", stamp(proposed())).toolCalls.k1?.draft).not.toHaveProperty("warnings");
	});

	it("closes the review once decided and keeps the decision on the call, in a replay as live", () => {
		const events = stamp([
			...proposed(),
			{
				type: "edit_reviewed",
				editId: "e1",
				callId: "k1",
				accepted: ["c1"],
				rejected: ["c2"],
				replaced: { c1: "mine\n" },
				comment: "keep c",
			},
		]);
		const state = project("t1", events);
		expect(state.openReviews).toEqual([]);
		expect(state.toolCalls.k1?.draft?.reviewed).toEqual({
			accepted: ["c1"],
			rejected: ["c2"],
			replaced: { c1: "mine\n" },
			comment: "keep c",
		});
		expect(events.reduce(apply, emptyState("t1"))).toStrictEqual(state);
	});

	it("finds the open review by its editId when edit_reviewed names no call, and ignores a review of nothing open", () => {
		const state = project(
			"t1",
			stamp([
				...proposed(),
				{ type: "edit_reviewed", editId: "e1", accepted: [], rejected: ["c1", "c2"], reason: "new_message" },
				{ type: "edit_reviewed", editId: "e9", accepted: [], rejected: [] },
			]),
		);
		expect(state.openReviews).toEqual([]);
		expect(state.toolCalls.k1?.draft?.reviewed).toEqual({
			accepted: [],
			rejected: ["c1", "c2"],
			reason: "new_message",
		});
	});
});
