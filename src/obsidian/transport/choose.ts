/** Picks the fetch LangChain uses in Obsidian from the transport setting and the platform. */
import { Platform } from "obsidian";
import type { RedlineSettings } from "../../settings";
import { createNodeFetch } from "./node-fetch";
import { createRequestUrlFetch } from "./request-url-fetch";

export interface ChosenTransport {
	kind: "node" | "request-url";
	fetch: typeof fetch;
	/** Set when the setting asked for something this platform cannot do. */
	note?: string;
}

export function chooseTransport(setting: RedlineSettings["transport"]): ChosenTransport {
	if (setting === "request-url" || (setting === "auto" && !Platform.isDesktopApp))
		return { kind: "request-url", fetch: createRequestUrlFetch() };
	if (!Platform.isDesktopApp) {
		return {
			kind: "request-url",
			fetch: createRequestUrlFetch(),
			note: "The Node transport needs the desktop app; using requestUrl instead.",
		};
	}
	return { kind: "node", fetch: createNodeFetch() };
}
