/**
 * The model's messages, rebuilt from the thread's log every step. Nothing about the conversation
 * lives in memory between steps, which is what makes a resume after a restart exact.
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
import { isKnownEvent } from "../log/events";
import { chipKind, chipName, chipTarget } from "../log/pinned-items";
import { renderChips, type RenderedChip } from "./chip-context";
import type { PinnedItem, StoredEvent } from "../log/events";
import type { ToolResult } from "../log/tool-result";
import { editFateFact, type EditFate } from "./edit-fates";
import { guardedResult } from "./result-guard";

/**
 * finishReasons of assistant messages that failed; the model never sees them. "interrupted": a
 * reply cut by a crash or a quit (a Retry asks the model again, as after a dropped stream).
 */
export const DISCARDED_FINISH_REASONS: readonly string[] = ["dropped", "error", "interrupted"];

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
): string {
	const text = pinned.length === 0 ? content : `${content}\n\n[Pinned notes: ${pinned.map(describePinned).join(", ")}]`;
	return text + renderChips(chips);
}

export function buildTranscript(systemPrompt: string, events: readonly StoredEvent[]): BaseMessage[] {
	return renderTranscript(systemPrompt, readModelThread(events));
}

/** The entries the model may see, with the compactions in effect applied. */
export function readModelThread(events: readonly StoredEvent[]): ModelThread {
	const all: Entry[] = [];
	const assistants = new Map<string, AssistantEntry>();
	const calls = new Map<string, CallEntry>();
	const callers = new Map<string, AssistantEntry>();
	const lastReads = new Map<string, PinnedRead>();
	const pins = new Set<string>();
	const intents = new Map<string, { path: string; description: string }>();
	const editFates: EditFate[] = [];
	let compactions: CompactionInEffect[] = [];
	for (const event of events) {
		if (!isKnownEvent(event)) continue;
		switch (event.type) {
			case "user_message":
				all.push({
					kind: "user",
					seq: event.seq,
					content: event.content,
					pinned: event.pinned ?? [],
					chips: (event.context ?? []).map((context) => ({ context, full: true })),
				});
				break;
			case "assistant_message_started": {
				const entry: AssistantEntry = {
					kind: "assistant",
					seq: event.seq,
					messageId: event.messageId,
					text: "",
					calls: [],
				};
				assistants.set(event.messageId, entry);
				all.push(entry);
				break;
			}
			case "assistant_token": {
				const entry = assistants.get(event.messageId);
				if (entry) entry.text += event.text;
				break;
			}
			case "assistant_reasoning": {
				const entry = assistants.get(event.messageId);
				// Answer taken back as reasoning (a bare </think>) is neither answer nor replayed reasoning.
				if (entry && event.fromAnswer !== undefined) entry.text = entry.text.slice(event.fromAnswer);
				if (entry && event.form === "reasoning_content") entry.reasoning = (entry.reasoning ?? "") + event.text;
				break;
			}
			case "assistant_message_completed": {
				const entry = assistants.get(event.messageId);
				if (entry) entry.finishReason = event.finishReason;
				break;
			}
			case "tool_call_proposed": {
				const call: CallEntry = { callId: event.callId, tool: event.tool, args: event.args };
				calls.set(event.callId, call);
				const entry = assistants.get(event.messageId);
				if (!entry) break;
				entry.calls.push(call);
				callers.set(event.callId, entry);
				break;
			}
			case "tool_call_completed": {
				const call = calls.get(event.callId);
				if (!call) break;
				call.result = event.result;
				const entry = callers.get(event.callId);
				const path = event.result.path;
				if (entry && call.tool === "readNote" && event.result.status === "success" && path !== undefined)
					lastReads.set(path, { path, entry, call });
				break;
			}
			case "item_pinned":
			case "item_unpinned":
				if ("path" in event.item) {
					if (event.type === "item_pinned") pins.add(event.item.path);
					else pins.delete(event.item.path);
				}
				break;
			case "context_compacted":
				compactions = withCompaction(compactions, event);
				break;
			case "edit_intent_declared":
				intents.set(event.editId, { path: event.path, description: event.description });
				break;
			case "edit_reverted": {
				const intent = event.editId === undefined ? undefined : intents.get(event.editId);
				// The revert names the note where it is now (a rename since the edit is followed).
				editFates.push({
					seq: event.seq,
					path: event.path,
					description: intent?.description,
					restored: event.restored === true,
				});
				break;
			}
			default:
				break;
		}
	}
	stubEarlierChips(all);
	const visible = all.filter((entry) => entry.kind === "user" || isShown(entry));
	const pinnedReads = [...pins].flatMap((path) => {
		const read = lastReads.get(path);
		return read && isShown(read.entry) ? [read] : [];
	});
	return { ...applyCompactions(visible, compactions), pinnedReads, editFates };
}

