/**
 * The fold behind readModelThread (transcript.ts), kept between steps so each step reads only the
 * events appended since the last one (issue 32: a step cost O(all events) when the transcript was
 * rebuilt from the whole log, about 60 ms a step at 20,000 calls).
 *
 * A ModelThreadFold takes events in log order (`add`) and says what the model may see (`view`).
 * The view is cached too: the entries kept (shown, and not covered by a compaction in effect) are
 * recomputed only from the first entry that changed since the last view, and from the start when
 * the compactions in effect changed. `readModelThread` keeps one fold per events array (the log's
 * array only ever grows), checks that the events it folded are still the array's prefix, and
 * starts again otherwise: the result is always the one a fold from scratch gives (the property
 * test in test/agent/transcript-fold.property.test.ts checks it at every event).
 *
 * The entries returned are the fold's own objects: a later event may change them (a token, a
 * result). Callers read them and never write them.
 */
import { isKnownEvent } from "../log/events";
import type { ChipContext, EditSelection, PinnedItem, StoredEvent } from "../log/events";
import { chipKind, chipTarget } from "../log/pinned-items";
import type { RenderedChip } from "./chip-context";
import type { EditFate } from "./edit-fates";
import type { AssistantEntry, CallEntry, CompactionInEffect, Entry, ModelThread, PinnedRead } from "./transcript";

/**
 * finishReasons of assistant messages that failed; the model never sees them. "interrupted": a
 * reply cut by a crash or a quit (a Retry asks the model again, as after a dropped stream).
 */
export const DISCARDED_FINISH_REASONS: readonly string[] = ["dropped", "error", "interrupted"];

export class ModelThreadFold {
	private readonly all: Entry[] = [];
	/** Where each assistant entry is in `all`. */
	private readonly assistants = new Map<string, { entry: AssistantEntry; index: number }>();
	private readonly calls = new Map<string, CallEntry>();
	private readonly callers = new Map<string, { entry: AssistantEntry; index: number }>();
	private readonly lastReads = new Map<string, PinnedRead>();
	private readonly pins = new Set<string>();
	private readonly intents = new Map<string, { path: string; description: string }>();
	private readonly editFates: EditFate[] = [];
	private compactions: CompactionInEffect[] = [];
	/** The message that carries each set chip in full now (by kind and target), and its index in `all`. */
	private readonly chipHolders = new Map<string, { chip: RenderedChip; index: number }>();
	private newestUserSeq: number | undefined;
	/** The entries kept at the last view, with their indexes in `all`. */
	private kept: Entry[] = [];
	private keptAt: number[] = [];
	/** The first entry of `all` that changed (or came) since the last view. */
	private dirtyFrom = 0;
	/** The compactions in effect at the last view, as a key. */
	private effectiveKey = "";
	/** Events folded so far, and the last of them (to check that a log still starts with them). */
	folded = 0;
	last: StoredEvent | undefined;

