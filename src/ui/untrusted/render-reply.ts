/**
 * The one place a model's reply becomes DOM, in both hosts: the reply is untrusted content.
 * 1. neutralise.ts takes code, raw HTML and images out of the Markdown (before anything reaches a
 *    document: a live document's <img> fetches as soon as its src is set, even detached);
 * 2. the host's renderer (Obsidian's MarkdownRenderer, the sandbox's) renders the rest, so callouts,
 *    math, [[links]] and the like look as they do in a note, into an element of a document with no
 *    browsing context (staged-render.ts): what other plugins' post-processors add there fetches
 *    nothing; if the host's renderer fails there, the reply is shown as plain text instead, as it
 *    streamed (no renderer at all);
 * 3. sanitise-dom.ts removes, still there, anything that would load by itself once in the pane;
 * 4. only then are the nodes adopted into the pane's document, where pieces.ts puts code and image
 *    placeholders back and links.ts makes the links safe, and moved into the pane, where an observer
 *    keeps checking what a late renderer step adds.
 */
import type { UiHost } from "../host";
import { makeCodeBlocksKeyboardScrollable } from "../code-blocks";
import { makeLinksSafe } from "./links";
import { neutraliseMarkdown } from "./neutralise";
import type { NoteRead } from "./notes-read";
import { restorePieces } from "./pieces";
import { isDropped, sanitiseAttributes, sanitiseRendered } from "./sanitise-dom";
import { renderStaged } from "./staged-render";

export interface ReplyRenderOptions {
	/** The note text the model had seen (notes-read.ts): links and images carrying it are flagged. */
	reads: readonly NoteRead[];
	/** Opens an http(s) URL after the user's click (tests record it). */
	open?: (url: string) => void;
}

export function renderUntrustedReply(
	host: Pick<UiHost, "renderMarkdown" | "highlightCode">,
	el: HTMLElement,
	markdown: string,
	options: ReplyRenderOptions,
): () => void {
	const neutralised = neutraliseMarkdown(markdown);
	const { rendered, cleanup } = renderStaged(host, el.ownerDocument, neutralised.markdown);
	const loaded = new WeakSet<Node>();
	let observer: MutationObserver | null = null;
	let disposed = false;
	void rendered.then((inert) => {
		if (disposed) return;
		if (inert === null) {
			el.replaceChildren(...plainText(el.ownerDocument, markdown));
			return;
		}
		sanitiseRendered(inert);
		// Adopted into the pane's document only now: nothing left in it loads by itself.
		const staging = el.ownerDocument.createElement("div");
		staging.append(...Array.from(inert.childNodes));
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

/** The reply as the model wrote it, one paragraph per block, text only: nothing in it is live. */
function plainText(doc: Document, markdown: string): HTMLElement[] {
	return markdown.split(/\n[ \t]*\n/).map((block) => {
		const p = doc.createElement("p");
		p.className = "redline-plain";
		p.textContent = block;
		return p;
	});
}

/** Whatever reaches the pane later (a renderer's late step) is checked as the first render was. */
function watch(el: HTMLElement, loaded: WeakSet<Node>, options: ReplyRenderOptions): MutationObserver | null {
	const Observer = el.ownerDocument.defaultView?.MutationObserver;
	if (Observer === undefined) return null;
	const observer = new Observer((records) => {
		for (const record of records) {
			if (record.type === "attributes" && record.target.nodeType === 1 && !loaded.has(record.target))
				sanitiseAttributes(record.target as Element);
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
				if (added.localName === "a" || added.querySelector("a"))
					makeLinksSafe(added.parentElement ?? el, {
						reads: options.reads,
						...(options.open ? { open: options.open } : {}),
					});
			}
		}
	});
	observer.observe(el, { subtree: true, childList: true, attributes: true });
	return observer;
}
