/**
 * An applied edit that the user later reverted, or restored by undoing that revert (issue 26):
 * a fact the model must read, since the edit's own tool result still says it succeeded. Told in
 * the system message (transcript.ts) and given to the summariser (compaction.ts), so neither an
 * elided result nor a compacted turn can leave the model building on a change that is gone.
 */
export interface EditFate {
	/** seq of the edit_reverted event. */
	seq: number;
	/** The note's path when it was reverted (the history follows renames). */
	path: string;
	/** The edit's description from its intent, when the log still has it. */
	description?: string;
	/** true: a revert of the revert put the edit back. */
	restored: boolean;
}

/** "The user reverted your edit of Todo.md (remove all headings); the note reads as before." */
export function editFateFact(fate: EditFate): string {
	const which = `your edit of ${fate.path}${fate.description === undefined ? "" : ` (${fate.description})`}`;
	return fate.restored
		? `The user restored ${which} by undoing its revert; that change is in the note again.`
		: `The user reverted ${which}; the note reads as before.`;
}