	add(event: StoredEvent): void {
		this.folded++;
		this.last = event;
		if (!isKnownEvent(event)) return;
		switch (event.type) {
			case "user_message":
				this.push({
					kind: "user",
					seq: event.seq,
					content: event.content,
					pinned: event.pinned ?? [],
					chips: this.chipsOf(event.context ?? []),
					...(event.selection ? { selection: event.selection } : {}),
				});
				this.newestUserSeq = event.seq;
				break;
			case "assistant_message_started": {
				const entry: AssistantEntry = {
					kind: "assistant",
					seq: event.seq,
					messageId: event.messageId,
					text: "",
					calls: [],
				};
				this.assistants.set(event.messageId, { entry, index: this.all.length });
				this.push(entry);
				break;
			}
			case "assistant_token": {
				const entry = this.touch(event.messageId);
				if (entry) entry.text += event.text;
				break;
			}
			case "assistant_reasoning": {
				const entry = this.touch(event.messageId);
				// Answer taken back as reasoning (a bare </think>) is neither answer nor replayed reasoning.
				if (entry && event.fromAnswer !== undefined) entry.text = entry.text.slice(event.fromAnswer);
				if (entry && event.form === "reasoning_content") entry.reasoning = (entry.reasoning ?? "") + event.text;
				break;
			}
			case "assistant_message_completed": {
				const entry = this.touch(event.messageId);
				if (entry) entry.finishReason = event.finishReason;
				break;
			}
			case "tool_call_proposed": {
				const call: CallEntry = { callId: event.callId, tool: event.tool, args: event.args };
				this.calls.set(event.callId, call);
				const found = this.assistants.get(event.messageId);
				if (!found) break;
				this.touch(event.messageId);
				found.entry.calls.push(call);
				this.callers.set(event.callId, found);
				break;
			}
			case "tool_call_completed": {
				// A result changes no entry's place in the view: the call object carries it.
				const call = this.calls.get(event.callId);
				if (!call) break;
				call.result = event.result;
				const entry = this.callers.get(event.callId)?.entry;
				const path = event.result.path;
				if (entry && call.tool === "readNote" && event.result.status === "success" && path !== undefined)
					this.lastReads.set(path, { path, entry, call });
				break;
			}
			case "item_pinned":
			case "item_unpinned":
				if ("path" in event.item) {
					if (event.type === "item_pinned") this.pins.add(event.item.path);
					else this.pins.delete(event.item.path);
				}
				break;
			case "context_compacted":
				this.compactions = withCompaction(this.compactions, event);
				break;
			case "edit_intent_declared":
				this.intents.set(event.editId, { path: event.path, description: event.description });
				break;
			case "edit_reverted": {
				const intent = event.editId === undefined ? undefined : this.intents.get(event.editId);
				// The revert names the note where it is now (a rename since the edit is followed).
				this.editFates.push({
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

	/** The conversation as the model may see it now. */
	view(): ModelThread {
		const newestUser = this.newestUserSeq;
		// A compaction that would hide the newest user message is not in effect.
		const effective = this.compactions.filter(
			(c) => newestUser === undefined || newestUser < c.fromSeq || newestUser > c.toSeq,
		);
		const key = effective.map((c) => `${c.seq}:${c.fromSeq}-${c.toSeq}`).join(",");
		if (key !== this.effectiveKey) {
			this.effectiveKey = key;
			this.dirtyFrom = 0;
		}
		// Entries before dirtyFrom are as they were at the last view: their verdicts stand.
		let keep = this.keptAt.length;
		while (keep > 0 && this.keptAt[keep - 1] >= this.dirtyFrom) keep--;
		this.kept.length = keep;
		this.keptAt.length = keep;
		const covered = (seq: number): boolean => effective.some((c) => seq >= c.fromSeq && seq <= c.toSeq);
		for (let i = this.dirtyFrom; i < this.all.length; i++) {
			const entry = this.all[i];
			if (entry.kind === "assistant" && !isShown(entry)) continue;
			if (covered(entry.seq)) continue;
			this.kept.push(entry);
			this.keptAt.push(i);
		}
		this.dirtyFrom = this.all.length;
		const pinnedReads = [...this.pins].flatMap((path) => {
			const read = this.lastReads.get(path);
			return read && isShown(read.entry) ? [read] : [];
		});
		return {
			entries: this.kept.slice(),
			compactions: effective,
			pinnedReads,
			editFates: this.editFates.slice(),
		};
	}

	/**
	 * The view as it will be once one more user message is logged and the pins made for it alone
	 * are dropped (what sendMessage appends), without folding anything: the context meter's
	 * estimate of the next request (v1.context.measure) asks it on every pause in typing, so it
	 * starts from the cached view and changes only what that message changes, as `add` would: its
	 * entry, the earlier copies of its chips (stubs now), the compactions it brings into effect
	 * and which pinned notes' reads stay in view. The fold itself is left as it was.
	 */
	viewWithMessage(message: NextMessage): ModelThread {
		const base = this.view();
		// The new message is past every compaction's range: each one is in effect.
		let entries = base.entries;
		if (this.compactions.length !== base.compactions.length) {
			const covered = (seq: number): boolean => this.compactions.some((c) => seq >= c.fromSeq && seq <= c.toSeq);
			entries = entries.filter((entry) => !covered(entry.seq));
		}
		const stubbed = new Map<Entry, Entry>();
		const inThisMessage = new Set<string>();
		const chips = message.context.map((context): RenderedChip => {
			const key = chipKey(context);
			const full = !inThisMessage.has(key);
			inThisMessage.add(key);
			const earlier = full ? this.chipHolders.get(key) : undefined;
			const holder = earlier && this.all[earlier.index];
			if (earlier?.chip.full && holder?.kind === "user") {
				const copy = stubbed.get(holder) ?? { ...holder, chips: holder.chips.slice() };
				if (copy.kind === "user")
					copy.chips = copy.chips.map((chip) => (chip === earlier.chip ? { ...chip, full: false } : chip));
				stubbed.set(holder, copy);
			}
			return { context, full };
		});
		if (stubbed.size > 0) entries = entries.map((entry) => stubbed.get(entry) ?? entry);
		const draft: Entry = {
			kind: "user",
			seq: message.seq,
			content: message.content,
			pinned: message.pinned,
			chips,
			...(message.selection ? { selection: message.selection } : {}),
		};
		const pins = [...this.pins, ...message.pinsAdded].filter(
			(path, index, all) => !message.pinsDropped.has(path) && all.indexOf(path) === index,
		);
		const pinnedReads = pins.flatMap((path) => {
			const read = this.lastReads.get(path);
			return read && isShown(read.entry) ? [read] : [];
		});
		return { entries: [...entries, draft], compactions: this.compactions, pinnedReads, editFates: base.editFates };
	}

	/**
	 * A message's set chips. Only the newest message carrying a chip carries its notes in full: the
	 * copy an earlier message carried becomes a stub (its entry marked changed), and so does a
	 * second copy within one message.
	 */
	private chipsOf(contexts: readonly ChipContext[]): RenderedChip[] {
		const index = this.all.length;
		const inThisMessage = new Set<string>();
		return contexts.map((context) => {
			const key = chipKey(context);
			const chip: RenderedChip = { context, full: !inThisMessage.has(key) };
			if (!chip.full) return chip;
			inThisMessage.add(key);
			const earlier = this.chipHolders.get(key);
			if (earlier) {
				earlier.chip.full = false;
				if (earlier.index < this.dirtyFrom) this.dirtyFrom = earlier.index;
			}
			this.chipHolders.set(key, { chip, index });
			return chip;
		});
	}

	private push(entry: Entry): void {
		this.all.push(entry);
	}

	/** The assistant entry of a message, marked changed; undefined when the log has none. */
	private touch(messageId: string): AssistantEntry | undefined {
		const found = this.assistants.get(messageId);
		if (found && found.index < this.dirtyFrom) this.dirtyFrom = found.index;
		return found?.entry;
	}
}

/** A user message not logged yet, as the meter's estimate supposes it (viewWithMessage). */
export interface NextMessage {
	/** The seq it would get: past every event so far. */
	seq: number;
	content: string;
	/** The items it would carry (user_message.pinned). */
	pinned: PinnedItem[];
	/** What its set chips would add (user_message.context). */
	context: ChipContext[];
	selection?: EditSelection;
	/** Paths of notes pinned with it (not in the log yet), and of those whose pin ends with it. */
	pinsAdded: readonly string[];
	pinsDropped: ReadonlySet<string>;
}

function chipKey(context: ChipContext): string {
	return `${chipKind(context.item)}\u0000${chipTarget(context.item)}`;
}

export function isShown(entry: AssistantEntry): boolean {
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

/** One fold per events array: a log's array only grows, so the next read folds its new tail. */
const folds = new WeakMap<readonly StoredEvent[], ModelThreadFold>();

/** The fold of `events`, brought up to date; a new one when the array no longer starts with what was folded. */
export function foldOf(events: readonly StoredEvent[]): ModelThreadFold {
	let fold = folds.get(events);
	if (!fold || fold.folded > events.length || (fold.folded > 0 && events[fold.folded - 1] !== fold.last)) {
		fold = new ModelThreadFold();
		folds.set(events, fold);
	}
	for (let i = fold.folded; i < events.length; i++) fold.add(events[i]);
	return fold;
}
