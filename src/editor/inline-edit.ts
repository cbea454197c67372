/**
 * "Edit selection with Redline" (issue 34), for both hosts: the command opens the prompt at the
 * selection (edit-prompt.ts) or, with none, at the paragraph of the cursor ("insert …", "add …"
 * inserts at the cursor instead). What is asked runs as a turn of a thread, the note's own (one
 * per note, made on first use and found again in the log after a reload: note-thread.ts) or the
 * one the host names, with the passage on the message (user_message.selection), so it is in the
 * log, the pane can continue it, and the composer confines every draft to the passage. The
 * prompt's `[[` and `#` pickers (prompt-picker.ts) pin what is picked for the request, as the
 * pane's do (scope "message"). The thread is followed here: its intent is the prompt's
 * live line, its draft is shown inline (InlineReviews, the same redline as the pane's drafts:
 * per-change Accept / Reject), Enter alone accepts the draft, Esc rejects it, and the write goes
 * through the history. A follow-up ("shorter") is a new message on the same thread with the
 * passage as it is now. The user editing the passage while the draft is made refuses the draft
 * (stopped here; the composer refuses it too), their text kept. Plain TypeScript.
 */
import type { EditorView } from "@codemirror/view";
import type { EditSelection, PinnedItem } from "../log/events";
import { samePinnedItem } from "../log/pinned-items";
import { apply, emptyState } from "../log/projection";
import type { ThreadState } from "../log/state";
import type { Subscription, ThreadService } from "../thread/service-api";
import type { ReviewDecisions } from "../ui/review-decisions";
import { pickInText, suggestChips, type ChipSource } from "../ui/chip-pick";
import { findNoteThread, noteThreadTitle } from "./note-thread";
import { focusPrompt, showPrompt, shownPrompt, type PromptActions, type PromptShown } from "./edit-prompt";
import { InlineReviews, type NoteEditors } from "./inline-reviews";

export interface InlineEditDeps {
	/** The thread service, built on first use (the prompt shows before it is). */
	connect(): Promise<ThreadService>;
	decisions: ReviewDecisions;
	editors: NoteEditors;
	/** The chat the pane shows, if any: offered as where to ask ("In the open chat"); otherwise the note's own. */
	chatThread?(): string | null;
	/** The `[[` and `#` pickers' choices, as the pane's (UiHost has these); absent: none offered. */
	suggestions?: ChipSource;
}

/** A prompt that says to insert rather than change. */
const INSERTS = /^(insert|add|write|append|continue)\b/i;

interface Session {
	view: EditorView;
	path: string;
	/** The text when the command ran had no selection: insert here when the prompt says so. */
	cursor: number | null;
	threadId: string | null;
	subscription: Subscription | null;
	state: ThreadState | null;
	messageId: string | null;
	/** The passage was edited while its draft was made: that draft is refused. */
	refused: boolean;
	service: ThreadService | null;
	reviews: InlineReviews | null;
	/** Notes and tags picked in the prompt since the last request: pinned for the next one. */
	pins: PinnedItem[];
}

let ids = 0;

export class InlineEdit {
	private session: Session | null = null;

	constructor(private readonly deps: InlineEditDeps) {}

	/** The command: opens the prompt at the selection (or the cursor's paragraph) and focuses it. */
	open(view: EditorView, path: string): void {
		this.end();
		const { doc, selection } = view.state;
		const main = selection.main;
		let from = main.from;
		let to = main.to;
		const empty = main.empty;
		if (empty) [from, to] = paragraphAt(doc.toString(), main.head);
		this.session = {
			view,
			path,
			cursor: empty ? main.head : null,
			threadId: null,
			subscription: null,
			state: null,
			messageId: null,
			refused: false,
			service: null,
			reviews: null,
			pins: [],
		};
		const offerChat = !!this.deps.chatThread?.();
		this.show({ id: ++ids, from, to, stage: "ask", status: "", offerChat, actions: this.actions });
		focusPrompt(view);
	}

	dispose(): void {
		this.end();
	}

