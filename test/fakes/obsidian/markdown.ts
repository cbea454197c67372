/**
 * MarkdownRenderer as Obsidian's behaves where it matters for untrusted text: raw HTML (block and
 * inline) is rendered as HTML, `![alt](url)` becomes an <img>, `[text](url)` and bare URLs become
 * `a.external-link`, `[[links]]` become `a.internal-link` (data-href and href are the link text,
 * showing the alias or "Note > Heading"), entities are decoded, and a fenced block whose language
 * has a registered code-block processor (Plugin.registerMarkdownCodeBlockProcessor) is handed to
 * that processor, as dataviewjs is; registered post-processors then run on the element (Dataview
 * runs its inline `$=` queries from inline code that way). Every call is recorded (markdown, sourcePath), and so is every
 * URL the rendered DOM would fetch (`loads`): Chromium starts an <img>'s fetch as soon as its src is
 * set, attached or not, so anything recorded here is a request the real app would have made. Not
 * in a document without a browsing context (`document.implementation.createHTMLDocument`): there
 * nothing fetches, whatever it holds.
 */
import type { App } from "./app";
import type { Component } from "./events";
import { fetchedUrls } from "../../support/fetched-urls";

export type CodeBlockProcessor = (source: string, el: HTMLElement, ctx: { sourcePath: string }) => void | Promise<void>;

function escapeHtml(text: string): string {
	return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/** Inline Markdown to HTML; text between the Markdown constructs is passed through as HTML. */
function inlineHtml(text: string): string {
	const INLINE =
		/\\([!-/:-@[-`{-~])|(`+)([\s\S]*?[^`])\2(?!`)|!\[\[([^\]]+)\]\]|!\[([^\]]*)\]\(([^)\s]+)(?:\s+"[^"]*")?\)|\[\[([^\]]+)\]\]|\[([^\]]+)\]\(([^)\s]+)\)|(https?:\/\/[^\s<>"'&)]+)/g;
	return text.replace(
		INLINE,
		(
			whole,
			escaped?: string,
			_ticks?: string,
			code?: string,
			embed?: string,
			alt?: string,
			src?: string,
			wiki?: string,
			label?: string,
			href?: string,
			bare?: string,
		) => {
			if (escaped !== undefined) return escapeHtml(escaped);
			if (code !== undefined) return `<code>${escapeHtml(code.trim())}</code>`;
			if (embed !== undefined) return `<span class="internal-embed" src="${escapeHtml(embed)}"></span>`;
			if (src !== undefined) return `<img alt="${escapeHtml(alt ?? "")}" src="${escapeHtml(src)}">`;
			if (wiki !== undefined) {
				const [target = "", alias] = wiki.split("|");
				const shown = alias ?? target.replace("#", " > ");
				return `<a class="internal-link" data-href="${escapeHtml(target)}" href="${escapeHtml(target)}" target="_blank" rel="noopener nofollow">${escapeHtml(shown)}</a>`;
			}
			if (href !== undefined) {
				const external = /^[a-z][a-z0-9+.-]*:/i.test(href);
				return external
					? `<a class="external-link" href="${escapeHtml(href)}" target="_blank" rel="noopener nofollow">${label ?? ""}</a>`
					: `<a class="internal-link" data-href="${escapeHtml(href)}" href="${escapeHtml(href)}" target="_blank" rel="noopener nofollow">${label ?? ""}</a>`;
			}
			if (bare !== undefined)
				return `<a class="external-link" href="${escapeHtml(bare)}" target="_blank" rel="noopener nofollow">${escapeHtml(bare)}</a>`;
			return whole;
		},
	);
}

type Parser = new () => DOMParser;

/** Parsed by the app's window (el's document may have none), then imported into el's document. */
function append(el: HTMLElement, html: string, Parser: Parser): void {
	const parsed = new Parser().parseFromString(`<body>${html}</body>`, "text/html");
	for (const node of Array.from(parsed.body.childNodes)) el.appendChild(el.ownerDocument.importNode(node, true));
}

async function renderBlocks(markdown: string, el: HTMLElement, sourcePath: string, Parser: Parser): Promise<void> {
	const lines = markdown.replace(/\r\n?/g, "\n").split("\n");
	let paragraph: string[] = [];
	const flush = (): void => {
		if (paragraph.length === 0) return;
		const block = paragraph.join("\n");
		paragraph = [];
		if (/^\s*</.test(block))
			append(el, block, Parser); // an HTML block: rendered as HTML
		else if (/^#{1,6}\s/.test(block))
			append(
				el,
				`<h${/^#+/.exec(block)![0].length}>${inlineHtml(block.replace(/^#+\s+/, ""))}</h${/^#+/.exec(block)![0].length}>`,
				Parser,
			);
		else append(el, `<p>${inlineHtml(block)}</p>`, Parser);
	};
	for (let i = 0; i < lines.length; i++) {
		const line = lines[i] ?? "";
		const fence = /^(`{3,}|~{3,})\s*([^\s`]*)/.exec(line);
		if (fence) {
			flush();
			const body: string[] = [];
			for (i++; i < lines.length && !(lines[i] ?? "").startsWith(fence[1] ?? "```"); i++) body.push(lines[i] ?? "");
			const lang = fence[2] ?? "";
			const processor = MarkdownRenderer.codeBlockProcessors.get(lang);
			if (processor) {
				const div = el.createDiv({ cls: `block-language-${lang}` });
				await processor(body.join("\n"), div, { sourcePath });
			} else {
				const pre = el.createEl("pre");
				pre.createEl("code", { cls: lang ? `language-${lang}` : "", text: body.join("\n") });
			}
			continue;
		}
		if (line.trim() === "") flush();
		else paragraph.push(line);
	}
	flush();
}

export const MarkdownRenderer = {
	renders: [] as { markdown: string; sourcePath: string }[],
	/** URLs that rendered replies made the (real) app fetch by themselves. */
	loads: [] as string[],
	codeBlockProcessors: new Map<string, CodeBlockProcessor>(),
	postProcessors: new Set<(el: HTMLElement, ctx: { sourcePath: string }) => void | Promise<void>>(),
	async render(app: App, markdown: string, el: HTMLElement, sourcePath: string, component: Component): Promise<void> {
		void component;
		MarkdownRenderer.renders.push({ markdown, sourcePath });
		const before = new Set(fetchedUrls(el));
		await renderBlocks(markdown, el, sourcePath, (app.win as unknown as { DOMParser: Parser }).DOMParser);
		for (const processor of MarkdownRenderer.postProcessors) await processor(el, { sourcePath });
		if (el.ownerDocument.defaultView !== null)
			MarkdownRenderer.loads.push(...fetchedUrls(el).filter((url) => !before.has(url)));
	},
};

/** Obsidian's Prism, as far as the pane uses it: highlighting wraps a code block's text in a token span. */
export const prismHighlights: string[] = [];
export function loadPrism(): Promise<{ highlightElement(el: HTMLElement): void }> {
	return Promise.resolve({
		highlightElement(el: HTMLElement) {
			prismHighlights.push(el.className);
			const token = el.ownerDocument.createElement("span");
			token.className = "token";
			token.textContent = el.textContent;
			el.replaceChildren(token);
		},
	});
}
