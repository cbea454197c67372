/**
 * What the host's Markdown renderer is given of a reply (issue 25): no code, no HTML and no image
 * left, each recognised by where it stands, never by its look.
 */
import { describe, expect, it } from "vitest";
import { neutraliseMarkdown } from "../../../src/ui/untrusted/neutralise";

const N = "n0";
const marker = (i: number) => `RLX${N}P${i}Z`;

describe("neutralising a reply's Markdown", () => {
	it("takes a remote image out, leaving a marker for its placeholder", () => {
		const out = neutraliseMarkdown('Done. ![pixel](http://attacker.example/p.png?d=x "t")', N);
		expect(out.markdown).toBe(`Done. ${marker(0)}`);
		expect(out.pieces).toEqual([{ kind: "image", image: { alt: "pixel", url: "http://attacker.example/p.png?d=x" } }]);
	});

	it("shows raw HTML, comments and autolinks as text", () => {
		const out = neutraliseMarkdown('<img src="http://a.example/x.png">\n<!-- hidden -->\n<https://a.example>', N);
		expect(out.markdown).toBe('&lt;img src="http://a.example/x.png">\n&lt;!-- hidden -->\n&lt;https://a.example>');
	});

	it("keeps code whole, so an image or a tag inside it stays text and no processor sees the block", () => {
		const out = neutraliseMarkdown(
			"```dataviewjs\ndv.paragraph('![](http://a.example/x.png)')\n```\nAnd `<b>![](u)</b>` inline.",
			N,
		);
		expect(out.markdown).toBe(`${marker(0)}\nAnd ${marker(1)} inline.`);
		expect(out.pieces).toEqual([
			{
				kind: "code",
				code: { kind: "block", lang: "dataviewjs", text: "dv.paragraph('![](http://a.example/x.png)')" },
			},
			{ kind: "code", code: { kind: "inline", text: "<b>![](u)</b>" } },
		]);
	});

	it("takes fenced blocks out of quotes and list items, and an unclosed fence runs to the end", () => {
		const out = neutraliseMarkdown("> ~~~js\n> let x = 1;\n> ~~~\n- ```\n  ![](http://a.example/y.png)", N);
		expect(out.markdown).toBe(`> ${marker(0)}\n- ${marker(1)}`);
		expect(out.pieces.map((p) => (p.kind === "code" ? p.code.text : ""))).toEqual([
			"let x = 1;",
			"![](http://a.example/y.png)",
		]);
	});

	it("matches inline code by backtick runs of the same length, and escapes a run that closes nothing", () => {
		const out = neutraliseMarkdown("`` a ` b `` and ` lone", N);
		expect(out.markdown).toBe(`${marker(0)} and \\\` lone`);
		expect(out.pieces[0]).toEqual({ kind: "code", code: { kind: "inline", text: "a ` b" } });
	});

	it("turns an embed into a link and escapes any other image syntax (a reference image becomes a link)", () => {
		const out = neutraliseMarkdown("![[Private/Passwords]] ![ref][r]\n\n[r]: http://a.example/x.png", N);
		expect(out.markdown).toBe("[[Private/Passwords]] \\![ref][r]\n\n[r]: http://a.example/x.png");
	});

	it("keeps backslash escapes, and an escaped < stays text", () => {
		expect(neutraliseMarkdown("\\<b> \\` \\*", N).markdown).toBe("&lt;b> \\` \\*");
	});

	it("leaves ordinary Markdown alone: links, [[links]], callouts, math, emphasis", () => {
		const text =
			"> [!note] Plan\n> See [[Daily|today]] and [docs](https://docs.example).\n\n$$e = mc^2$$ **bold** _it_";
		expect(neutraliseMarkdown(text, N).markdown).toBe(text);
	});
});

describe("no fence is left for the host's renderer", () => {
	it("takes out a fence after nested list and quote markers", () => {
		const out = neutraliseMarkdown("1. - > ```dataviewjs\n     > dv.paragraph(1)\n     > ```", N);
		expect(out.markdown).toBe(`1. - > ${marker(0)}`);
	});

	it("escapes every run of three tildes and every backtick run that closes nothing", () => {
		const out = neutraliseMarkdown("text\n    ~~~~dataviewjs\n~~strike~~ and ```", N);
		expect(out.markdown).toBe(`text\n    ${marker(0)}`);
		expect(neutraliseMarkdown("a ~~~ b ``` c", N).markdown).toBe("a \\~\\~\\~ b \\`\\`\\` c");
	});
});

