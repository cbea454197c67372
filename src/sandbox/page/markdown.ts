/**
 * A small, safe Markdown renderer for the sandbox page (Obsidian renders Markdown itself in the
 * plugin). It builds DOM nodes, never HTML strings, so model output cannot inject markup. A reply
 * reaches it only through src/ui/untrusted/ (no code, HTML or image left; its links made safe after).
 * Covers what chat replies use: headings, paragraphs, lists, tasks, quotes, fenced code,
 * inline code, bold, italic, links and [[wikilinks]].
 */

type InlineToken = { kind: "text" | "code" | "strong" | "em" | "link" | "wikilink"; text: string; href?: string };

const INLINE = /(`[^`]+`)|(\*\*[^*]+\*\*)|(\*[^*\s][^*]*\*|_[^_\s][^_]*_)|(\[\[[^\]]+\]\])|(\[[^\]]+\]\([^)\s]+\))/g;

function tokenizeInline(text: string): InlineToken[] {
	const tokens: InlineToken[] = [];
	let last = 0;
	for (const match of text.matchAll(INLINE)) {
		const index = match.index ?? 0;
		if (index > last) tokens.push({ kind: "text", text: text.slice(last, index) });
		const [whole, code, strong, em, wiki, link] = match;
		if (code) tokens.push({ kind: "code", text: code.slice(1, -1) });
		else if (strong) tokens.push({ kind: "strong", text: strong.slice(2, -2) });
		else if (em) tokens.push({ kind: "em", text: em.slice(1, -1) });
		else if (wiki)
			tokens.push({
				kind: "wikilink",
				text: wiki.slice(2, -2).split("|").pop() ?? "",
				href: wiki.slice(2, -2).split("|")[0],
			});
		else if (link) {
			const close = link.indexOf("](");
			tokens.push({ kind: "link", text: link.slice(1, close), href: link.slice(close + 2, -1) });
		} else tokens.push({ kind: "text", text: whole });
		last = index + whole.length;
	}
	if (last < text.length) tokens.push({ kind: "text", text: text.slice(last) });
	return tokens;
}

const NAMED: Record<string, string> = { lt: "<", gt: ">", amp: "&", quot: '"', apos: "'", nbsp: "\u00a0" };

/** Character references, as CommonMark reads them in text (the untrusted renderer writes `<` as `&lt;`). */
function decodeEntities(text: string): string {
	return text
		.replace(/\\([!-/:-@[-`{-~])/g, "$1")
		.replace(/&(?:#(\d{1,7})|#[xX]([\da-fA-F]{1,6})|(\w+));/g, (whole, dec?: string, hex?: string, name?: string) => {
			const code = dec !== undefined ? Number(dec) : hex !== undefined ? parseInt(hex, 16) : undefined;
			if (code !== undefined) return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : "\ufffd";
			return NAMED[name ?? ""] ?? whole;
		});
}

export interface MarkdownLinkHandler {
	(target: string): void;
}

function renderInline(doc: Document, parent: HTMLElement, text: string, onLink: MarkdownLinkHandler): void {
	for (const token of tokenizeInline(text)) {
		if (token.kind === "text") parent.append(doc.createTextNode(decodeEntities(token.text)));
		else if (token.kind === "code") parent.append(element(doc, "code", token.text));
		else if (token.kind === "strong") parent.append(element(doc, "strong", token.text));
		else if (token.kind === "em") parent.append(element(doc, "em", token.text));
		else {
			const a = element(doc, "a", decodeEntities(token.text));
			const href = token.href ?? "";
			if (token.kind === "link" && /^https?:\/\//.test(href)) {
				a.setAttribute("href", href);
				a.setAttribute("target", "_blank");
				a.setAttribute("rel", "noopener noreferrer");
			} else {
				// As Obsidian marks an internal link: src/ui/untrusted/links.ts keeps it only inside the vault.
				a.setAttribute("href", "#");
				a.setAttribute("data-href", href);
				a.classList.add("internal-link");
				a.addEventListener("click", (event) => {
					event.preventDefault();
					onLink(href.endsWith(".md") ? href : `${href}.md`);
				});
			}
			parent.append(a);
		}
	}
}

function element(doc: Document, tag: string, text?: string): HTMLElement {
	const el = doc.createElement(tag);
	if (text !== undefined) el.textContent = text;
	return el;
}

export function renderMarkdownInto(el: HTMLElement, markdown: string, onLink: MarkdownLinkHandler): void {
	const doc = el.ownerDocument;
	el.replaceChildren();
	const lines = markdown.replace(/\r\n/g, "\n").split("\n");
	let i = 0;
	while (i < lines.length) {
		const line = lines[i] ?? "";
		const fence = /^(```|~~~)/.exec(line);
		if (fence) {
			const body: string[] = [];
			i++;
			while (i < lines.length && !(lines[i] ?? "").startsWith(fence[1] ?? "```")) body.push(lines[i++] ?? "");
			i++;
			const pre = element(doc, "pre");
			pre.append(element(doc, "code", body.join("\n")));
			el.append(pre);
			continue;
		}
		const heading = /^(#{1,6})\s+(.*)$/.exec(line);
		if (heading) {
			const h = element(doc, `h${heading[1]?.length ?? 1}`);
			renderInline(doc, h, heading[2] ?? "", onLink);
			el.append(h);
			i++;
			continue;
		}
		if (/^\s*([-*+]|\d+[.)])\s+/.test(line)) {
			const ordered = /^\s*\d+[.)]/.test(line);
			const list = element(doc, ordered ? "ol" : "ul");
			while (i < lines.length && /^\s*([-*+]|\d+[.)])\s+/.test(lines[i] ?? "")) {
				const item = element(doc, "li");
				let content = (lines[i] ?? "").replace(/^\s*([-*+]|\d+[.)])\s+/, "");
				const task = /^\[( |x|X)\]\s+/.exec(content);
				if (task) {
					const box = doc.createElement("input");
					box.type = "checkbox";
					box.checked = task[1] !== " ";
					box.disabled = true;
					item.append(box, doc.createTextNode(" "));
					content = content.slice(task[0].length);
				}
				renderInline(doc, item, content, onLink);
				list.append(item);
				i++;
			}
			el.append(list);
			continue;
		}
		if (line.startsWith(">")) {
			const quote = element(doc, "blockquote");
			const body: string[] = [];
			while (i < lines.length && (lines[i] ?? "").startsWith(">")) body.push((lines[i++] ?? "").replace(/^>\s?/, ""));
			renderMarkdownInto(quote, body.join("\n"), onLink);
			el.append(quote);
			continue;
		}
		if (line.trim() === "") {
			i++;
			continue;
		}
		const paragraph: string[] = [];
		while (
			i < lines.length &&
			(lines[i] ?? "").trim() !== "" &&
			!/^(#{1,6}\s|```|~~~|>|\s*([-*+]|\d+[.)])\s)/.test(lines[i] ?? "")
		)
			paragraph.push(lines[i++] ?? "");
		const p = element(doc, "p");
		paragraph.forEach((text, index) => {
			if (index > 0) p.append(element(doc, "br"));
			renderInline(doc, p, text, onLink);
		});
		el.append(p);
	}
}
