/**
 * fast-check generators of "valid-ish" event sequences: ids come from small pools so events
 * refer to each other (and sometimes to things that do not exist, or arrive out of order).
 */
import fc from "fast-check";
import type { AskQuestion, NewEvent, StoredEvent } from "../../../src/log/events";

const messageId = fc.constantFrom("m1", "m2", "m3");
const callId = fc.constantFrom("c1", "c2", "c3", "c4");
const askId = fc.constantFrom("a1", "a2");
const editId = fc.constantFrom("e1", "e2");
const text = fc.string({ maxLength: 6 });
const pinned = fc.oneof(
	fc.record({ path: fc.constantFrom("A.md", "B.md") }),
	fc.record({ handle: fc.constantFrom("h1", "h2") }),
);
const status = fc.constantFrom(
	"idle",
	"thinking",
	"waiting_for_approval",
	"waiting_for_answer",
	"waiting_for_review",
	"running_tool",
	"error" as const,
);

export const newEventArb: fc.Arbitrary<NewEvent> = fc.oneof(
	fc.record(
		{ type: fc.constant("thread_created" as const), title: fc.option(text, { nil: undefined }) },
		{ requiredKeys: ["type"] },
	),
	fc.record(
		{
			type: fc.constant("thread_renamed" as const),
			title: text,
			by: fc.option(fc.constantFrom("user", "auto" as const), { nil: undefined }),
		},
		{ requiredKeys: ["type", "title"] },
	),
	fc.record({
		type: fc.constant("user_message" as const),
		messageId,
		content: text,
		pinned: fc.array(pinned, { maxLength: 2 }),
	}),
	fc.record({ type: fc.constant("assistant_message_started" as const), messageId }),
	fc.record({ type: fc.constant("assistant_token" as const), messageId, text }),
	fc.record({ type: fc.constant("assistant_reasoning" as const), messageId, text }),
	// DeepSeek's form, mixed into the same runs: pieces of different forms must not merge on disk.
	fc.record({
		type: fc.constant("assistant_reasoning" as const),
		messageId,
		text,
		form: fc.constant("reasoning_content" as const),
	}),
	// Answer taken back as reasoning (a bare </think>): its count must survive coalescing on disk.
	fc.record({ type: fc.constant("assistant_reasoning" as const), messageId, text, fromAnswer: fc.nat(8) }),
	fc.record({
		type: fc.constant("assistant_message_completed" as const),
		messageId,
		finishReason: fc.constantFrom("stop", "tool_calls"),
	}),
	fc.record(
		{ type: fc.constant("status" as const), status, detail: fc.option(text, { nil: undefined }) },
		{ requiredKeys: ["type", "status"] },
	),
	fc.record({
		type: fc.constant("tool_call_proposed" as const),
		callId,
		tool: fc.constantFrom("readNote", "askUser"),
		args: fc.record({ path: text }, { noNullPrototype: true }),
		messageId,
	}),
	fc.record(
		{
			type: fc.constant("tool_call_decided" as const),
			callId,
			decision: fc.constantFrom("approved", "denied" as const),
			by: fc.constantFrom("user", "policy" as const),
			comment: fc.option(text, { nil: undefined }),
			reason: fc.option(fc.constant("new_message" as const), { nil: undefined }),
		},
		{ requiredKeys: ["type", "callId", "decision", "by"] },
	),
	fc.record({ type: fc.constant("tool_call_started" as const), callId }),
	fc.record(
		{
			type: fc.constant("tool_call_progress" as const),
			callId,
			phase: text,
			fraction: fc.option(fc.double({ min: 0, max: 1, noNaN: true }), { nil: undefined }),
			changes: fc.option(fc.nat(50), { nil: undefined }),
		},
		{ requiredKeys: ["type", "callId", "phase"] },
	),
	fc.record(
		{
			type: fc.constant("tool_call_completed" as const),
			callId,
			result: fc.record({ status: fc.constantFrom("success", "error" as const), message: text }),
			reason: fc.option(fc.constant("new_message" as const), { nil: undefined }),
		},
		{ requiredKeys: ["type", "callId", "result"] },
	),
	fc.record({
		type: fc.constant("tool_preference_set" as const),
		tool: fc.constantFrom("readNote", "askUser"),
		preference: fc.constantFrom("prompt", "always", "never" as const),
	}),
	fc.record({
		type: fc.constant("question_asked" as const),
		askId,
		callId,
		questions: fc.constant<AskQuestion[]>([
			{ question: "Which?", options: [{ label: "A" }, { label: "B" }], multiSelect: false },
		]),
	}),
	fc.record({
		type: fc.constant("question_answered" as const),
		askId,
		answers: fc.dictionary(fc.constantFrom("0", "1"), fc.array(text, { maxLength: 2 }), { noNullPrototype: true }),
	}),
	fc.record({
		type: fc.constant("edit_intent_declared" as const),
		editId,
		callId,
		path: fc.constantFrom("A.md", "B.md"),
		operation: fc.constantFrom("create", "modify", "rewrite" as const),
		description: text,
	}),
	fc.record(
		{
			type: fc.constant("edit_proposed" as const),
			editId,
			callId,
			path: fc.constant("A.md"),
			changes: fc.array(
				fc.record({ changeId: fc.constantFrom("c1", "c2", "c3"), before: text, after: text, startLine: fc.nat(9) }),
				{ maxLength: 3 },
			),
			warnings: fc.array(text, { minLength: 1, maxLength: 2 }),
		},
		{ requiredKeys: ["type", "editId", "callId", "path", "changes"] },
	),
	fc.record(
		{
			type: fc.constant("edit_reviewed" as const),
			editId,
			callId,
			accepted: fc.array(fc.constantFrom("c1", "c2"), { maxLength: 2 }),
			rejected: fc.array(fc.constantFrom("c2", "c3"), { maxLength: 2 }),
			replaced: fc.dictionary(fc.constantFrom("c1", "c2"), text, { noNullPrototype: true }),
			comment: text,
			reason: fc.constantFrom("new_message", "stopped" as const),
		},
		{ requiredKeys: ["type", "editId", "accepted", "rejected"] },
	),
	fc.record({
		type: fc.constant("edit_applied" as const),
		editId,
		path: fc.constant("A.md"),
		versionId: text,
		added: fc.nat(9),
		removed: fc.nat(9),
	}),
	fc.record(
		{
			type: fc.constant("edit_reverted" as const),
			editId,
			path: fc.constant("A.md"),
			versionId: text,
			added: fc.nat(9),
			removed: fc.nat(9),
			undid: fc.option(text, { nil: undefined }),
			restored: fc.option(fc.constant(true as const), { nil: undefined }),
		},
		{ requiredKeys: ["type", "editId", "path", "versionId", "added", "removed"] },
	),
	fc.record({
		type: fc.constant("turn_undone" as const),
		messageId,
		undone: fc.array(editId, { maxLength: 2 }),
		notUndone: fc.array(fc.record({ editId, path: fc.constant("A.md"), message: text }), { maxLength: 2 }),
	}),
	fc.record({ type: fc.constant("item_pinned" as const), item: pinned }),
	fc.record({ type: fc.constant("item_unpinned" as const), item: pinned }),
	fc.record({ type: fc.constant("error" as const), message: text, retryable: fc.boolean() }),
	fc.record(
		{
			type: fc.constant("context_compacted" as const),
			fromSeq: fc.nat(9),
			toSeq: fc.nat(20),
			summary: text,
			tokensSaved: fc.option(fc.nat(5000), { nil: undefined }),
		},
		{ requiredKeys: ["type", "fromSeq", "toSeq", "summary"] },
	),
	fc.record({
		type: fc.constant("context_limit_reached" as const),
		model: fc.constant("m"),
		limitTokens: fc.nat(100_000),
		stated: fc.boolean(),
	}),
);

/** Mostly known events, now and then one from a "newer version". */
const storedPayloadArb = fc.oneof(
	{ arbitrary: newEventArb, weight: 20 },
	{
		arbitrary: fc.record({ type: fc.constant("from_the_future"), unknown: fc.constant(true as const), extra: text }),
		weight: 1,
	},
);

export const eventsArb: fc.Arbitrary<StoredEvent[]> = fc.array(storedPayloadArb, { maxLength: 80 }).map((payloads) =>
	payloads.map((payload, i) => ({
		...payload,
		seq: i + 1,
		threadId: "t1",
		at: new Date(Date.UTC(2025, 0, 1, 0, 0, i)).toISOString(),
	})),
);

export function deepFreeze<T>(value: T): T {
	if (value && typeof value === "object" && !Object.isFrozen(value)) {
		Object.freeze(value);
		for (const child of Object.values(value)) deepFreeze(child);
	}
	return value;
}
