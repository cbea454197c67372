/**
 * Puts back what neutralise.ts took out of a reply, built by us from text: code as <code> or
 * <pre><code> (never seen by any Markdown processor), and each image as a placeholder that names
 * where it would load from. Only a click on its Load button creates the <img>; an image that is
 * not http(s) (a file, data, a vault path) is never loaded.
 */
import { displayPath } from "../../vault/display-path";
import { notesInUrl } from "./leaks";
import { listOf } from "./links";
import type { ImagePiece, Neutralised } from "./neutralise";
import type { NoteRead } from "./notes-read";

export interface PieceOptions {
	reads: readonly NoteRead[];
	/** Highlights a code block (the host's highlighter); it gets the text only. */
	highlight?: (code: HTMLElement, lang: string) => void;
	/** Called with each <img> the user loads, before its src is set (so a guard can allow it). */
	loading?: (img: HTMLImageElement) => void;
}

export function restorePieces(root: Element, neutralised: Neutralised, options: PieceOptions): void {
	const doc = root.ownerDocument;
	const walker = doc.createTreeWalker(root, 4 /* NodeFilter.SHOW_TEXT */);
	const texts: Text[] = [];
	for (let node = walker.nextNode(); node; node = walker.nextNode()) texts.push(node as Text);
	for (const text of texts) {
		const value = text.data;
		const marker = new RegExp(neutralised.marker.source, "g");
		if (!marker.test(value)) continue;
		marker.lastIndex = 0;
		const parts: Node[] = [];
		let last = 0;
		for (const match of value.matchAll(marker)) {
			const index = match.index ?? 0;
			if (index > last) parts.push(doc.createTextNode(value.slice(last, index)));
			const piece = neutralised.pieces[Number(match[1])];
			if (piece?.kind === "image") parts.push(placeholder(doc, piece.image, options));
			else if (piece?.kind === "code") {
				const code = piece.code;
				parts.push(
					code.kind === "inline" ? textElement(doc, "code", code.text) : codeBlock(doc, code.lang, code.text, options),
				);
			} else parts.push(doc.createTextNode(match[0])); // names no piece: the reply's own text
			last = index + match[0].length;
		}
		if (last < value.length) parts.push(doc.createTextNode(value.slice(last)));
		const parent = text.parentElement;
		// A block marker alone in its paragraph: the block takes the paragraph's place.
		const only = parts.length === 1 ? parts[0] : undefined;
		if (only !== undefined && only.nodeName === "PRE" && parent?.localName === "p" && parent.childNodes.length === 1)
			parent.replaceWith(only);
		else text.replaceWith(...parts);
	}
}

function textElement(doc: Document, tag: string, text: string): HTMLElement {
	const el = doc.createElement(tag);
	el.textContent = text;
	return el;
}

function codeBlock(doc: Document, lang: string, text: string, options: PieceOptions): HTMLElement {
	const pre = doc.createElement("pre");
	const code = textElement(doc, "code", text);
	if (/^[\w+#-]+$/.test(lang)) {
		code.className = `language-${lang}`;
		options.highlight?.(code, lang);
	}
	pre.append(code);
	return pre;
}

function placeholder(doc: Document, image: ImagePiece, options: PieceOptions): HTMLElement {
	const box = doc.createElement("span");
	box.className = "redline-image-placeholder";
	let url: URL | null = null;
	try {
		url = new URL(image.url);
	} catch {
		url = null;
	}
	const label = doc.createElement("span");
	if (url === null || (url.protocol !== "https:" && url.protocol !== "http:")) {
		label.textContent = `Image not shown: ${image.alt || image.url}`;
		box.append(label);
		return box;
	}
	const host = url.host;
	box.setAttribute("role", "group");
	box.setAttribute("aria-label", `Image from ${host}`);
	box.title = image.url;
	const from = notesInUrl(image.url, options.reads);
	label.textContent = `Image from ${host}${image.alt ? `: ${image.alt}` : ""}${from.length > 0 ? ` (its address contains text from ${listOf(from.map(displayPath))})` : ""} · `;
	const load = doc.createElement("button");
	load.type = "button";
	load.className = "redline-image-load";
	load.textContent = "Load";
	load.setAttribute("aria-label", `Load image from ${host}`);
	load.addEventListener("click", () => {
		const img = doc.createElement("img");
		img.alt = image.alt;
		img.referrerPolicy = "no-referrer";
		// The sandbox page's CSP refuses every remote image: say so rather than show a broken one.
		img.addEventListener("error", () => {
			const failed = doc.createElement("span");
			failed.className = "redline-image-placeholder";
			failed.textContent = `Image from ${host} could not be loaded`;
			img.replaceWith(failed);
		});
		options.loading?.(img);
		img.src = image.url;
		box.replaceWith(img);
	});
	box.append(label, load);
	return box;
}
