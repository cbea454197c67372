/**
 * Phase 2 of an edit, once its declareEditIntent call is approved: the intent (announced while
 * the call streamed, or now), the note as it is, the apply model's new text (regenerate.ts),
 * that text as the note will be stored (note-from-output.ts) and the write (commit.ts). The tool
 * (src/tools/declare-edit-intent.ts) checks its arguments and words the outcome; everything in
 * between is here, so the whole path of an approved intent reads in one file.
 */
import type { NoteHistory } from "../history/types";
import type { EditOperation, ModelUsage } from "../log/events";
import { sumUsage } from "../llm/usage-record";
import type { ToolCallView } from "../log/state";
import { DEFAULT_SETTINGS } from "../settings";
import type { ApplyFormat } from "../settings";
import { commitEdit } from "./commit";
import type { Drafted, EditOutcome } from "./edit-outcome";
import { confineSessionDraft, turnSelection } from "./confine-draft";
import type { EditSession } from "./edit-session";
import { intentOfCall } from "./intent";
import { noteFromOutput } from "./note-from-output";
import { regenerate, SAYS_NOTHING_WRITTEN } from "./regenerate";
import type { ApplyModels } from "./regenerate";
import { toModelText } from "./text-format";
import type { Doubts } from "./validate";
import { recordUsageApart } from "./usage-apart";

export interface IntentDeps {
	history: NoteHistory;
	models: ApplyModels;
	/** The apply model's output limit in tokens (notes longer than this go by sections). */
	maxOutputTokens?: number;
	/** The "Apply format" setting, read at each edit (default: edit blocks). */
	applyFormat?: () => ApplyFormat;
}

export interface IntentRequest {
	/** The note, as the vault names it (normalized by the caller). */
	path: string;
	operation: EditOperation;
	description: string;
}

export async function runIntent(deps: IntentDeps, request: IntentRequest, session: EditSession): Promise<EditOutcome> {
	const made = await draftIntent(deps, request, session);
	const drafted = await confineSessionDraft(made, session);
	// A draft that is not written spent its apply calls all the same (usage-apart.ts).
	if (!("proposed" in drafted)) {
		if ("proposed" in made) recordUsageApart(session, made.usage);
		return drafted;
	}
	const outcome = await commitEdit({ history: deps.history, ctx: session, ...drafted });
	if (outcome.kind !== "written") recordUsageApart(session, drafted.usage);
	return outcome;
}

/**
 * The intent's new note, validated and in the note's format, without writing it: what runIntent
 * writes at once, and what review before write offers as changes (propose-draft.ts). A refusal is
 * the outcome to answer with; nothing was written either way. `doubts`: "warn" when the user
 * reviews the draft, so the fragment rule's doubt is a warning on it rather than a refusal.
 */
export async function draftIntent(
	deps: IntentDeps,
	request: IntentRequest,
	session: EditSession,
	doubts: Doubts = "refuse",
): Promise<Drafted | EditOutcome> {
	const { path, operation, description } = request;
	const editId = ensureIntent(request, session);
	const edit = { path, editId };

	let base: string | null = null;
	try {
		const exists = await session.vault.exists(path);
		if (operation === "create" && exists) return { status: "rejected", kind: "exists", ...edit };
		if (operation !== "create") {
			if (!exists) return { status: "rejected", kind: "not-found", step: "intent", ...edit };
			base = await session.vault.read(path);
		}
	} catch (error) {
		return { status: "error", kind: "vault-failed", error, ...edit };
	}

	// What the apply model spends, summed over its calls (edit blocks, then the whole note if needed).
	let usage: ModelUsage | undefined;
	const generated = await regenerate({
		usage: (spent) => {
			usage = sumUsage(usage, spent);
			// A Stop answers the call at once, and its drive ends before the draft returns: what the
			// calls spent is recorded now, while the Stop's abort runs (the meter tells it then).
			if (session.signal.aborted) {
				recordUsageApart(session, usage);
				usage = undefined;
			}
		},
		models: deps.models,
		maxOutputTokens: deps.maxOutputTokens,
		path,
		operation,
		description: withPassage(withApproval(description, session.state().toolCalls[session.callId]), session, path),
		note: toModelText(base ?? ""),
		format: deps.applyFormat?.() ?? DEFAULT_SETTINGS.applyFormat,
		signal: session.signal,
		progress: (phase, fraction, changes) => session.progress(phase, fraction, changes),
		doubts,
	});
	if (!generated.ok) {
		// An apply that produced no edit spent its calls all the same.
		recordUsageApart(session, usage);
		const { ok: _failed, ...failure } = generated;
		// Too large a note is Redline's own limit (rejected); anything else is the generation failing.
		const status = failure.reason === "too-large" ? "rejected" : "error";
		return {
			status,
			kind: "generation-failed",
			...failure,
			operation,
			saysNothingWritten: SAYS_NOTHING_WRITTEN[failure.reason],
			...edit,
		};
	}

	const stored = noteFromOutput(base, generated.text, description);
	const blocks = generated.editBlocks;
	return {
		editId,
		path,
		description,
		base,
		proposed: stored.proposed,
		dropped: stored.dropped,
		notes: {
			...(generated.stripped.length > 0 ? { stripped: generated.stripped } : {}),
			...(generated.sections ? { sections: generated.sections } : {}),
			...(blocks
				? { editBlocks: blocks.count, ...(blocks.tolerant.length > 0 ? { tolerant: blocks.tolerant } : {}) }
				: {}),
			...(generated.fallback ? { fallback: generated.fallback } : {}),
			...(stored.frontmatterRestored ? { frontmatterRestored: true } : {}),
		},
		...(generated.warnings ? { warnings: generated.warnings } : {}),
		...(usage ? { usage } : {}),
	};
}

/** The intent's editId: the one announced while the call streamed, or a new one announced now. */
function ensureIntent(request: IntentRequest, session: EditSession): string {
	const known = intentOfCall(session.state(), session.callId);
	if (known) return known.editId;
	const editId = session.newId("edit");
	const { path, operation, description } = request;
	session.emit({ type: "edit_intent_declared", editId, callId: session.callId, path, operation, description });
	return editId;
}

/** An edit in place: the apply model is shown the passage it may change (what strays is cut: confine-draft.ts). */
function withPassage(description: string, session: EditSession, path: string): string {
	const selection = turnSelection(session.state());
	if (!selection || selection.path !== path) return description;
	if (selection.text === "")
		return `${description}\n(Insert the new text at character ${selection.from} of the note; change nothing else.)`;
	return `${description}\n(Change only this passage of the note; leave every other character as it is:\n"""\n${selection.text}\n""")`;
}

/** The change the apply model is asked for, with the comment the user approved it with ("Run, and keep the dates"). */
function withApproval(description: string, call: ToolCallView | undefined): string {
	const comment = call?.decision === "approved" && call.decidedBy === "user" ? call.comment?.trim() : undefined;
	return comment ? `${description} (the user approved this with a comment: ${comment})` : description;
}
