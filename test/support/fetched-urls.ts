/**
 * Every URL a DOM subtree would fetch by itself: element sources (img, media, frames, objects),
 * stylesheets and CSS url()s in style attributes. Chromium fetches an <img>'s src as soon as it
 * is set, attached or not, so a URL found here is a request the page would make.
 */
const FETCHING = ["src", "srcset", "poster", "data", "background"];

export function fetchedUrls(el: Element): string[] {
	const urls: string[] = [];
	for (const node of [el, ...Array.from(el.querySelectorAll("*"))]) {
		// Obsidian's embeds keep their target in a span's src; a span loads nothing.
		if (node.localName !== "span")
			for (const name of FETCHING) {
				const value = node.getAttribute(name);
				if (value) urls.push(value);
			}
		if (node.localName === "link" && node.getAttribute("href")) urls.push(node.getAttribute("href")!);
		for (const match of (node.getAttribute("style") ?? "").matchAll(/url\(\s*['"]?([^'")]+)/g))
			urls.push(match[1] ?? "");
	}
	return urls;
}
