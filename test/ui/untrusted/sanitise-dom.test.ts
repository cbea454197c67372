// @vitest-environment happy-dom
/**
 * The check behind the neutraliser (issue 25): whatever a host's renderer built, an element or an
 * attribute that would load, run or restyle by itself never reaches the pane. Every name on the
 * lists is tried, as HTML and as SVG make them, so a name dropped from a list is a test that fails.
 */
import { describe, expect, it } from "vitest";
import { isDropped, sanitiseAttributes, sanitiseRendered } from "../../../src/ui/untrusted/sanitise-dom";

const SVG = "http://www.w3.org/2000/svg";
const XLINK = "http://www.w3.org/1999/xlink";

const HTML_DROPPED = [
	"script",
	"style",
	"link",
	"meta",
	"base",
	"iframe",
	"frame",
	"frameset",
	"object",
	"embed",
	"applet",
	"img",
	"picture",
	"source",
	"video",
	"audio",
	"track",
	"form",
	"portal",
	"noscript",
	"template",
];
/** SVG's own elements that fetch or embed (their local names keep their case). */
const SVG_DROPPED = ["image", "feImage", "foreignObject"];
const FETCHING = [
	"src",
	"srcset",
	"srcdoc",
	"poster",
	"background",
	"lowsrc",
	"dynsrc",
	"data",
	"action",
	"formaction",
	"ping",
	"codebase",
	"manifest",
	"imagesrcset",
];

/** A span with this style attribute, as a renderer that writes HTML makes it. */
function styled(style: string): Element {
	const html = `<body><span style="${style.replace(/&/g, "&amp;").replace(/"/g, "&quot;")}"></span></body>`;
	return document.importNode(new DOMParser().parseFromString(html, "text/html").body.firstElementChild!, true);
}

function root(): HTMLElement {
	return document.createElement("div");
}

describe("elements that load by themselves", () => {
	it.each(HTML_DROPPED)("removes <%s> with its content, wherever it sits", (name) => {
		const el = root();
		const p = el.appendChild(document.createElement("p"));
		p.append("kept ");
		const bad = p.appendChild(document.createElement(name));
		bad.append("inside");
		sanitiseRendered(el);
		expect(el.querySelector(name)).toBeNull();
		expect(el.textContent).toBe("kept ");
	});

	it.each(SVG_DROPPED)("removes SVG's <%s>", (name) => {
		const el = root();
		const svg = el.appendChild(document.createElementNS(SVG, "svg"));
		svg.appendChild(document.createElementNS(SVG, name));
		svg.appendChild(document.createElementNS(SVG, "circle"));
		sanitiseRendered(el);
		expect(Array.from(svg.children, (child) => child.localName)).toEqual(["circle"]);
	});

	it("knows a dropped element whatever the case of its name, and keeps the ordinary ones", () => {
		expect(isDropped(document.createElementNS(SVG, "feImage"))).toBe(true);
		expect(isDropped(document.createElementNS("http://example.com/x", "IFRAME"))).toBe(true);
		for (const name of ["p", "a", "span", "pre", "code", "table", "svg", "blockquote"])
			expect(isDropped(document.createElement(name))).toBe(false);
	});
});

describe("attributes that load or run by themselves", () => {
	it.each(FETCHING)("removes %s from any element", (name) => {
		const el = document.createElement("div");
		el.setAttribute(name, "https://attacker.example/x");
		el.setAttribute("title", "kept");
		sanitiseAttributes(el);
		expect(el.hasAttribute(name)).toBe(false);
		expect(el.getAttribute("title")).toBe("kept");
	});

	it("removes event handlers, whatever their case", () => {
		const el = document.createElement("span");
		el.setAttribute("onclick", "alert(1)");
		el.setAttribute("ONMOUSEOVER", "alert(2)");
		sanitiseAttributes(el);
		expect(el.attributes).toHaveLength(0);
	});

	it("removes an href from anything but a link, namespaced or not, and a namespaced fetching attribute", () => {
		const area = document.createElement("area");
		area.setAttribute("href", "https://attacker.example/area");
		sanitiseAttributes(area);
		expect(area.hasAttribute("href")).toBe(false);

		const use = document.createElementNS(SVG, "use");
		use.setAttributeNS(XLINK, "xlink:href", "https://attacker.example/sprite.svg#x");
		use.setAttribute("href", "https://attacker.example/sprite.svg#y");
		sanitiseAttributes(use);
		expect(use.attributes).toHaveLength(0);

		const el = document.createElement("div");
		el.setAttributeNS("http://example.com/x", "x:src", "https://attacker.example/x.png");
		sanitiseAttributes(el);
		expect(el.attributes).toHaveLength(0);
	});

	it("leaves a link's href to links.ts", () => {
		const a = document.createElement("a");
		a.setAttribute("href", "https://docs.example/guide");
		sanitiseRendered(root().appendChild(a).parentElement!);
		expect(a.getAttribute("href")).toBe("https://docs.example/guide");
	});

	it.each([
		["url()", "background: url(https://attacker.example/a.png)"],
		["url () with a space", "background: URL (https://attacker.example/a.png)"],
		["image-set()", "background-image: image-set('https://attacker.example/a.png' 1x)"],
		["image-set () with a space", "background-image: image-set ('https://attacker.example/a.png' 1x)"],
		["@import", "@import 'https://attacker.example/a.css'"],
		["expression()", "width: expression(fetch('https://attacker.example'))"],
		["expression () with a space", "width: expression (fetch('https://attacker.example'))"],
		["a CSS escape (which can spell url)", "background: \\75 rl(https://attacker.example/a.png)"],
	])("removes a style that can fetch: %s", (_, style) => {
		const el = styled(style);
		sanitiseAttributes(el);
		expect(el.hasAttribute("style")).toBe(false);
	});

	it("keeps a style that cannot fetch, and every other attribute", () => {
		const el = styled("color: red; font-weight: bold");
		el.setAttribute("class", "callout");
		el.setAttribute("data-callout", "note");
		el.setAttribute("aria-label", "Note");
		sanitiseAttributes(el);
		expect(Array.from(el.attributes, (a) => `${a.name}=${a.value}`)).toEqual([
			"style=color: red; font-weight: bold",
			"class=callout",
			"data-callout=note",
			"aria-label=Note",
		]);
	});
});