describe("fenced blocks, as CommonMark reads them", () => {
	const block = (markdown: string) => neutraliseMarkdown(markdown, N);
	const texts = (markdown: string) =>
		block(markdown).pieces.map((p) => (p.kind === "code" && p.code.kind === "block" ? [p.code.lang, p.code.text] : p));

	it("reads Windows and old Mac line endings as line endings", () => {
		expect(block("a\r\n```js\r\nx\r\n```\rb").markdown).toBe(`a\n${marker(0)}\nb`);
		expect(texts("```js\r\nx\r\n```")).toEqual([["js", "x"]]);
	});

	it("closes a fence only by a run of the same character, at least as long, with nothing after it but blank space", () => {
		expect(texts("````\nx\n```\ny\n````")).toEqual([["", "x\n```\ny"]]);
		expect(texts("```\nx\n~~~\ny\n```")).toEqual([["", "x\n~~~\ny"]]);
		expect(texts("~~~\nx\n```\ny\n~~~")).toEqual([["", "x\n```\ny"]]);
		expect(texts("```\nx\n``` not closed\ny\n````  \t")).toEqual([["", "x\n``` not closed\ny"]]);
		expect(block("```py\nx\n````\nafter").markdown).toBe(`${marker(0)}\nafter`);
	});

	it("takes the language as the info string's first word, and a tilde fence's info may hold backticks", () => {
		expect(texts("```js   extra words\nx\n```")).toEqual([["js", "x"]]);
		expect(texts("~~~ js `x`\ny\n~~~")).toEqual([["js", "y"]]);
		expect(texts("```\n```")).toEqual([["", ""]]);
	});

	it("takes fences after ordered list markers of either kind, and after tabs as well as spaces", () => {
		expect(block("1) ```py\n   x\n   ```").markdown).toBe(`1) ${marker(0)}`);
		expect(block("123456789. ```\nx\n```").markdown).toBe(`123456789. ${marker(0)}`);
		expect(block("+ ```\n  a\n  ```").markdown).toBe(`+ ${marker(0)}`);
		expect(block("* ```\n  a\n  ```").markdown).toBe(`* ${marker(0)}`);
		expect(block("\t>\t-\t```sh\nls\n```").markdown).toBe(`\t>\t-\t${marker(0)}`);
		// Ten digits are no list marker: the line is text, its backticks escaped.
		expect(block("1234567890. ```\nx").markdown).toBe("1234567890. \\`\\`\\`\nx");
		// A list marker needs blank space after it.
		expect(block("-```\nx").markdown).toBe("-\\`\\`\\`\nx");
	});

	it("strips from each line of a block its container's prefix and indentation, and no more", () => {
		expect(texts("  ```\n    x\n  ```")).toEqual([["", "  x"]]);
		expect(texts("12. ```\n    a\n     b\n    ```")).toEqual([["", "a\n b"]]);
		expect(texts("> ```\n>code\n> > quoted in code\n> ```")).toEqual([["", "code\n> quoted in code"]]);
		expect(texts("> > ```\n> > a\n> b\n> > ```")).toEqual([["", "a\nb"]]);
		expect(texts("```\n> not a quote\n  indented\n```")).toEqual([["", "> not a quote\n  indented"]]);
		// A line that lost its quote marker keeps what is in it.
		expect(texts("> ```\na > b\n> ```")).toEqual([["", "a > b"]]);
	});

	it("closes a block in a quote only at the quote's depth or less", () => {
		expect(texts("> ```\n> a\n> > ```\n> ```")).toEqual([["", "a\n> ```"]]);
		expect(texts("> > ```\n> > a\n> ```\nafter")).toEqual([["", "a"]]);
	});
});

