/**
 * The UiHost of the sandbox page: the same pane as in Obsidian, with the page standing in for
 * the editor (open note = select it in the file list) and a small Markdown renderer, which a
 * reply reaches only through src/ui/untrusted/ (neutralised, into an element of a document with
 * no window).
 */
import type { IndexStatusFeed } from "../../search/index-status";
import type { ThreadService } from "../../thread/service-api";
import type { ToolCatalog } from "../../tools/catalog";
import type { UiHost } from "../../ui/host";
import { makeCodeBlocksKeyboardScrollable } from "../../ui/code-blocks";
import { renderMarkdownInto } from "./markdown";

export interface PageNavigation {
	activeNote(): string | null;
	openNote(path: string): void;
	notePaths(): string[];
	showSettingsHelp(): void;
}

/** tools: what the sandbox server says the agent has (GET /sandbox/api/tools, fetched before the page renders). */
export function createPageHost(
	service: ThreadService,
	navigation: PageNavigation,
	doc: Document,
	indexStatus?: IndexStatusFeed,
	tools?: ToolCatalog,
): UiHost & { activeNoteChanged(path: string | null): void } {
	const listeners = new Set<(path: string | null) => void>();
	return {
		service,
		doc,
		...(indexStatus ? { indexStatus } : {}),
		...(tools ? { tools: () => tools } : {}),
		renderMarkdown(el, markdown) {
			renderMarkdownInto(el, markdown, (target) => navigation.openNote(target));
			makeCodeBlocksKeyboardScrollable(el);
		},
		openNote: (path) => navigation.openNote(path),
		activeNotePath: () => navigation.activeNote(),
		onActiveNoteChange(listener) {
			listeners.add(listener);
			return () => listeners.delete(listener);
		},
		notePaths: () => navigation.notePaths(),
		suggestNotes(query) {
			const needle = query.toLowerCase();
			return Promise.resolve(
				navigation
					.notePaths()
					.filter((path) => path.toLowerCase().includes(needle))
					.slice(0, 20),
			);
		},
		openSettings: () => navigation.showSettingsHelp(),
		activeNoteChanged(path) {
			for (const listener of listeners) listener(path);
		},
	};
}
