/**
 * The model's messages, read from the thread's log every step. What is kept between steps is only
 * the fold of the log so far (transcript-fold.ts: a step folds the events appended since the
 * last), always equal to a fold from scratch, which is what makes a resume after a restart exact.
 *
 * Each assistant message is followed by the results of its own calls, in call order, wherever
 * those results sit in the log: a user message sent while calls were pending is logged before
 * their (denied) results, yet the model must see the results first.
 *
 * context_compacted events replace the messages that started in their seq range by a summary
 * (in the system message: one system message is what every chat template accepts). Which tool
 * results are elided to fit the context window is decided in context-budget.ts; this file only
 * renders what it is told.
 *
 * The latest successful readNote of each note pinned now is the user's "keep this in view": it
 * is never elided, and once its turn is compacted (or left out) the system message carries it,
 * as read then. It comes from the log alone, so a replay and a restart send the same thing.
 *
 * What became of the thread's edits after they were applied (edit_reverted: the user reverted
 * one, or restored it by undoing that revert) is told as facts in the system message, in order
 * (edit-fates.ts): the edit's own result still says "Edited…", and the model must not build on a
 * change that is no longer in the note. There they are never elided nor compacted away.
 */
import { AIMessage, HumanMessage, SystemMessage, ToolMessage } from "@langchain/core/messages";
import type { BaseMessage } from "@langchain/core/messages";
import type { EditSelection, PinnedItem, StoredEvent } from "../log/events";
import { chipName } from "../log/pinned-items";
import { renderChips, type RenderedChip } from "./chip-context";
import type { ToolResult } from "../log/tool-result";
import { editFateFact, type EditFate } from "./edit-fates";
import { guardedResult } from "./result-guard";
import { DISCARDED_FINISH_REASONS, foldOf, ModelThreadFold } from "./transcript-fold";
import type { NextMessage } from "./transcript-fold";

// The failed replies the model never sees (defined with the fold that drops them).
export { DISCARDED_FINISH_REASONS };

export interface CallEntry {
	callId: string;
	tool: string;
	args: unknown;
	result?: ToolResult;
}

export interface UserEntry {
	kind: "user";
	/** seq of the user_message. */
	seq: number;
	content: string;
	pinned: PinnedItem[];
	selection?: EditSelection;
	/** What the message's set chips added (chip-context.ts). */
	chips: RenderedChip[];
}

export interface AssistantEntry {
	kind: "assistant";
	/** seq of assistant_message_started. */
	seq: number;
	messageId: string;
	text: string;
	finishReason?: string;
	calls: CallEntry[];
	/** Reasoning that came as `reasoning_content` (DeepSeek's form; see replayedReasoning). */
	reasoning?: string;
}

export type Entry = UserEntry | AssistantEntry;

/** A compaction in effect: the entries that started in fromSeq..toSeq are replaced by summary. */
export interface CompactionInEffect {
	seq: number;
	fromSeq: number;
	toSeq: number;
	summary: string;
}

/** The latest successful read of a note pinned now, with the entry that made the call. */
export interface PinnedRead {
	path: string;
	entry: AssistantEntry;
	call: CallEntry;
}

/** The conversation as the model may see it: entries in order, compacted ones already removed. */
export interface ModelThread {
	entries: Entry[];
	compactions: CompactionInEffect[];
	pinnedReads: PinnedRead[];
	/** Reverts and restores of this thread's edits, in log order. */
	editFates: EditFate[];
}

/** How to render: results to show as a stub, and leading entries to leave out (a last resort). */
export interface RenderChoices {
	elided?: ReadonlySet<string>;
	omitted?: number;
}

/** How a pinned item is named to the model. */
export function describePinned(item: PinnedItem): string {
	if ("path" in item) return JSON.stringify(item.path);
	return "handle" in item ? `(attachment ${item.handle})` : `(${chipName(item)})`;
}

export function userContent(
	content: string,
	pinned: readonly PinnedItem[],
	chips: readonly RenderedChip[] = [],
	selection?: EditSelection,
): string {
	let text = content;
	if (selection) text += `\n\n${selectionContext(selection)}`;
	if (pinned.length > 0) text += `\n\n[Pinned notes: ${pinned.map(describePinned).join(", ")}]`;
	return text + renderChips(chips);
}

/**
 * An edit in place, told to the main model (issue 34): which note, which passage, and that only it
 * may change (the composer enforces it: confine.ts). The passage is the user's text, quoted.
 */
function selectionContext(selection: EditSelection): string {
	const path = JSON.stringify(selection.path);
	if (selection.text === "")
		return `[Edit in place: insert at the cursor in ${path} (character ${selection.from}); declare a modify edit of that note that adds text there only.]`;
	return `[Edit in place: the user selected this passage of ${path}; declare a modify edit of that note that changes this passage only:\n"""\n${selection.text}\n"""]`;
}

