/**
 * What every card needs and what never changes while a thread is shown: the host, the thread,
 * where the focus goes after a decision, and the way to the chat's Permissions panel. Kept out
 * of props so memoized cards re-render only when their own slice of state changes.
 */
import { createContext, useContext } from "react";
import type { FocusAfterDecision } from "./focus-after";
import type { UiHost } from "./host";

export interface PaneContextValue {
	host: UiHost;
	threadId: string;
	focus: FocusAfterDecision;
	/** Opens the Permissions panel on `tool`; closing it returns the focus to `opener`. */
	openPermissions(tool: string, opener: HTMLElement): void;
}

export const PaneContext = createContext<PaneContextValue | null>(null);

export function usePane(): PaneContextValue {
	const value = useContext(PaneContext);
	if (!value) throw new Error("Redline pane components must be rendered inside <PaneContext.Provider>.");
	return value;
}
