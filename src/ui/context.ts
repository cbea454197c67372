/**
 * What every card needs and what never changes while a thread is shown: the host and the thread.
 * Kept out of props so memoized cards re-render only when their own slice of state changes.
 */
import { createContext, useContext } from "react";
import type { UiHost } from "./host";

export interface PaneContextValue {
	host: UiHost;
	threadId: string;
}

export const PaneContext = createContext<PaneContextValue | null>(null);

export function usePane(): PaneContextValue {
	const value = useContext(PaneContext);
	if (!value) throw new Error("Redline pane components must be rendered inside <PaneContext.Provider>.");
	return value;
}
