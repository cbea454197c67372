/**
 * executeEdit's path, for an intent the model already declared: the note as it is, the model's
 * own change (search/replace `edits` applied by search-replace.ts, or the whole new `content`),
 * the rules every new text meets (not emptied unless asked; a modify's content keeps the note),
 * that text as the note will be stored (note-from-output.ts) and the write (commit.ts). No model
 * runs here. The tool (src/tools/execute-edit.ts) refuses what it must and words the outcome.
 */
import type { NoteHistory } from "../history/types";
import type { EditView } from "../log/state";
import { commitEdit } from "./commit";
import type { Drafted, EditNotes, EditOutcome } from "./edit-outcome";
import { confineSessionDraft } from "./confine-draft";
import type { EditSession } from "./edit-session";
import type { Dropped } from "./dropped";
import { normalizedOrRaw } from "./intent";
import { asksToEmpty } from "./modify-checks";
import { noteFromOutput } from "./note-from-output";
import { applyEdits } from "./search-replace";
import type { SearchReplace } from "./search-replace";
import { toModelText } from "./text-format";
import { fragmentWarning, invisibleWords, modifyRefusal, showsNothing } from "./validate";
import type { Doubts } from "./validate";

export interface ExecuteDeps {
	history: NoteHistory;
}

/** The model's change: exactly one of the two is meant to be set (anything else is refused). */
export interface ExplicitChange {
	content?: string;
	edits?: readonly SearchReplace[];
}

/** What a change becomes before the write: the text to store, or the outcome that refuses it. */
type Planned = { proposed: string; notes: EditNotes; dropped: Dropped[]; warnings?: string[] } | EditOutcome;

export async function runExecute(
	deps: ExecuteDeps,
	intent: EditView,
	change: ExplicitChange,
	session: EditSession,
): Promise<EditOutcome> {
	const drafted = await confineSessionDraft(await draftExecute(intent, change, session), session);
	if (!("proposed" in drafted)) return drafted;
	return commitEdit({ history: deps.history, ctx: session, ...drafted });
}

/** The model's change as the note would be stored, checked, without writing it (see draftIntent, and its `doubts`). */
export async function draftExecute(
	intent: EditView,
	change: ExplicitChange,
	session: Pick<EditSession, "vault">,
	doubts: Doubts = "refuse",
): Promise<Drafted | EditOutcome> {
	const edit = { path: normalizedOrRaw(intent.path), editId: intent.editId };
	if ((change.content === undefined) === (change.edits === undefined))
		return { status: "error", kind: "not-one-change", ...edit };

	let base: string | null;
	try {
		base = (await session.vault.exists(edit.path)) ? await session.vault.read(edit.path) : null;
	} catch (error) {
		return { status: "error", kind: "vault-failed", error, ...edit };
	}
	const planned = plan(intent, edit, base, change, doubts);
	if ("status" in planned) return planned;
	const { proposed, notes, dropped, warnings } = planned;
	return {
		...edit,
		description: intent.description,
		base,
		proposed,
		notes,
		dropped,
		...(warnings ? { warnings } : {}),
	};
}

function plan(
	intent: EditView,
	edit: { path: string; editId: string },
	base: string | null,
	change: ExplicitChange,
	doubts: Doubts,
): Planned {
	if (base === null) {
		if (intent.operation !== "create") return { status: "rejected", kind: "not-found", step: "execute", ...edit };
		if (change.content === undefined) return { status: "error", kind: "needs-content", ...edit };
		return { ...noteFromOutput(null, change.content, intent.description, "content"), notes: {} };
	}
	// A create intent only covers a note it created itself (a follow-up fix), never an existing one.
	if (intent.operation === "create" && intent.applied === undefined)
		return { status: "rejected", kind: "exists", ...edit };
	const note = toModelText(base);
	if (change.edits !== undefined) {
		const applied = applyEdits(note, change.edits);
		if (!applied.ok)
			return { status: "error", kind: "edits-failed", message: applied.message, failures: applied.failures, ...edit };
		const emptied = emptiedRefusal(note, applied.text, intent, edit, "edits");
		if (emptied) return emptied;
		const stored = noteFromOutput(base, applied.text, intent.description, "edits");
		return { ...stored, notes: applied.tolerant.length > 0 ? { tolerant: applied.tolerant } : {} };
	}
	const content = toModelText(change.content ?? "");
	const emptied = emptiedRefusal(note, content, intent, edit, "content");
	if (emptied) return emptied;
	let warning: string | undefined;
	if (intent.operation === "modify") {
		const refused = modifyRefusal(note, content, intent.description, "The content", doubts === "refuse");
		if (refused) return { status: "error", kind: "content-refused", ...refused, ...edit };
		warning = doubts === "warn" ? fragmentWarning(note, content) : undefined;
	}
	const stored = noteFromOutput(base, content, intent.description, "content");
	return {
		...stored,
		notes: stored.frontmatterRestored ? { frontmatterRestored: true } : {},
		...(warning ? { warnings: [warning] } : {}),
	};
}

/**
 * Whatever the operation (a rewrite, the follow-up of a create, edits that take out every line),
 * a non-empty note is emptied only when the intent asks for exactly that, as in the apply phase.
 */
function emptiedRefusal(
	note: string,
	proposed: string,
	intent: EditView,
	edit: { path: string; editId: string },
	by: "content" | "edits",
): EditOutcome | undefined {
	if (showsNothing(note) || !showsNothing(proposed) || asksToEmpty(intent.description)) return undefined;
	const holds = proposed.trim() === "" ? {} : { holds: invisibleWords(proposed) };
	return { status: "error", kind: "emptied", by, ...holds, description: intent.description, ...edit };
}
