/**
 * The UiHost of the sandbox page: the same pane as in Obsidian, with the page standing in for
 * the editor (open note = select it in the file list) and a small Markdown renderer, which a
 * reply reaches only through src/ui/untrusted/ (neutralised, into an element of a document with
 * no window). The chat the pane shows feeds the note editor's inline redline (src/editor).
 */
import type { IndexStatusFeed } from "../../search/index-status";
import type { ThreadService } from "../../thread/service-api";
import type { ToolCatalog } from "../../tools/catalog";
import type { UiHost } from "../../ui/host";
import { makeCodeBlocksKeyboardScrollable } from "../../ui/code-blocks";
import { focusReviewCard } from "../../ui/focus-review";
import { ownPopups } from "../../ui/own-popups";
import { ReviewDecisions } from "../../ui/review-decisions";
import { InlineEdit, InlineReviews } from "../../editor";
import { EditorInline } from "./editor-inline";
import { setPageIcon } from "./icons";
import { renderMarkdownInto } from "./markdown";

export interface PageNavigation {
	activeNote(): string | null;
	openNote(path: string): void;
	notePaths(): string[];
	showSettingsHelp(): void;
	/** A review the editor sent and the service refused. */
	showError?(message: string): void;
}

export interface PageHost extends UiHost {
	activeNoteChanged(path: string | null): void;
	/** The page's vault feed saw a note change (the page holds the one stream of them). */
	notesChanged(): void;
	/** What Redline shows inside the open note (its pending review, the lines a write changed): the note editor follows it. */
	editor: EditorInline;
}

/** tools: what the sandbox server says the agent has (GET /sandbox/api/tools, fetched before the page renders). */
export function createPageHost(
	service: ThreadService,
	navigation: PageNavigation,
	doc: Document,
	indexStatus?: IndexStatusFeed,
	tools?: ToolCatalog,
): PageHost {
	const listeners = new Set<(path: string | null) => void>();
	const changeListeners = new Set<() => void>();
	const editor = new EditorInline();
	const reviewDecisions = new ReviewDecisions();
	const inline = new InlineReviews({
		service,
		decisions: reviewDecisions,
		editors: editor,
		onLeave: (editId) => {
			const pane = doc.querySelector(".sandbox-pane");
			if (pane) focusReviewCard(pane, editId);
		},
		onError: (message) => navigation.showError?.(message),
	});
	/** The chat the pane shows: an edit in place may be asked there ("In the open chat"). */
	let shownThread: string | null = null;
	editor.inPlace = new InlineEdit({
		connect: () => Promise.resolve(service),
		chatThread: () => shownThread,
		decisions: reviewDecisions,
		editors: editor,
		// The pane's own suggestions, so the prompt's `[[` and `#` list what the pane's do.
		suggestions: {
			suggestNotes: (query) => host.suggestNotes(query),
			suggestTags: (query) => host.suggestTags?.(query) ?? Promise.resolve([]),
		},
	});
	const host: PageHost = {
		editor,
		reviewDecisions,
		threadShown: (state) => {
			shownThread = state?.threadId ?? null;
			inline.follow(state);
		},
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
		// The vault's tags as the server's note catalog counts them (v1.context.tags).
		async suggestTags(query) {
			const answer = await service.suggestTags({ query }).catch(() => null);
			return answer?.ok ? answer.tags.map((entry) => entry.tag) : [];
		},
		openSettings: () => navigation.showSettingsHelp(),
		// No menu or chat list of its own (the page has no Obsidian): the pane draws these.
		popups: ownPopups,
		setIcon: setPageIcon,
		setTooltip(el, text) {
			el.title = text;
		},
		activeNoteChanged(path) {
			for (const listener of listeners) listener(path);
		},
		onNotesChanged(listener) {
			changeListeners.add(listener);
			return () => changeListeners.delete(listener);
		},
		notesChanged() {
			for (const listener of changeListeners) listener();
		},
	};
	return host;
}
