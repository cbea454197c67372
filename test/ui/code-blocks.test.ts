// @vitest-environment happy-dom
import { describe, expect, it } from "vitest";
import { makeCodeBlocksKeyboardScrollable } from "../../src/ui/code-blocks";

describe("code blocks in a reply", () => {
	it("become tab stops, so a keyboard can scroll one that is wider than the pane", () => {
		const root = document.createElement("div");
		root.append(
			Object.assign(document.createElement("p"), { textContent: "Here:" }),
			document.createElement("pre"),
			document.createElement("pre"),
		);
		makeCodeBlocksKeyboardScrollable(root);
		expect([...root.querySelectorAll("pre")].map((pre) => pre.getAttribute("tabindex"))).toEqual(["0", "0"]);
		expect(root.querySelector("p")?.hasAttribute("tabindex")).toBe(false);
	});

	it("keeps a tab order the renderer chose", () => {
		const root = document.createElement("div");
		const pre = document.createElement("pre");
		pre.tabIndex = 2;
		root.append(pre);
		makeCodeBlocksKeyboardScrollable(root);
		expect(pre.tabIndex).toBe(2);
	});
});
