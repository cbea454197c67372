/**
 * Contract 1, declared once: each event type's payload as a zod schema. Everything else about an
 * event follows from its entry here: its TypeScript type (events.ts derives EventPayloads, the
 * ThreadEvent union and NewEvent from it), the codec's check of a line read back (log-codec.ts
 * derives each type's required keys and their typeof), and the fold's cases (projection.ts
 * switches over every type, so a new one fails typecheck until it is folded). A new event is one
 * entry here plus its case in the fold; forgetting the codec is no longer possible.
 *
 * Only types are imported from this file outside src/log/ (the pane's bundle stays free of zod);
 * the codec is what reads the schemas at run time. Optional fields are what older logs may lack.
 */
import * as z from "zod/mini";
import { toolResultSchema } from "./tool-result";

export const threadStatusSchema = z.enum([
	"idle",
	"thinking",
	"waiting_for_approval",
	"waiting_for_answer",
	"waiting_for_review",
	"running_tool",
	"paused",
	"error",
]);
export const toolPreferenceSchema = z.enum(["prompt", "always", "never"]);
export const toolDecisionSchema = z.enum(["approved", "denied"]);
/**
 * "delete": deleteNote's, the note moved to the trash; "move": moveNote's, the note moved or
 * renamed with the links to it (the edit tools never declare either).
 */
export const editOperationSchema = z.enum(["create", "modify", "rewrite", "delete", "move"]);
/**
 * How long a pin lasts (issue 30): "message", for the next message only (the service unpins it
 * with item_unpinned once that message is sent); "chat", kept for every message in this chat.
 * Absent (every pin of a log written before scopes): kept, as pins always were.
 */
export const pinScopeSchema = z.enum(["message", "chat"]);
/**
 * What a chip in the composer adds (issues 30, 33): a note (path), an attachment (handle), or a
 * set of notes resolved when the message is sent: a folder's notes, the notes with a tag, the
 * notes linking to a note (backlinksOf), the notes a note links to, one hop (linksFrom).
 */
export const pinnedItemSchema = z.union([
	z.object({ path: z.string(), scope: z.optional(pinScopeSchema) }),
	z.object({ handle: z.string(), scope: z.optional(pinScopeSchema) }),
	z.object({ folder: z.string(), scope: z.optional(pinScopeSchema) }),
	z.object({ tag: z.string(), scope: z.optional(pinScopeSchema) }),
	z.object({ backlinksOf: z.string(), scope: z.optional(pinScopeSchema) }),
	z.object({ linksFrom: z.string(), scope: z.optional(pinScopeSchema) }),
]);
/**
 * A set chip as it was sent with a message (user_message.context): the notes it added in full,
 * as read then (the model's transcript is rebuilt from the log, so the text is kept), and those
 * past the chip's limit, named only. total: the notes it matched.
 */
export const chipContextSchema = z.object({
	item: pinnedItemSchema,
	notes: z.array(z.object({ path: z.string(), content: z.string() })),
	listed: z.array(z.string()),
	total: z.number(),
});
/** Why a call was settled for the user rather than by them (tool_call_decided/completed.reason; newest-message.ts). */
export const settleReasonSchema = z.enum(["new_message", "stopped"]);

/**
 * One change of a drafted edit, as the review shows it (src/composer/review/changes.ts): the base's
 * lines it replaces and the draft's lines that replace them, both model text, with the 1-based
 * line of the base where it starts. changeIds are c1, c2, … in document order.
 */
export const reviewChangeSchema = z.object({
	changeId: z.string(),
	before: z.string(),
	after: z.string(),
	startLine: z.number(),
});

/**
 * The passage an edit in place is confined to (issue 34): the note, and [from, to) in its text as
 * the editor holds it (LF lines, no BOM: the composer's model text), with the text selected then.
 * from === to with text "": insert at the cursor.
 */
export const selectionSchema = z.object({ path: z.string(), from: z.number(), to: z.number(), text: z.string() });

/** One askUser question as recorded (options normalized to objects). */
export const askOptionSchema = z.object({ label: z.string(), description: z.optional(z.string()) });
export const askQuestionSchema = z.object({
	question: z.string(),
	header: z.optional(z.string()),
	options: z.array(askOptionSchema),
	multiSelect: z.boolean(),
});
/**
 * A call in words for a person, made by its tool from the arguments (src/tools/tool.ts `words`):
 * the card's title ("Read Daily.md"), the step while it runs or waits ("Reading Daily.md"), and the
 * step once done when that reads differently ("Asked 2 questions"; absent: `active`).
 */
