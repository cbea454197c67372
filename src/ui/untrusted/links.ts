/**
 * The links of a rendered reply, made safe: only an http(s) link is live, and it is ours, not the
 * renderer's: no href (so no click, middle click, drag or prefetch of the host's opens it behind
 * our back), its full destination shown on hover and on focus, and opened only by a click or
 * Enter. A link whose URL carries text from a note the model had seen (notes-read.ts) asks first, in the pane, never
 * in a modal. Links to `obsidian:`, `file:`, `javascript:`, `data:` or any other scheme are shown
 * as text. Internal links stay the host's (Obsidian opens them through internal-links.ts) only when
 * they name a note inside the vault.
 */
import { displayPath } from "../../vault/display-path";
import { notesInUrl } from "./leaks";
import type { NoteRead } from "./notes-read";

export interface LinkOptions {
	reads: readonly NoteRead[];
	/** Opens an http(s) URL outside the app (the default: a new window without opener or referrer). */
	open?: (url: string) => void;
}

export function makeLinksSafe(root: Element, options: LinkOptions): void {
	for (const a of Array.from(root.querySelectorAll("a"))) {
		const href = a.getAttribute("href") ?? "";
		const dataHref = a.getAttribute("data-href");
		if (a.classList.contains("internal-link") || dataHref !== null) {
			if (!insideVault(dataHref ?? href)) deaden(a, dataHref ?? href);
		} else if (href === "" || href.startsWith("#")) {
			continue; // in the reply itself: a footnote, a tag
		} else if (/^https?:\/\//i.test(href) && isUrl(href)) {
			liveLink(a, href, options);
		} else {
			deaden(a, href);
		}
	}
}

/** A link target (`Note`, `Folder/Note.md#Heading`) that resolves inside the vault. */
export function insideVault(target: string): boolean {
	const path = decodeOnce(target.split(/[#|^]/)[0] ?? "").trim();
	if (
		path === "" ||
		/^[a-z][a-z0-9+.-]*:/i.test(path) ||
		/^[/\\~]/.test(path) ||
		path.includes("\\") ||
		path.includes("\0")
	)
		return false;
	return !path.split("/").some((segment) => segment === ".." || segment === ".");
}

function decodeOnce(text: string): string {
	try {
		return decodeURIComponent(text);
	} catch {
		return text;
	}
}

function isUrl(href: string): boolean {
	try {
		new URL(href);
		return true;
	} catch {
		return false;
	}
}

function deaden(a: HTMLAnchorElement, target: string): void {
	const span = a.ownerDocument.createElement("span");
	span.className = "redline-dead-link";
	span.title = `Not a link Redline opens: ${target}`;
	span.append(...Array.from(a.childNodes));
	a.replaceWith(span);
}

function liveLink(old: HTMLAnchorElement, url: string, options: LinkOptions): void {
	const doc = old.ownerDocument;
	const from = notesInUrl(url, options.reads);
	const a = doc.createElement("a");
	a.className = `redline-link${from.length > 0 ? " redline-link-flagged" : ""}`;
	a.setAttribute("role", "link");
	a.tabIndex = 0;
	a.title = url;
	a.setAttribute("data-destination", url);
	a.append(...Array.from(old.childNodes));
	const destination = doc.createElement("span");
	destination.className = "redline-link-destination";
	destination.setAttribute("aria-hidden", "true");
	destination.textContent = url;
	const open = options.open ?? ((target: string) => doc.defaultView?.open(target, "_blank", "noopener,noreferrer"));
	const activate = (event: Event): void => {
		event.preventDefault();
		if (from.length === 0) open(url);
		else toggleAsk(a, url, from, open);
	};
	a.addEventListener("click", activate);
	a.addEventListener("keydown", (event) => {
		if (event.key === "Enter") activate(event);
	});
	old.replaceWith(a, destination);
}

/** The ask under a flagged link: what it carries, where it goes, Open or Don't open. */
function toggleAsk(a: HTMLElement, url: string, from: string[], open: (url: string) => void): void {
	const next = a.nextElementSibling?.nextElementSibling;
	if (next?.classList.contains("redline-link-ask")) {
		next.remove();
		return;
	}
	const doc = a.ownerDocument;
	const ask = doc.createElement("span");
	ask.className = "redline-link-ask";
	ask.setAttribute("role", "group");
	ask.setAttribute("aria-label", "Open this link?");
	const text = doc.createElement("span");
	text.textContent = `This link contains text from ${listOf(from.map(displayPath))}. It goes to ${url}`;
	const yes = doc.createElement("button");
	yes.type = "button";
	yes.textContent = "Open link";
	const no = doc.createElement("button");
	no.type = "button";
	no.textContent = "Don't open";
	yes.addEventListener("click", () => {
		ask.remove();
		open(url);
	});
	no.addEventListener("click", () => {
		ask.remove();
		a.focus();
	});
	ask.append(text, yes, no);
	(a.nextElementSibling ?? a).after(ask);
	no.focus();
}

export function listOf(items: readonly string[]): string {
	if (items.length <= 1) return items[0] ?? "";
	return `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}
