/**
 * What every card needs and what never changes while a thread is shown: the host, the thread,
 * where the focus goes after a decision, the choices on drafted edits, and the way to the chat's
 * Permissions panel. Kept out
 * of props so memoized cards re-render only when their own slice of state changes.
 */
import { createContext, useContext } from "react";
import type { FocusAfterDecision } from "./focus-after";
import type { UiHost } from "./host";
import type { ReviewDecisions } from "./review-decisions";

export interface PaneContextValue {
	host: UiHost;
	threadId: string;
	focus: FocusAfterDecision;
	/** The choices on drafted edits: the host's one store (shared with the note's inline redline), or the pane's own. */
	reviewDecisions: ReviewDecisions;
	/** Opens the Permissions panel on `tool`; closing it returns the focus to `opener`. */
	openPermissions(tool: string, opener: HTMLElement): void;
}

export const PaneContext = createContext<PaneContextValue | null>(null);

export function usePane(): PaneContextValue {
	const value = useContext(PaneContext);
	if (!value) throw new Error("Redline pane components must be rendered inside <PaneContext.Provider>.");
	return value;
}