	private readonly actions: PromptActions = {
		send: (_view, text, inChat) => void this.send(text, inChat),
		acceptAll: () => this.decideAll(true),
		close: () => {
			if (this.draft()) this.decideAll(false);
			this.end();
		},
		passageEdited: () => {
			const s = this.session;
			const prompt = s && shownPrompt(s.view);
			if (!s || prompt?.stage !== "working") return;
			s.refused = true;
			if (s.threadId) void s.service?.stop({ threadId: s.threadId });
			this.update({
				stage: "done",
				status: "You edited the selection while the draft was made: refused, your text is kept.",
			});
		},
		suggest: (query) => {
			const source = this.deps.suggestions;
			return source ? suggestChips(source, query) : Promise.resolve([]);
		},
		picked: (item) => {
			const s = this.session;
			if (s && !s.pins.some((pin) => samePinnedItem(pin, item))) s.pins.push(item);
		},
	};

	private async send(text: string, inChat = false): Promise<void> {
		const s = this.session;
		const prompt = s && shownPrompt(s.view);
		if (!s || !prompt) return;
		let { from, to } = prompt;
		if (s.cursor !== null && INSERTS.test(text) && !s.messageId) from = to = s.cursor;
		const selection: EditSelection = { path: s.path, from, to, text: s.view.state.doc.sliceString(from, to) };
		s.refused = false;
		this.update({ from, to, stage: "working", status: "Asking…" });
		let service: ThreadService;
		try {
			service = s.service ??= await this.deps.connect();
		} catch (error) {
			this.update({ stage: "ask", status: error instanceof Error ? error.message : String(error) });
			return;
		}
		s.reviews ??= new InlineReviews({ service, decisions: this.deps.decisions, editors: this.deps.editors });
		const threadId = await this.threadOf(s, service, inChat);
		if (!threadId || this.session !== s) return;
		if (!(await this.pin(s, service, threadId, text))) return;
		const sent = await service.sendMessage({ threadId, content: text, selection });
		if (this.session !== s) return;
		if (!sent.ok) {
			this.update({ stage: "ask", status: sent.error.message });
			return;
		}
		s.messageId = sent.messageId;
		this.follow(s);
	}

	/** The chat the user ticked, or the note's own thread: found in the log, made on first use. */
	private async threadOf(s: Session, service: ThreadService, inChat: boolean): Promise<string | null> {
		if (s.threadId) return s.threadId;
		let threadId = (inChat ? this.deps.chatThread?.() : null) ?? (await findNoteThread(service, s.path));
		if (!threadId) {
			const created = await service.createThread({ title: noteThreadTitle(s.path) });
			if (!created.ok) {
				this.update({ stage: "ask", status: created.error.message });
				return null;
			}
			threadId = created.threadId;
		}
		s.threadId = threadId;
		return threadId;
	}

	/** Pins what was picked and is still named in the request, for that request alone (as the pane's pickers do). */
	private async pin(s: Session, service: ThreadService, threadId: string, text: string): Promise<boolean> {
		const pins = s.pins.filter((item) => pickInText(text, item));
		s.pins = [];
		for (const pinnedItem of pins) {
			const pinned = await service.pinItem({ threadId, operation: "pin", pinnedItem });
			if (this.session !== s) return false;
			if (!pinned.ok) {
				this.update({ stage: "ask", status: pinned.error.message });
				return false;
			}
		}
		return true;
	}

	/** Subscribes once to the session's thread and folds it as it goes. */
	private follow(s: Session): void {
		if (s.subscription || !s.threadId || !s.service) return this.changed(s);
		let state = emptyState(s.threadId);
		s.subscription = s.service.subscribe({ threadId: s.threadId }, (message) => {
			if (this.session !== s) return;
			if (message.kind === "event") state = apply(state, message.event);
			else if (message.kind === "caught_up" && message.state) state = message.state;
			else if (message.kind === "error") return this.update({ stage: "done", status: message.error.message });
			s.state = state;
			this.changed(s);
		});
	}

