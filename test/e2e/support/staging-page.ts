/**
 * Page script for the staging test in Chromium (bundled by esbuild): a reply rendered through
 * src/ui/untrusted/render-reply.ts by a host whose renderer acts as Obsidian's does with another
 * plugin's post-processor installed, one that puts a favicon before each external link: an <img>
 * built in the render's document, its src (the link's host, which can carry a secret) set before
 * it is anywhere. The control builds the same <img> in the page's own document.
 */
import type { UiHost } from "../../../src/ui/host";
import { renderUntrustedReply } from "../../../src/ui/untrusted/render-reply";

function favicon(doc: Document, url: string): HTMLImageElement {
	const img = doc.createElement("img");
	// (Not /favicon.ico: the browser drives those itself, and Playwright never routes them.)
	img.src = `${new URL(url).origin}/apple-touch-icon.png`;
	return img;
}

const host: Pick<UiHost, "renderMarkdown"> = {
	renderMarkdown(el, markdown) {
		const doc = el.ownerDocument;
		const p = doc.createElement("p");
		for (const part of markdown.split(/(https?:\/\/\S+)/)) {
			if (!/^https?:\/\//.test(part)) {
				p.append(part);
				continue;
			}
			const a = doc.createElement("a");
			a.className = "external-link";
			a.href = part;
			a.textContent = part;
			p.append(favicon(doc, part), a);
		}
		el.append(p);
		return { done: Promise.resolve(), cleanup: () => undefined };
	},
};

/** Renders the reply into a pane in the page and resolves once it is there. */
async function reply(markdown: string): Promise<string> {
	const pane = document.body.appendChild(document.createElement("div"));
	renderUntrustedReply(host, pane, markdown, { reads: [] });
	for (let i = 0; i < 100 && pane.childNodes.length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 10));
	return pane.innerHTML;
}

/** The control: the post-processor's <img> built in the page's own document, never attached. */
function liveFavicon(url: string): void {
	favicon(document, url);
}

declare global {
	interface Window {
		stagingTest: { reply: typeof reply; liveFavicon: typeof liveFavicon };
	}
}

window.stagingTest = { reply, liveFavicon };
