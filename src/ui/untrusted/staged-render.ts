/**
 * The host's Markdown renderer, run where nothing it makes can fetch. In Obsidian,
 * MarkdownRenderer.render runs every plugin's post-processors on what it renders, and one that
 * adds an <img> (a favicon before each link, named by the link's host, which can carry a secret)
 * starts a fetch as soon as its src is set, in a live document even when the element is detached.
 * So the render is staged in a document with no browsing context (createHTMLDocument), where no
 * element fetches, runs or styles anything; render-reply.ts checks it there before any node moves
 * into the pane's document.
 *
 * Obsidian's renderer cannot be run in tests, so this is defensive: when the host's renderer throws,
 * fails, renders nothing or does not finish in RENDER_TIMEOUT_MS (a step waiting for a window it
 * will not get), nothing it made is used (its render is unloaded) and the result is null:
 * render-reply.ts shows the reply as plain text instead.
 */
import type { RenderedMarkdown, UiHost } from "../host";

/** How long the host's renderer may take before the reply is shown as plain text instead. */
export const RENDER_TIMEOUT_MS = 5_000;

export interface StagedRender {
	/** The rendered element, in a document with no browsing context; null when the host's renderer failed. */
	rendered: Promise<HTMLElement | null>;
	/** Unloads the host's render (its component); safe to call more than once. */
	cleanup: () => void;
}

export function renderStaged(host: Pick<UiHost, "renderMarkdown">, liveDoc: Document, markdown: string): StagedRender {
	const staging = liveDoc.implementation.createHTMLDocument().createElement("div");
	let result: ReturnType<UiHost["renderMarkdown"]>;
	try {
		result = host.renderMarkdown(staging, markdown, "");
	} catch {
		return { rendered: Promise.resolve(null), cleanup: () => undefined };
	}
	const { done, cleanup: unload } = asRendered(result);
	let unloaded = false;
	const cleanup = (): void => {
		if (unloaded) return;
		unloaded = true;
		unload();
	};
	// The pane's window's timers (a pop-out window has its own).
	const timers = liveDoc.defaultView ?? globalThis;
	let timer: ReturnType<typeof setTimeout> | undefined;
	const timedOut = new Promise<boolean>((resolve) => {
		timer = timers.setTimeout(() => resolve(false), RENDER_TIMEOUT_MS);
	});
	const finished = done.then(
		() => true,
		// Stryker disable next-line ArrowFunction: a render that failed and one that answers undefined are both not done (only true is)
		() => false,
	);
	const rendered = Promise.race([finished, timedOut]).then((ok) => {
		timers.clearTimeout(timer);
		if (ok && !isEmpty(staging, markdown)) return staging;
		cleanup();
		return null;
	});
	return { rendered, cleanup };
}

function asRendered(result: RenderedMarkdown | (() => void) | void): { done: Promise<void>; cleanup: () => void } {
	if (typeof result === "function") return { done: Promise.resolve(), cleanup: result };
	if (result === undefined) return { done: Promise.resolve(), cleanup: () => undefined };
	return { done: result.done, cleanup: () => result.cleanup() };
}

/** Nothing rendered for a reply that has something to show. */
function isEmpty(staging: HTMLElement, markdown: string): boolean {
	return markdown.trim() !== "" && staging.firstElementChild === null && staging.textContent.trim() === "";
}
