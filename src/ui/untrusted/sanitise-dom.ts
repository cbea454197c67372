/**
 * Defence in depth after the host's renderer: whatever it built from neutralised Markdown (see
 * neutralise.ts) is checked for anything that loads by itself before it is moved into the pane.
 * It runs on a detached element, where CSS is not applied; elements that fetch even when detached
 * (img, media) cannot come from neutralised Markdown, and are removed here if a renderer made them
 * anyway. Anchors are left to links.ts.
 */

/** Elements that fetch, run, embed or restyle the page: removed with their content. */
const DROPPED = new Set([
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
	"image",
	"feimage",
	"form",
	"portal",
	"noscript",
	"template",
	"foreignobject",
]);

/** Attributes that fetch or run by themselves. */
const FETCHING = new Set([
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
]);

/** CSS that can fetch: url(), image-set(), @import, legacy expression(). */
const FETCHING_CSS = /url\s*\(|image-set\s*\(|@import|expression\s*\(|\\/i;

export function sanitiseRendered(root: Element): void {
	for (const el of Array.from(root.querySelectorAll("*"))) {
		if (isDropped(el)) {
			el.remove();
			continue;
		}
		sanitiseAttributes(el);
	}
}

export function isDropped(el: Element): boolean {
	return DROPPED.has(el.localName.toLowerCase());
}

export function sanitiseAttributes(el: Element): void {
	for (const attr of Array.from(el.attributes)) {
		const name = attr.name.toLowerCase();
		const local = name.includes(":") ? name.slice(name.indexOf(":") + 1) : name;
		// An href fetches anywhere but on a link (SVG's <use>, <image>, <feImage> included).
		const fetches =
			name.startsWith("on") ||
			FETCHING.has(local) ||
			(local === "href" && el.localName.toLowerCase() !== "a") ||
			(name === "style" && FETCHING_CSS.test(attr.value));
		if (fetches) el.removeAttribute(attr.name);
	}
}
