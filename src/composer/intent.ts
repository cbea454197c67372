/** Finding a thread's declared edit intents (edit_intent_declared, folded into ThreadState.edits). */
import type { EditView, ThreadState } from "../log/state";
import { normalizeVaultPath } from "../vault/paths";

/** The intent a declareEditIntent call announced, if it did. */
export function intentOfCall(state: ThreadState, callId: string): EditView | undefined {
	const editId = state.toolCalls[callId]?.editId;
	if (editId !== undefined && state.edits[editId]) return state.edits[editId];
	return Object.values(state.edits).find((edit) => edit.callId === callId);
}

/** The intent with this editId in this thread. */
export function intentById(state: ThreadState, editId: string): EditView | undefined {
	return Object.prototype.hasOwnProperty.call(state.edits, editId) ? state.edits[editId] : undefined;
}

/**
 * Whether the intent still stands for follow-up writes without a new card: its call was approved
 * and ran without being refused or failing, and the user has not reverted its edit (a revert
 * takes the approval back; putting the edit back restores it). An intent that was refused or
 * failed approves nothing.
 */
export function intentStands(state: ThreadState, edit: EditView): boolean {
	if (edit.reverted !== undefined) return false;
	const call = state.toolCalls[edit.callId];
	if (call?.decision !== "approved" || call.phase !== "completed") return false;
	return call.result?.status === "success" || call.result?.status === "no-op";
}

/** Whether the declareEditIntent call behind the intent was denied. */
export function intentDenied(state: ThreadState, edit: EditView): boolean {
	return state.toolCalls[edit.callId]?.decision === "denied";
}

/** The path as the vault names it ("./A.md" is "A.md"); an invalid one as given (the tools refuse it). */
export function normalizedOrRaw(path: string): string {
	try {
		return normalizeVaultPath(path);
	} catch {
		return path;
	}
}
