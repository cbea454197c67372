/**
 * The one place a model's reply becomes DOM, in both hosts: the reply is untrusted content.
 * 1. neutralise.ts takes code, raw HTML and images out of the Markdown (before anything reaches a
 *    document: a live document's <img> fetches as soon as its src is set, even detached);
 * 2. the host's renderer (Obsidian's MarkdownRenderer, the sandbox's) renders the rest into a
 *    detached element, so callouts, math, [[links]] and the like look as they do in a note;
 * 3. sanitise-dom.ts removes anything that would load by itself all the same (defence in depth),
 *    pieces.ts puts code and image placeholders back, links.ts makes the links safe;
 * 4. only then are the nodes moved into the pane, where an observer keeps checking what a late
 *    renderer step adds.
 */
import type { RenderedMarkdown, UiHost } from "../host";
import { makeCodeBlocksKeyboardScrollable } from "../code-blocks";
import { makeLinksSafe } from "./links";
import { neutraliseMarkdown } from "./neutralise";
import type { NoteRead } from "./notes-read";
import { restorePieces } from "./pieces";
import { isDropped, sanitiseAttributes, sanitiseRendered } from "./sanitise-dom";

export interface ReplyRenderOptions {
	/** The notes read in the reply's turn (notes-read.ts): links and images carrying their text are flagged. */
	reads: readonly NoteRead[];
	/** Opens an http(s) URL after the user's click (tests record it). */
	open?: (url: string) => void;
}

export function renderUntrustedReply(host: Pick<UiHost, "renderMarkdown" | "highlightCode">, el: HTMLElement, markdown: string, options: ReplyRenderOptions): () => void {
	const neutralised = neutraliseMarkdown(markdown);
	const staging = el.ownerDocument.createElement("div");
	const rendered = host.renderMarkdown(staging, neutralised.markdown, "");
	const { done, cleanup } = asRendered(rendered);
	const loaded = new WeakSet<Node>();
	let observer: MutationObserver | null = null;
	let disposed = false;
	void done.then(() => {
		if (disposed) return;
		sanitiseRendered(staging);
		restorePieces(staging, neutralised, {
			reads: options.reads,
			...(host.highlightCode ? { highlight: host.highlightCode.bind(host) } : {}),
			loading: (img) => loaded.add(img),
		});
		makeLinksSafe(staging, { reads: options.reads, ...(options.open ? { open: options.open } : {}) });
		el.replaceChildren(...Array.from(staging.childNodes));
		makeCodeBlocksKeyboardScrollable(el);
		observer = watch(el, loaded, options);
	});
	return () => {
		disposed = true;
		observer?.disconnect();
		cleanup();
	};
}

function asRendered(result: RenderedMarkdown | (() => void) | void): { done: Promise<void>; cleanup: () => void } {
	if (typeof result === "function") return { done: Promise.resolve(), cleanup: result };
	if (result === undefined) return { done: Promise.resolve(), cleanup: () => undefined };
	return { done: result.done.catch(() => undefined), cleanup: () => result.cleanup() };
}

/** Whatever reaches the pane later (a renderer's late step) is checked as the first render was. */
function watch(el: HTMLElement, loaded: WeakSet<Node>, options: ReplyRenderOptions): MutationObserver | null {
	const Observer = el.ownerDocument.defaultView?.MutationObserver;
	if (Observer === undefined) return null;
	const observer = new Observer((records) => {
		for (const record of records) {
			if (record.type === "attributes" && record.target.nodeType === 1 && !loaded.has(record.target)) sanitiseAttributes(record.target as Element);
			for (const node of Array.from(record.addedNodes)) {
				if (node.nodeType !== 1 || loaded.has(node)) continue;
				const added = node as Element;
				if (isDropped(added)) {
					added.remove();
					continue;
				}
				sanitiseAttributes(added);
				sanitiseRendered(added);
				// A late link is made safe as the first ones were (the ones already safe are left as they are).
				if (added.localName === "a" || added.querySelector("a")) makeLinksSafe(added.parentElement ?? el, { reads: options.reads, ...(options.open ? { open: options.open } : {}) });
			}
		}
	});
	observer.observe(el, { subtree: true, childList: true, attributes: true });
	return observer;
}