export const toolWordsSchema = z.object({ title: z.string(), active: z.string(), done: z.optional(z.string()) });

/** Answers keyed by question index ("0", "1", ...): option labels, plus at most one free text. */
// (A catchall of an empty object is Record<string, string[]> at a fraction of z.record's bytes in main.js.)
export const askAnswersSchema = z.catchall(z.object({}), z.array(z.string()));

/**
 * What the provider reported for the request that produced a message (`usage.prompt_tokens`,
 * `usage.completion_tokens`), next to Redline's own estimate of that same request, so the token
 * estimate's per-thread calibration is derived from the log and survives a restart.
 */
export const modelUsageSchema = z.object({
	promptTokens: z.number(),
	completionTokens: z.optional(z.number()),
	estimatedPromptTokens: z.optional(z.number()),
	/**
	 * Issue 33 (what a turn costs): the part of promptTokens the provider served from its cache
	 * (OpenAI's `prompt_tokens_details.cached_tokens`); absent when it reported none.
	 */
	cachedTokens: z.optional(z.number()),
	/** The provider sent no usage: both counts are Redline's estimate (shown with "≈", never calibrated on). */
	estimated: z.optional(z.boolean()),
	/** The model that answered (the settings' model name), for its price. */
	model: z.optional(z.string()),
	/**
	 * What the call cost in US dollars: the provider's own figure (OpenRouter's `usage.cost`), else
	 * the price table's for the model at the time (src/llm/prices.ts). Absent: no price known.
	 */
	costUsd: z.optional(z.number()),
	/** Model calls summed into this record (an apply retried with the whole note, a summary in chunks); absent: one. */
	calls: z.optional(z.number()),
});

/** Which model made a call (main: the reasoning, tool-calling model; apply: drafts, titles, summaries). */
export const modelRoleSchema = z.enum(["main", "apply"]);
/** What a call recorded by usage_recorded was for. */
export const usagePurposeSchema = z.enum(["reply", "edit", "title", "summary"]);

/** Why a turn paused (issue 33): the thread's budget was spent, or N model steps ran without the user. */
export const pauseReasonSchema = z.enum(["budget", "step_limit"]);
/** A budget or an amount spent: tokens (input plus output of every model call) or US dollars. */
export const budgetAmountSchema = z.object({ unit: z.enum(["tokens", "usd"]), amount: z.number() });
/** A request's tokens by what they carry (context_measured). */
export const contextPartsSchema = z.object({
	system: z.number(),
	tools: z.number(),
	instructions: z.number(),
	pinned: z.number(),
	conversation: z.number(),
	toolResults: z.number(),
});

