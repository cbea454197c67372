/**
 * Contract 1: the typed events of a thread's append-only log (../shared/ARCHITECTURE.md).
 * Every event carries seq (1.. per thread, never repeats: the resume point), threadId and at.
 */
import type * as z from "zod/mini";
import type {
	askAnswersSchema,
	askOptionSchema,
	askQuestionSchema,
	chipContextSchema,
	contextPartsSchema,
	editOperationSchema,
	EVENT_SCHEMAS,
	budgetAmountSchema,
	modelRoleSchema,
	modelUsageSchema,
	pauseReasonSchema,
	usagePurposeSchema,
	pinnedItemSchema,
	pinScopeSchema,
	reviewChangeSchema,
	settleReasonSchema,
	threadStatusSchema,
	toolDecisionSchema,
	toolPreferenceSchema,
	toolWordsSchema,
	selectionSchema,
} from "./event-schemas";

export const EVENT_SCHEMA_VERSION = 1;

// The types of contract 1, derived from its schemas (event-schemas.ts, where each is explained).
export type ThreadStatus = z.infer<typeof threadStatusSchema>;
export type ToolPreference = z.infer<typeof toolPreferenceSchema>;
export type ToolDecision = z.infer<typeof toolDecisionSchema>;
export type EditOperation = z.infer<typeof editOperationSchema>;
export type PinnedItem = z.infer<typeof pinnedItemSchema>;
export type PinScope = z.infer<typeof pinScopeSchema>;
export type SettleReason = z.infer<typeof settleReasonSchema>;
export type AskOption = z.infer<typeof askOptionSchema>;
export type AskQuestion = z.infer<typeof askQuestionSchema>;
export type AskAnswers = z.infer<typeof askAnswersSchema>;
export type ModelUsage = z.infer<typeof modelUsageSchema>;
export type ModelRole = z.infer<typeof modelRoleSchema>;
export type UsagePurpose = z.infer<typeof usagePurposeSchema>;
export type PauseReason = z.infer<typeof pauseReasonSchema>;
export type BudgetAmount = z.infer<typeof budgetAmountSchema>;
export type ToolWords = z.infer<typeof toolWordsSchema>;
export type ReviewChange = z.infer<typeof reviewChangeSchema>;
export type EditSelection = z.infer<typeof selectionSchema>;
export type ContextParts = z.infer<typeof contextPartsSchema>;
export type ChipContext = z.infer<typeof chipContextSchema>;

/** Payload of each event type, without the common fields: one schema each (event-schemas.ts). */
export type EventPayloads = { [K in keyof typeof EVENT_SCHEMAS]: z.infer<(typeof EVENT_SCHEMAS)[K]> };

export type EventType = keyof EventPayloads;

export interface EventBase {
	seq: number;
	threadId: string;
	at: string; // ISO time
}

export type ThreadEventOf<K extends EventType> = EventBase & { type: K } & EventPayloads[K];

/** The discriminated union of every known event. */
export type ThreadEvent = { [K in EventType]: ThreadEventOf<K> }[EventType];

/** What a producer hands the log: the log stamps seq, threadId and at. */
export type NewEvent = { [K in EventType]: { type: K } & EventPayloads[K] }[EventType];

/**
 * An event whose type this version does not know (written by a newer Redline). It is kept in the
 * log and passed through, and the projection ignores it.
 */
export interface UnknownEvent extends EventBase {
	type: string;
	unknown: true;
	[key: string]: unknown;
}

export type StoredEvent = ThreadEvent | UnknownEvent;

export function isKnownEvent(event: StoredEvent): event is ThreadEvent {
	return !("unknown" in event && event.unknown === true);
}