describe("inline code, as CommonMark reads it", () => {
	const inline = (markdown: string) => neutraliseMarkdown(markdown, N);

	it("joins its lines with spaces and strips one space each side only when both are there and it is not all spaces", () => {
		expect(inline("`\na\n`").pieces).toEqual([{ kind: "code", code: { kind: "inline", text: "a" } }]);
		expect(inline("`  a  `").pieces).toEqual([{ kind: "code", code: { kind: "inline", text: " a " } }]);
		expect(inline("` a`").pieces).toEqual([{ kind: "code", code: { kind: "inline", text: " a" } }]);
		expect(inline("`a `").pieces).toEqual([{ kind: "code", code: { kind: "inline", text: "a " } }]);
		expect(inline("`  `").pieces).toEqual([{ kind: "code", code: { kind: "inline", text: "  " } }]);
		expect(inline("` `` `").pieces).toEqual([{ kind: "code", code: { kind: "inline", text: "``" } }]);
	});

	it("does not reach past the end of its paragraph, however long the blank line", () => {
		for (const blank of ["", "  ", ">", " ".repeat(100), `${" ".repeat(90)}>`]) {
			const text = `\`a\n${blank}\nb\``;
			expect(inline(text).pieces, JSON.stringify(blank)).toEqual([]);
			expect(inline(text).markdown).toBe(`\\\`a\n${blank}\nb\\\``);
		}
		expect(inline("`a\nb`").pieces).toEqual([{ kind: "code", code: { kind: "inline", text: "a b" } }]);
	});
});

describe("escapes and images, as CommonMark reads them", () => {
	const inline = (markdown: string) => neutraliseMarkdown(markdown, N);
	const image = (alt: string, url: string) => [{ kind: "image", image: { alt, url } }];

	it("keeps an escaped ![ as text, and an escaped ~ opens no fence", () => {
		expect(inline("\\![a](http://x.example/i.png)")).toMatchObject({
			markdown: "\\![a](http://x.example/i.png)",
			pieces: [],
		});
		expect(inline("\\~~~ and \\`").markdown).toBe("\\~~~ and \\`");
		expect(inline("\\\\<b> \\a a\\").markdown).toBe("\\\\&lt;b> \\a a\\");
	});

	it("finds an image whose alt holds brackets, nested or escaped", () => {
		expect(inline("![a [b] c](http://x.example/i.png)").pieces).toEqual(image("a [b] c", "http://x.example/i.png"));
		expect(inline("![a \\] c](http://x.example/i.png)").pieces).toEqual(image("a \\] c", "http://x.example/i.png"));
	});

	it("finds an image's destination after blank space of any kind, in angle brackets, or with balanced or escaped parentheses", () => {
		for (const space of [" ", "\t", "\n", "  \n "])
			expect(inline(`![a](${space}http://x.example/a.png${space})`).pieces, JSON.stringify(space)).toEqual(
				image("a", "http://x.example/a.png"),
			);
		expect(inline("![a](<http://x.example/a b.png>)").pieces).toEqual(image("a", "http://x.example/a b.png"));
		expect(inline("![a](http://x.example/a_(b).png)").pieces).toEqual(image("a", "http://x.example/a_(b).png"));
		expect(inline("![a](http://x.example/a\\)b.png)").pieces).toEqual(image("a", "http://x.example/a\\)b.png"));
		expect(inline("![a](http://x.example/a.png) (b)").markdown).toBe(`${marker(0)} (b)`);
	});

	it("finds an image with a title in any of its three forms", () => {
		for (const title of ['"t"', "'t'", "(t)", '"a \\" b"', "'a \\' b'", "(a \\) b)"]) {
			expect(inline(`![a](http://x.example/a.png ${title}) after`), title).toEqual(
				expect.objectContaining({ markdown: `${marker(0)} after`, pieces: image("a", "http://x.example/a.png") }),
			);
		}
	});

	it("escapes the ! of what only looks like an image", () => {
		for (const text of [
			"![a",
			"![a](http://x.example/a.png",
			"![a](<http://x.example/a b.png)",
			"![a](http://x.example/a.png junk)",
			"![a] (http://x.example/a.png)",
			'![a](http://x.example/a.png "t)',
		]) {
			const out = inline(text);
			expect(out.pieces, text).toEqual([]);
			expect(out.markdown.startsWith("\\!["), text).toBe(true);
		}
		expect(inline("wow! [link](u) !").markdown).toBe("wow! [link](u) !");
	});
});

describe("the markers of a reply", () => {
	it("are letters and digits only, with a part no other reply has", () => {
		const nonces = new Set<string>();
		for (let n = 0; n < 20; n++) {
			const out = neutraliseMarkdown("`a`");
			expect(out.markdown).toMatch(/^RLX[a-z0-9]{2,}P0Z$/);
			expect(out.marker.test(out.markdown)).toBe(true);
			nonces.add(out.markdown);
		}
		expect(nonces.size).toBe(20);
	});
});
