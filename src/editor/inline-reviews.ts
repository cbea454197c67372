/**
 * What the open notes show of the chat the pane shows, for both hosts (issue 29): every draft of
 * that thread waiting for review is shown inline in its note's editors, with the choices made so
 * far (the store the pane's card shares, src/ui/review-decisions.ts), and an edit written while
 * the pane follows the thread marks the lines it changed (from its history entry).
 *
 * A choice made in the editor goes into the shared store; once every change of the draft has a
 * choice and the last one was made in the editor, the review is sent (`v1.thread.reviewEdit`,
 * once). A choice made on the card is the card's to send (its Apply). The thread's state, not
 * this class, says when a draft is settled: it then leaves the editors and its choices are
 * forgotten. Plain TypeScript: the host hands it the editors (`NoteEditors`) and feeds it the
 * state the pane folds (`follow`).
 */
import type { DraftView, ThreadState } from "../log/state";
import type { ThreadService } from "../thread/service-api";
import { decidedReview, type ReviewChoices, type ReviewDecisions } from "../ui/review-decisions";
import type { ChangeDecision, InlineReview } from "./review";
import type { LineRange } from "./written-lines";
import { writtenRanges } from "./written-ranges";

/** The host's note editors (Obsidian's open Markdown views, the sandbox page's editor). */
export interface NoteEditors {
	setReview(path: string, review: InlineReview | null): void;
	setWrittenLines(path: string, ranges: readonly LineRange[] | null): void;
}

export interface InlineReviewsDeps {
	service: ThreadService;
	decisions: ReviewDecisions;
	editors: NoteEditors;
	/** Esc in a note's text: the host moves the focus to the pane (the draft's card). */
	onLeave?(editId: string): void;
	/** A review the service refused (a draft settled meanwhile, say): the host tells the user. */
	onError?(message: string): void;
}

interface Shown {
	threadId: string;
	draft: DraftView;
	choices: ReviewChoices;
}

export class InlineReviews {
	private threadId: string | null = null;
	/** path → the draft its editors show, with the choices they were given. */
	private readonly shown = new Map<string, Shown>();
	/** editIds whose review this class sent (a second would be refused). */
	private readonly sent = new Set<string>();
	/** editIds of the followed thread known to be written: only a write seen after that marks lines. */
	private written = new Set<string>();
	private readonly unsubscribe: () => void;

	constructor(private readonly deps: InlineReviewsDeps) {
		this.unsubscribe = deps.decisions.subscribe((editId) => {
			for (const [path, shown] of this.shown) if (shown.draft.editId === editId) this.show(path, shown);
		});
	}

	/** The state of the thread the pane shows (null: none); called as it changes. */
	follow(state: ThreadState | null): void {
		const threadId = state?.threadId ?? null;
		const newThread = threadId !== this.threadId;
		this.threadId = threadId;
		const open = new Map<string, DraftView>();
		for (const callId of state?.openReviews ?? []) {
			const draft = state?.toolCalls[callId]?.draft;
			// One review per note: a second draft of the same note waits for the first.
			if (draft && !draft.reviewed && !open.has(draft.path)) open.set(draft.path, draft);
		}
		for (const [path, shown] of this.shown) {
			if (open.get(path)?.editId === shown.draft.editId && shown.threadId === threadId) continue;
			this.shown.delete(path);
			this.deps.editors.setReview(path, null);
			// Settled (or the pane shows another chat): its choices no longer matter.
			if (!newThread) this.deps.decisions.clear(shown.draft.editId);
		}
		for (const [path, draft] of open) {
			if (this.shown.has(path) || threadId === null) continue;
			this.show(path, { threadId, draft, choices: this.deps.decisions.get(draft.editId) });
		}
		this.markWrites(state, newThread);
	}

	dispose(): void {
		this.unsubscribe();
		for (const path of this.shown.keys()) this.deps.editors.setReview(path, null);
		this.shown.clear();
	}

	private show(path: string, shown: Shown): void {
		const { threadId, draft } = shown;
		const choices = this.deps.decisions.get(draft.editId);
		this.shown.set(path, { ...shown, choices });
		const decisions: Record<string, ChangeDecision> = {};
		for (const [changeId, choice] of choices)
			decisions[changeId] = choice.kind === "rejected" ? "rejected" : "accepted";
		const review: InlineReview = {
			editId: draft.editId,
			changes: draft.changes,
			decisions,
			onDecide: (changeId, decision) => this.decide(threadId, draft, changeId, decision),
			onLeave: () => this.deps.onLeave?.(draft.editId),
		};
		this.deps.editors.setReview(path, review);
	}

	private decide(threadId: string, draft: DraftView, changeId: string, decision: ChangeDecision): void {
		const { decisions, service } = this.deps;
		const { editId } = draft;
		// Accepting a change the user rewrote on the card keeps their text.
		if (!(decision === "accepted" && decisions.get(editId).get(changeId)?.kind === "replaced"))
			decisions.set(editId, changeId, { kind: decision });
		const review = decidedReview(draft.changes, decisions.get(editId));
		if (!review || this.sent.has(editId)) return;
		this.sent.add(editId);
		void service.reviewEdit({ threadId, editId, ...review }).then((result) => {
			if (result.ok) return;
			this.sent.delete(editId);
			this.deps.onError?.(result.error.message);
		});
	}

	/** Marks the lines of each edit written since the thread was first seen. */
	private markWrites(state: ThreadState | null, newThread: boolean): void {
		const applied = (state?.editOrder ?? []).filter((editId) => state?.edits[editId]?.applied);
		if (newThread) {
			this.written = new Set(applied);
			return;
		}
		for (const editId of applied) {
			if (this.written.has(editId)) continue;
			this.written.add(editId);
			const edit = state!.edits[editId];
			void this.deps.service.listHistory({ path: edit.path }).then((result) => {
				const entry = result.ok ? result.entries.find((e) => e.versionId === edit.applied?.versionId) : undefined;
				const ranges = entry ? writtenRanges(entry.diff) : [];
				if (ranges.length > 0) this.deps.editors.setWrittenLines(entry!.path, ranges);
			});
		}
	}
}