export function buildTranscript(systemPrompt: string, events: readonly StoredEvent[]): BaseMessage[] {
	return renderTranscript(systemPrompt, readModelThread(events));
}

/**
 * The entries the model may see, with the compactions in effect applied. Folded incrementally:
 * a step reads only the events appended since the last (transcript-fold.ts).
 */
export function readModelThread(events: readonly StoredEvent[]): ModelThread {
	return foldOf(events).view();
}

/**
 * The entries the model would see once `message` is sent (transcript-fold.ts: viewWithMessage),
 * from the same incremental fold, which it leaves as it was: the meter's next-request estimate.
 */
export function readModelThreadWith(events: readonly StoredEvent[], message: NextMessage): ModelThread {
	return foldOf(events).viewWithMessage(message);
}

/** The same, folded from scratch (what the incremental fold must always equal). */
export function rebuildModelThread(events: readonly StoredEvent[]): ModelThread {
	const fold = new ModelThreadFold();
	for (const event of events) fold.add(event);
	return fold.view();
}

/** The system message: the prompt, then the summaries of compacted messages (and omissions). */
export function systemContent(systemPrompt: string, thread: ModelThread, omitted = 0): string {
	let content = systemPrompt;
	if (thread.compactions.length > 0) {
		content += "\n\nSummary of the earlier part of this chat (those messages are no longer shown to you):";
		for (const compaction of thread.compactions) content += `\n${compaction.summary.trim()}`;
	}
	if (thread.editFates.length > 0) {
		content +=
			"\n\nWhat became of your edits in this chat since they were applied (oldest first; this is how the notes read now):";
		for (const fate of thread.editFates) content += `\n- ${editFateFact(fate)}`;
	}
	if (omitted > 0)
		content += `\n\n${omitted} earlier message${omitted === 1 ? " is" : "s are"} not shown to you: they no longer fit the model's context window.`;
	const shown = thread.entries.slice(omitted);
	for (const read of thread.pinnedReads) {
		if (!shown.includes(read.entry))
			content += `\n\nPinned note ${JSON.stringify(read.path)}, as you last read it:\n${resultContent(read.call, false)}`;
	}
	return content;
}

/** What the model reads for a call: its result, a stub when elided, or why it did not run. */
export function resultContent(call: CallEntry, elided: boolean): string {
	if (call.result === undefined) return "This call did not run.";
	// Data that looks like tool markup can never close its result and pose as another (result-guard.ts).
	if (!elided) return guardedResult(call.result.message);
	const args = JSON.stringify(call.args) ?? "{}";
	const shown = args.length > 160 ? `${args.slice(0, 157)}...` : args;
	return `[Result left out to save context: ${call.tool} ${shown} returned ${call.result.message.length} characters (${call.result.status}). Call ${call.tool} again if you need it.]`;
}

export function renderTranscript(
	systemPrompt: string,
	thread: ModelThread,
	choices: RenderChoices = {},
): BaseMessage[] {
	const omitted = choices.omitted ?? 0;
	const messages: BaseMessage[] = [new SystemMessage(systemContent(systemPrompt, thread, omitted))];
	for (const entry of thread.entries.slice(omitted)) {
		if (entry.kind === "user") {
			messages.push(new HumanMessage(userContent(entry.content, entry.pinned, entry.chips, entry.selection)));
			continue;
		}
		const reasoning = replayedReasoning(entry);
		messages.push(
			new AIMessage({
				content: entry.text,
				tool_calls: entry.calls.map((call) => ({
					id: call.callId,
					name: call.tool,
					args: objectArgs(call.args),
					type: "tool_call" as const,
				})),
				// Sent on that assistant message by src/llm/reasoning-deltas.ts (LangChain drops it).
				...(reasoning === undefined ? {} : { additional_kwargs: { reasoning_content: reasoning } }),
			}),
		);
		for (const call of entry.calls) {
			messages.push(
				new ToolMessage({
					tool_call_id: call.callId,
					content: resultContent(call, choices.elided?.has(call.callId) === true),
					status: call.result === undefined || call.result.status === "error" ? "error" : "success",
				}),
			);
		}
	}
	return messages;
}

/**
 * The reasoning sent back with an assistant message: only DeepSeek's `reasoning_content` of a
 * message that made tool calls, which its thinking mode requires (HTTP 400 without it). Every
 * other reasoning stays out: providers ask that it is not replayed, and some refuse the field.
 */
export function replayedReasoning(entry: AssistantEntry): string | undefined {
	return entry.calls.length > 0 ? entry.reasoning : undefined;
}

// Malformed arguments are logged as the raw text; the model is shown an empty object and an
// error result that quotes what was wrong.
export function objectArgs(args: unknown): Record<string, unknown> {
	return args !== null && typeof args === "object" && !Array.isArray(args) ? (args as Record<string, unknown>) : {};
}
