/**
 * What became of one edit, as data: the answer of the pipeline's entry points (run-intent.ts,
 * run-execute.ts) and of its last step (commit.ts). `status` is the result status the rules give
 * it (README.md, "Statuses"); `kind` names the case and carries that case's facts. The words the
 * main model reads are made from it in one place (src/tools/edit-result.ts), so no message is
 * ever parsed or patched on its way out.
 */
import type { ModelUsage } from "../log/events";
import type { EditOperation } from "../log/events";
import type { Dropped } from "./dropped";
import type { OutsideReason } from "./confine-draft";
import type { EditBlocksRetryReason } from "./edit-blocks-generate";
import type { RegenerateFailure } from "./regenerate";
import type { EditFailure } from "./search-replace";
import type { ApplyRefusal } from "./validate";

/** What the pipeline did on the way to the new text; reported in the result's data, none of it a failure. */
export interface EditNotes {
	/** What validation stripped from the apply model's output (a wrapper fence, chatter). */
	stripped?: string[];
	/** The headings regenerated when a long note went by sections. */
	sections?: string[];
	/** How many edit blocks made the change. */
	editBlocks?: number;
	/** Which edit blocks, or search/replace edits, needed the whitespace-tolerant match. */
	tolerant?: number[];
	/** Why the edit blocks failed, when the whole-note retry made the change. */
	fallback?: EditBlocksRetryReason;
	/** The original frontmatter was put back (the description does not concern it). */
	frontmatterRestored?: true;
	/** An edit in place: how many changes outside the selected passage were cut (confine-draft.ts). */
	cutToSelection?: number;
}

/** A validated new text, not written yet: what an edit commits (commit.ts) or offers for review (propose-draft.ts). */
export interface Drafted {
	editId: string;
	path: string;
	description: string;
	/** The note as read (raw text), or null to create it. */
	base: string | null;
	/** The new note (raw text, in the note's own format). */
	proposed: string;
	notes: EditNotes;
	dropped: Dropped[];
	/** The validation's doubts, worded for the user who reviews the draft (review before write only). */
	warnings?: string[];
	/** What the apply model spent on it (issue 33), recorded on edit_proposed or edit_applied. */
	usage?: ModelUsage;
}

/** What every outcome names: the edit, its note, and what came before a refusal. */
interface EditCommon {
	editId: string;
	/** The intent's note, as the vault names it. */
	path: string;
	/** Set once there is a new text: what the pipeline did on the way. */
	notes?: EditNotes;
	/** Set once there is a new text: the parts of the change Redline kept as they were (dropped.ts). */
	kept?: readonly Dropped[];
}

export type EditOutcome = EditCommon &
	(
		| {
				status: "success";
				kind: "written";
				created: boolean;
				versionId: string;
				added: number;
				removed: number;
				/** Compact, on model text. */ diff: string;
				rebased: boolean;
		  }
		/** `historySays`: the note history's own words, when it was the history that found nothing to change. */
		| { status: "no-op"; kind: "unchanged"; historySays?: string }
		| { status: "rejected"; kind: "exists" }
		/** `step`: the intent found no note to change, or executeEdit found its note gone. */
		| { status: "rejected"; kind: "not-found"; step: "intent" | "execute" }
		/** An edit in place whose draft strayed from the selected passage, or whose passage the user edited (confine-draft.ts). */
		| { status: "rejected"; kind: "outside-selection"; reason: OutsideReason; selectionPath: string }
		/** The user's typing meanwhile overlaps the change. */
		| { status: "rejected"; kind: "conflict"; conflictLines: number[] }
		/** The call was stopped, or had ended, before the write (CallStopped's own words). */
		| { status: "error"; kind: "stopped"; message: string }
		/** The vault threw while the history wrote. */
		| { status: "error"; kind: "write-failed"; detail: string }
		/** The history refused or failed; `saysNothingWritten` when its message already tells. */
		| { status: "error"; kind: "history-failed"; message: string; saysNothingWritten: boolean }
		/** Reading the note failed (a VaultError, or anything the vault threw). */
		| { status: "error"; kind: "vault-failed"; error: unknown }
		/** The apply model gave no usable text (too large a note is Redline's rule, so rejected); `saysNothingWritten` as above. */
		| ({
				status: "rejected" | "error";
				kind: "generation-failed";
				operation: EditOperation;
				saysNothingWritten: boolean;
		  } & RegenerateFailure)
		/** executeEdit was given both content and edits, or neither. */
		| { status: "error"; kind: "not-one-change" }
		/** executeEdit was given edits for a note that does not exist yet. */
		| { status: "error"; kind: "needs-content" }
		| { status: "error"; kind: "edits-failed"; message: string; failures: EditFailure[] }
		/** executeEdit's text shows nothing; `holds`: what it holds when it is not blank ("invisible characters (U+200B)"). */
		| { status: "error"; kind: "emptied"; by: "content" | "edits"; holds?: string; description: string }
		/** executeEdit's content broke the modify rules (validate.ts); the message says how. */
		| { status: "error"; kind: "content-refused"; reason: ApplyRefusal; message: string }
	);