/** Payload of each event type, without the common fields (seq, threadId, at: events.ts). */
export const EVENT_SCHEMAS = {
	thread_created: z.object({ title: z.optional(z.string()), v: z.optional(z.number()) }),
	/**
	 * by: "auto" for the title made after the first reply; absent (older logs) or "user" otherwise.
	 * usage: what the title call spent (the apply model's), when one was made (issue 33).
	 */
	thread_renamed: z.object({
		title: z.string(),
		by: z.optional(z.enum(["user", "auto"])),
		usage: z.optional(modelUsageSchema),
	}),
	/** selection: the message asks to edit this passage only ("Edit selection with Redline", issue 34). */
	/** context: what the message's set chips added, resolved as it was sent (absent: none). */
	user_message: z.object({
		messageId: z.string(),
		content: z.string(),
		pinned: z.array(pinnedItemSchema),
		selection: z.optional(selectionSchema),
		context: z.optional(z.array(chipContextSchema)),
	}),
	assistant_message_started: z.object({ messageId: z.string() }),
	assistant_token: z.object({ messageId: z.string(), text: z.string() }),
	/**
	 * A thinking model's reasoning (`<think>` content, `reasoning_content` or `reasoning` deltas):
	 * streamed and coalesced on disk like tokens, shown as a step, never as answer text, and not
	 * replayed to the model, except where its API requires it: form "reasoning_content" (absent in
	 * older logs and for the other forms) is DeepSeek's, sent back on a message that made tool calls.
	 * fromAnswer: the first this many characters of the message's text so far (as the fold holds
	 * it) were reasoning after all (a reply whose `<think>` was in the prompt, closed by a bare
	 * `</think>`): they move to the reasoning, ahead of this event's text. Never coalesced.
	 */
	assistant_reasoning: z.object({
		messageId: z.string(),
		text: z.string(),
		form: z.optional(z.enum(["reasoning_content"])),
		fromAnswer: z.optional(z.number()),
	}),
	/**
	 * usage: what the call spent, the provider's or Redline's estimate (marked `estimated`); also on
	 * a reply that was stopped, dropped or failed after it started. Absent in logs from before it
	 * was recorded.
	 */
	assistant_message_completed: z.object({
		messageId: z.string(),
		finishReason: z.string(),
		usage: z.optional(modelUsageSchema),
	}),
	status: z.object({ status: threadStatusSchema, detail: z.optional(z.string()) }),
	/**
	 * words: the call in the tool's words for the pane, recorded by the agent (absent for a tool
	 * it does not have, and in older logs: the thread service fills those in when it loads them).
	 */
	tool_call_proposed: z.object({
		callId: z.string(),
		tool: z.string(),
		args: z.unknown(),
		messageId: z.string(),
		words: z.optional(toolWordsSchema),
	}),
	/**
	 * reason: why a call was settled without the user deciding it, for the pane's words (the
	 * comment is written for the model). "new_message": a newer user message overtook it. Absent
	 * for a decision the user (or a preference, `by: "policy"`) made, and in older logs.
	 */
	tool_call_decided: z.object({
		callId: z.string(),
		decision: toolDecisionSchema,
		by: z.enum(["user", "policy"]),
		comment: z.optional(z.string()),
		reason: z.optional(settleReasonSchema),
	}),
	tool_call_started: z.object({ callId: z.string() }),
	/** changes: edit blocks received so far while a fast apply streams ("2 changes so far"). */
	tool_call_progress: z.object({
		callId: z.string(),
		phase: z.string(),
		fraction: z.optional(z.number()),
		changes: z.optional(z.number()),
	}),
	/**
	 * reason: as on tool_call_decided, for an approved call that never started ("new_message");
	 * "stopped": the user pressed Stop, before the call started or while it ran.
	 */
	tool_call_completed: z.object({
		callId: z.string(),
		result: toolResultSchema,
		reason: z.optional(settleReasonSchema),
	}),
	tool_preference_set: z.object({ tool: z.string(), preference: toolPreferenceSchema }),
	question_asked: z.object({ askId: z.string(), callId: z.string(), questions: z.array(askQuestionSchema) }),
	/** skipped: the user skipped the card's questions (answers then empty); the model reads that they did. */
	question_answered: z.object({ askId: z.string(), answers: askAnswersSchema, skipped: z.optional(z.boolean()) }),
	edit_intent_declared: z.object({
		editId: z.string(),
		callId: z.string(),
		path: z.string(),
		operation: editOperationSchema,
		description: z.string(),
	}),
	/** usage: what the apply model spent drafting it, when written without a review (absent otherwise and in older logs). */
	edit_applied: z.object({
		editId: z.optional(z.string()),
		path: z.string(),
		versionId: z.string(),
		added: z.number(),
		removed: z.number(),
		usage: z.optional(modelUsageSchema),
	}),
	/**
	 * A revert by any route, appended to the thread whose edit it undid. versionId is the history
	 * entry the revert made; undid is the entry it reversed. restored: true when the revert undid
	 * an earlier revert of this edit (the card shows "Restored"), absent when it undid the edit.
	 */
	edit_reverted: z.object({
		editId: z.optional(z.string()),
		path: z.string(),
		versionId: z.string(),
		added: z.number(),
		removed: z.number(),
		undid: z.optional(z.string()),
		restored: z.optional(z.boolean()),
		/** A move undone: the notes whose links could not be put back (edited since), named on the card. */
		notRestored: z.optional(z.array(z.string())),
	}),
	/**
	 * Undo this turn (issue 31, v1.thread.undoTurn): appended once the undo has run, after the
	 * edit_reverted of every write it undid. notUndone: the writes it left in place and why (the
	 * user changed the same lines since, the note is gone), so the pane names them after a reload.
	 */
	turn_undone: z.object({
		messageId: z.string(),
		undone: z.array(z.string()),
		notUndone: z.array(z.object({ editId: z.string(), path: z.string(), message: z.string() })),
	}),
	/**
	 * Review before write (issue 29): the validated draft of an edit call, nothing written. The full
	 * base and draft texts are kept in the Store (src/composer/draft-store.ts), so a restart re-arms
	 * the same changes and ids. callId: the call whose draft it is (an intent's follow-up executeEdit
	 * drafts under the same editId). warnings: the validation's doubts about the draft, worded for
	 * the user ("This draft removes 6 of the note's 11 lines. …"), shown on the card; absent when
	 * there are none (and in logs older than issue 30).
	 */
	edit_proposed: z.object({
		editId: z.string(),
		callId: z.string(),
		path: z.string(),
		changes: z.array(reviewChangeSchema),
		warnings: z.optional(z.array(z.string())),
		/** What the apply model spent on this draft (issue 33); absent in older logs. */
		usage: z.optional(modelUsageSchema),
	}),
	/**
	 * The user's decision on a proposed draft: every changeId accepted or rejected once; replaced:
	 * the user's own text for an accepted change. reason: the draft was settled for the user (a new
	 * message, Stop), not by them. callId: absent in no log yet, kept optional so a review can be
	 * addressed by its editId alone.
	 */
	edit_reviewed: z.object({
		editId: z.string(),
		callId: z.optional(z.string()),
		accepted: z.array(z.string()),
		rejected: z.array(z.string()),
		replaced: z.optional(z.record(z.string(), z.string())),
		comment: z.optional(z.string()),
		reason: z.optional(settleReasonSchema),
	}),
	/** Pins item, or changes the scope of an item pinned already (the chip's Keep). */
	item_pinned: z.object({ item: pinnedItemSchema }),
	item_unpinned: z.object({ item: pinnedItemSchema }),
	/**
	 * The transcript sent to the model replaces events fromSeq..toSeq (inclusive) by summary; the
	 * log keeps them all and the pane still shows them. tokensSaved: the estimate shown to the user.
	 * usage: what the apply model spent writing the summary, all its chunks' calls (issue 33).
	 */
	context_compacted: z.object({
		fromSeq: z.number(),
		toSeq: z.number(),
		summary: z.string(),
		tokensSaved: z.optional(z.number()),
		usage: z.optional(modelUsageSchema),
	}),
	/**
	 * The provider refused a request as longer than the model's context. limitTokens: the limit
	 * its message stated (stated: true), or the smaller budget Redline chose when it stated none;
	 * later requests to this model keep under it. requestTokens: the request's size, if stated.
	 */
	context_limit_reached: z.object({
		model: z.string(),
		limitTokens: z.number(),
		stated: z.boolean(),
		requestTokens: z.optional(z.number()),
	}),
	/**
	 * The turn stopped before its next model call and waits for Continue (v1.thread.resume) or Stop
	 * (issue 33). "budget": the thread spent its budget (spent and budget in the budget's unit);
	 * "step_limit": `steps` model calls ran in a row without the user.
	 */
	turn_paused: z.object({
		reason: pauseReasonSchema,
		spent: z.optional(budgetAmountSchema),
		budget: z.optional(budgetAmountSchema),
		steps: z.optional(z.number()),
	}),
	/**
	 * Continue on a paused turn (v1.thread.resume): it goes on where it stopped. After a budget
	 * pause the budget grows by one more of the settings' budget (each such event counts once);
	 * after a step-limit pause the steps without the user are counted again from this event.
	 */
	turn_resumed: z.object({ reason: pauseReasonSchema }),
	/**
	 * The context meter (issue 33): what the request about to be sent holds, measured by the code
	 * that fitted it (src/agent/context-parts.ts) and calibrated to the provider's tokens.
	 * tokens: the whole request (the parts' sum); window: the context window it was fitted to;
	 * roomBeforeCompaction: tokens the thread may still grow before earlier messages are
	 * compacted. Both absent when the window is unknown.
	 */
	context_measured: z.object({
		tokens: z.number(),
		window: z.optional(z.number()),
		roomBeforeCompaction: z.optional(z.number()),
		parts: contextPartsSchema,
	}),
	/**
	 * A model call whose usage no other event carries (issue 33): a reply that failed before it
	 * started, an apply that produced no edit, a title that was not used, a summary that failed.
	 * Counted in the thread's and the turn's totals and against the budget like the others.
	 */
	usage_recorded: z.object({ role: modelRoleSchema, purpose: usagePurposeSchema, usage: modelUsageSchema }),
	error: z.object({ message: z.string(), retryable: z.boolean() }),
} satisfies Record<string, z.ZodMiniObject>;
