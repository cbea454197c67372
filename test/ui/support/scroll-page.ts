/**
 * Page script for the pane's scrolling test in Chromium (bundled by esbuild): mounts the real
 * pane, with styles.css, over an in-memory service holding a long chat, in a side-pane-sized box.
 */
import { mountRedlinePane } from "../../../src/ui/mount";
import type { UiHost } from "../../../src/ui/host";
import { EventScript } from "./events";
import { FakeThreadService } from "./fake-service";

function mount(turns: number): void {
	const script = new EventScript();
	for (let n = 1; n <= turns; n++) {
		// Answers of a few lines, so the chat is many screens tall.
		script
			.user(`u${n}`, `Question ${n}`)
			.assistant(`a${n}`, `Answer ${n}\n\nline one\n\nline two\n\nline three`)
			.status("idle");
	}
	const service = new FakeThreadService();
	service.addThread(script.threadId, script.events);
	const host: UiHost = {
		service,
		doc: document,
		renderMarkdown(el, markdown) {
			for (const paragraph of markdown.split("\n\n")) {
				const p = document.createElement("p");
				p.textContent = paragraph;
				el.append(p);
			}
		},
		openNote: () => undefined,
		activeNotePath: () => null,
		onActiveNoteChange: () => () => undefined,
		suggestNotes: () => Promise.resolve([]),
		openSettings: () => undefined,
	};
	const container = document.createElement("div");
	container.className = "test-pane";
	document.body.append(container);
	mountRedlinePane(container, host);
}

declare global {
	interface Window {
		paneTest: { mount: typeof mount };
	}
}

window.paneTest = { mount };
