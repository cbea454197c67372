import { describe, expect, it } from "vitest";
import { MarkdownPosition, topLevelIndexOf } from "../../src/llm/markdown-code";

const placeAt = (text: string) => new MarkdownPosition().placeAfter(text);

describe("where a point of a reply stands in its Markdown", () => {
	it("is inside a fence from its opening line to a closing line of at least as many of the same character", () => {
		expect(placeAt("```js\nx\n")).toBe("fence");
		expect(placeAt("```js")).toBe("fence");
		expect(placeAt("````\n```\n")).toBe("fence");
		expect(placeAt("````\n````\n")).toBe("top");
		expect(placeAt("~~~\n```\n")).toBe("fence");
		expect(placeAt("~~~\n~~~~  \nafter")).toBe("top");
		expect(placeAt("   ```\nx\n   ```\r\n")).toBe("top");
		// Four spaces is no fence; an info string with a backtick is inline code, not a fence.
		expect(placeAt("    ```\n")).toBe("top");
		expect(placeAt("```a`b\n")).toBe("top");
	});

	it("closes a fence only by a line of the fence alone (no info string, not indented past three spaces)", () => {
		// A line inside a code block that only starts or only ends like a fence does not close it.
		expect(placeAt("```\n```js\nx\n")).toBe("fence");
		expect(placeAt("```\n    ```\nx\n")).toBe("fence");
		expect(placeAt("```\nx ```\n")).toBe("fence");
	});

	it("opens a fence on a line that ends in a carriage return (a reply with Windows line endings)", () => {
		expect(placeAt("```js\r\nx\r\n")).toBe("fence");
		expect(placeAt("```\r\nx\r\n```\r\n")).toBe("top");
		expect(placeAt("~~~ info\u2028more\nx\n")).toBe("fence");
	});

	it("opens a fence only with three or more tildes, and a tilde fence's info string may hold backticks", () => {
		expect(placeAt("~~\nx\n")).toBe("top");
		expect(placeAt("~~~ a`b\nx\n")).toBe("fence");
	});

	it("is inside inline code while a backtick run is open on the line", () => {
		expect(placeAt("see `")).toBe("inline");
		expect(placeAt("see `x` and ")).toBe("top");
		expect(placeAt("see ``a ` b")).toBe("inline");
		expect(placeAt("see ``a ` b`` ")).toBe("top");
		expect(placeAt("see `x\n")).toBe("top");
	});

	it("is quoted on a block quote line", () => {
		expect(placeAt("> ")).toBe("quote");
		expect(placeAt("   > x")).toBe("quote");
		expect(placeAt("> x\n")).toBe("top");
		// A ">" mid-line, or after four spaces of indentation, starts no quote.
		expect(placeAt("x > y")).toBe("top");
		expect(placeAt("    > x")).toBe("top");
	});

	it("gives the same answer fed in pieces as whole", () => {
		const text = "a\n```\n<x>\n```\n`y` > `<z";
		for (let cut = 0; cut <= text.length; cut++) {
			const position = new MarkdownPosition();
			position.feed(text.slice(0, cut));
			position.feed(text.slice(cut));
			expect(position.place(), `cut at ${cut}`).toBe(placeAt(text));
		}
	});

	it("finds the first tag that stands at the top level", () => {
		expect(topLevelIndexOf("`</think>` then\n```\n</think>\n```\n</think>", "</think>")).toBe(33);
		expect(topLevelIndexOf("> </think>", "</think>")).toBe(-1);
	});

	it("knows whether only blank space stands before the point on its line", () => {
		const startsLine = (text: string) => {
			const position = new MarkdownPosition();
			position.feed(text);
			return position.startsLine();
		};
		expect(startsLine("")).toBe(true);
		expect(startsLine("prose\n")).toBe(true);
		expect(startsLine("prose\n \t ")).toBe(true);
		expect(startsLine("prose\n x")).toBe(false);
		expect(startsLine("prose ")).toBe(false);
	});

	it("finds the first top-level tag that also fits a further rule", () => {
		const alone = (position: MarkdownPosition) => position.startsLine();
		expect(topLevelIndexOf("a </think>\n`\n</think>\n</think>", "</think>", 0, alone)).toBe(13);
		expect(topLevelIndexOf("</think> x </think>", "</think>", 1, alone)).toBe(-1);
		expect(topLevelIndexOf("x </think>", "</think>", 0, (_position, at) => at === 2)).toBe(2);
	});
});
