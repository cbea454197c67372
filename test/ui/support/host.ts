/** A UiHost for tests: Markdown as plain text, recorded navigation, a fixed list of notes (the vault's). */
import type { PaneRequest, UiHost } from "../../../src/ui/host";
import type { ThreadService } from "../../../src/thread/service-api";
import type { ToolCatalog } from "../../../src/tools/catalog";
import { ownPopups } from "../../../src/ui/own-popups";
import { DEFAULT_CATALOG } from "./tools";

export interface TestHost extends UiHost {
	opened: string[];
	settingsOpened: number;
	setActiveNote(path: string | null): void;
	/** Sends a request as the host's commands do. */
	request(request: PaneRequest): void;
	/** Says a note was renamed, as the host's vault does. */
	notesRenamed(): void;
	/** Says a note was created, changed, removed or renamed, as the host's vault does. */
	notesChanged(): void;
}

/** tools: what the host says the agent has (default: the default tools). */
export function testHost(
	service: ThreadService,
	notes: string[] = [],
	active: string | null = null,
	tools: ToolCatalog = DEFAULT_CATALOG,
): TestHost {
	let current = active;
	const listeners = new Set<(path: string | null) => void>();
	const requestListeners = new Set<(request: PaneRequest) => void>();
	const renameListeners = new Set<() => void>();
	const changeListeners = new Set<() => void>();
	const host: TestHost = {
		service,
		opened: [],
		settingsOpened: 0,
		renderMarkdown(el, markdown) {
			el.textContent = markdown;
		},
		openNote(path) {
			host.opened.push(path);
		},
		activeNotePath: () => current,
		onActiveNoteChange(listener) {
			listeners.add(listener);
			return () => listeners.delete(listener);
		},
		notePaths: () => notes,
		suggestNotes: (query) => Promise.resolve(notes.filter((note) => note.toLowerCase().includes(query.toLowerCase()))),
		openSettings() {
			host.settingsOpened++;
		},
		doc: document,
		popups: ownPopups,
		tools: () => tools,
		onRequest(listener) {
			requestListeners.add(listener);
			return () => requestListeners.delete(listener);
		},
		request(request) {
			for (const listener of requestListeners) listener(request);
		},
		onNotesRenamed(listener) {
			renameListeners.add(listener);
			return () => renameListeners.delete(listener);
		},
		notesRenamed() {
			for (const listener of renameListeners) listener();
			host.notesChanged();
		},
		onNotesChanged(listener) {
			changeListeners.add(listener);
			return () => changeListeners.delete(listener);
		},
		notesChanged() {
			for (const listener of changeListeners) listener();
		},
		setActiveNote(path) {
			current = path;
			for (const listener of listeners) listener(path);
		},
	};
	return host;
}