	/** What the thread's state means for the prompt: the intent, the draft, the outcome. */
	private changed(s: Session): void {
		const state = s.state;
		const prompt = shownPrompt(s.view);
		if (!state || !prompt || !s.messageId) return;
		const turn = state.turns.find((t) => t.userMessageId === s.messageId);
		if (!turn) return;
		const calls = turn.callIds.map((id) => state.toolCalls[id]).filter((c) => c !== undefined);
		const draft = this.draft();
		s.reviews?.follow(draft && !s.refused ? state : null);
		if (draft && s.refused && !draft.reviewed) return this.decideAll(false);
		const edit = calls.map((c) => (c.editId ? state.edits[c.editId] : undefined)).find((e) => e !== undefined);
		const intent = edit ? `Planning to ${edit.description.replace(/^./, (c) => c.toLowerCase())}` : "";
		if (s.refused) return;
		if (draft && !draft.reviewed) {
			const warned = draft.warnings?.length ? ` ${draft.warnings.join(" ")}` : "";
			const changes = draft.changes.length === 1 ? "1 change" : `${draft.changes.length} changes`;
			if (prompt.stage !== "review") {
				this.update({ stage: "review", status: `${intent}: ${changes} below.${warned}` });
				focusPrompt(s.view);
			}
			return;
		}
		if (edit?.applied)
			return this.update({ stage: "done", status: "Written. Undo or Revert last change takes it back." });
		const refused = calls.find((c) => c.result && c.result.status !== "success" && c.editId);
		if (refused?.result) return this.update({ stage: "done", status: refused.result.message });
		const asked = state.messages.find((m) => m.messageId === s.messageId);
		const reply = state.messages.filter((m) => m.kind === "assistant" && asked && m.seq > asked.seq).at(-1);
		// The turn is over: it answered, and the thread is idle again (or failed).
		if (reply?.kind === "assistant" && !reply.streaming && (state.status === "idle" || state.status === "error")) {
			const said = reply.text.trim();
			return this.update({ stage: "done", status: said || intent || "Nothing to change." });
		}
		if (intent && prompt.status !== intent) this.update({ status: intent });
	}

	/** The session's draft, waiting for review or reviewed. */
	private draft() {
		const s = this.session;
		const state = s?.state;
		const turn = state?.turns.find((t) => t.userMessageId === s?.messageId);
		for (const id of turn?.callIds ?? []) {
			const draft = state?.toolCalls[id]?.draft;
			if (draft && draft.path === s?.path && state?.openReviews.includes(id)) return draft;
		}
		return undefined;
	}

	private decideAll(accept: boolean): void {
		const s = this.session;
		const draft = this.draft();
		if (!s?.threadId || !s.service || !draft || draft.reviewed) return;
		const ids = draft.changes.map((c) => c.changeId);
		const comment = s.refused ? "The user edited the selection meanwhile." : undefined;
		this.update({ stage: "working", status: accept ? "Writing…" : "Rejected." });
		void s.service.reviewEdit({
			threadId: s.threadId,
			editId: draft.editId,
			accepted: accept ? ids : [],
			rejected: accept ? [] : ids,
			...(comment ? { comment } : {}),
		});
	}

	private update(patch: Partial<Omit<PromptShown, "id" | "actions">>): void {
		const s = this.session;
		const prompt = s && shownPrompt(s.view);
		if (s && prompt) this.show({ ...prompt, ...patch });
	}

	private show(shown: PromptShown): void {
		if (this.session) showPrompt(this.session.view, shown);
	}

	private end(): void {
		const s = this.session;
		if (!s) return;
		this.session = null;
		s.subscription?.close();
		s.reviews?.dispose();
		showPrompt(s.view, null);
		s.view.focus();
	}
}

/** The paragraph holding `pos`: its lines up to the blank lines around it (a blank line: the cursor alone). */
export function paragraphAt(text: string, pos: number): [number, number] {
	const lineStart = (p: number) => text.lastIndexOf("\n", p - 1) + 1;
	const lineEnd = (p: number) => {
		const nl = text.indexOf("\n", p);
		return nl === -1 ? text.length : nl;
	};
	const blank = (from: number, to: number) => text.slice(from, to).trim() === "";
	let from = lineStart(pos);
	let to = lineEnd(pos);
	if (blank(from, to)) return [pos, pos];
	while (from > 0 && !blank(lineStart(from - 1), from - 1)) from = lineStart(from - 1);
	while (to < text.length && !blank(to + 1, lineEnd(to + 1))) to = lineEnd(to + 1);
	return [from, to];
}
