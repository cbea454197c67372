/**
 * The pane's single entry point for hosts (Obsidian's ItemView, the sandbox page): mounts the
 * React app into a container and hands back an unmount. Hosts never touch React themselves.
 */
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RedlinePane } from "./components/RedlinePane";
import type { MountedPane, UiHost } from "./host";

export function mountRedlinePane(container: HTMLElement, host: UiHost): MountedPane {
	const root = createRoot(container);
	root.render(
		<StrictMode>
			<RedlinePane host={host} />
		</StrictMode>,
	);
	return {
		unmount(): void {
			root.unmount();
		},
	};
}