/** Only the newest message carrying a chip carries its notes; earlier copies become stubs. */
function stubEarlierChips(entries: Entry[]): void {
	const seen = new Set<string>();
	for (let i = entries.length - 1; i >= 0; i--) {
		const entry = entries[i];
		if (entry.kind !== "user") continue;
		for (const chip of entry.chips) {
			const key = `${chipKind(chip.context.item)}\u0000${chipTarget(chip.context.item)}`;
			if (seen.has(key)) chip.full = false;
			seen.add(key);
		}
	}
}

function isShown(entry: AssistantEntry): boolean {
	if (entry.finishReason !== undefined && DISCARDED_FINISH_REASONS.includes(entry.finishReason)) return false;
	return entry.text !== "" || entry.calls.length > 0;
}

/**
 * Adds a compaction: a malformed range is ignored, and one that overlaps earlier compactions
 * replaces them (the producer folds the earlier summary into the new one), covering both ranges.
 */
function withCompaction(
	existing: CompactionInEffect[],
	event: { seq: number; fromSeq: number; toSeq: number; summary: string },
): CompactionInEffect[] {
	const { fromSeq, toSeq } = event;
	if (
		!Number.isInteger(fromSeq) ||
		!Number.isInteger(toSeq) ||
		fromSeq < 1 ||
		fromSeq > toSeq ||
		toSeq >= event.seq ||
		event.summary.trim() === ""
	)
		return existing;
	const kept: CompactionInEffect[] = [];
	let merged: CompactionInEffect = { seq: event.seq, fromSeq, toSeq, summary: event.summary };
	for (const compaction of existing) {
		if (compaction.toSeq < fromSeq || compaction.fromSeq > toSeq) kept.push(compaction);
		else
			merged = {
				...merged,
				fromSeq: Math.min(merged.fromSeq, compaction.fromSeq),
				toSeq: Math.max(merged.toSeq, compaction.toSeq),
			};
	}
	kept.push(merged);
	return kept.sort((a, b) => a.fromSeq - b.fromSeq);
}

/** Removes compacted entries; a compaction that would hide the newest user message is ignored. */
function applyCompactions(
	entries: Entry[],
	compactions: CompactionInEffect[],
): Omit<ModelThread, "pinnedReads" | "editFates"> {
	if (compactions.length === 0) return { entries, compactions };
	let newestUser: number | undefined;
	for (let i = entries.length - 1; i >= 0; i--) {
		if (entries[i].kind === "user") {
			newestUser = entries[i].seq;
			break;
		}
	}
	const effective = compactions.filter(
		(c) => newestUser === undefined || newestUser < c.fromSeq || newestUser > c.toSeq,
	);
	const covered = (seq: number): boolean => effective.some((c) => seq >= c.fromSeq && seq <= c.toSeq);
	return { entries: entries.filter((entry) => !covered(entry.seq)), compactions: effective };
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
			messages.push(new HumanMessage(userContent(entry.content, entry.pinned, entry.chips)));
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
