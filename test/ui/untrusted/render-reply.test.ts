// @vitest-environment happy-dom
/**
 * The defence in depth behind the neutraliser (issue 25): whatever a host's renderer builds that
 * would load by itself is removed before it reaches the pane, and so is what a late renderer step
 * adds afterwards. The renderer here misbehaves on purpose.
 */
import { describe, expect, it } from "vitest";
import { renderUntrustedReply } from "../../../src/ui/untrusted/render-reply";
import type { UiHost } from "../../../src/ui/host";
import { fetchedUrls } from "../../support/fetched-urls";

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

function remoteImage(doc: Document, url: string): HTMLImageElement {
	const img = doc.createElement("img");
	img.setAttribute("src", url);
	return img;
}

/** An element parsed from HTML, as a renderer that writes HTML would make it. */
function fromHtml(doc: Document, html: string): Node {
	const parsed = new DOMParser().parseFromString(`<body>${html}</body>`, "text/html");
	return doc.importNode(parsed.body.firstChild!, true);
}

describe("the rendered reply, checked again", () => {
	it("loses what a renderer made that loads (an image, a frame, a CSS url, a handler) before it is moved into the pane", async () => {
		let stagedConnected: boolean | null = null;
		const host: Pick<UiHost, "renderMarkdown"> = {
			renderMarkdown(el, markdown) {
				stagedConnected = el.isConnected;
				const p = el.ownerDocument.createElement("p");
				p.textContent = markdown;
				p.setAttribute("onclick", "alert(1)");
				el.append(fromHtml(el.ownerDocument, '<span style="background: url(https://attacker.example/bg.png)"></span>'));
				const frame = el.ownerDocument.createElement("iframe");
				frame.setAttribute("src", "https://attacker.example/frame");
				el.append(p, remoteImage(el.ownerDocument, "https://attacker.example/x.png"), frame);
			},
		};
		const pane = document.body.appendChild(document.createElement("div"));
		renderUntrustedReply(host, pane, "Hello", { reads: [] });
		await tick();
		expect(stagedConnected).toBe(false);
		expect(pane.textContent).toBe("Hello");
		expect(fetchedUrls(pane)).toEqual([]);
		expect(pane.querySelector("[onclick], [style]")).toBeNull();
	});

	it("removes an image a late step adds after the reply is in the pane, and makes its links safe", async () => {
		let late: HTMLElement | null = null;
		const host: Pick<UiHost, "renderMarkdown"> = {
			renderMarkdown(el, markdown) {
				late = el.ownerDocument.createElement("p");
				late.textContent = markdown;
				el.append(late);
				return { done: Promise.resolve(), cleanup: () => undefined };
			},
		};
		const pane = document.body.appendChild(document.createElement("div"));
		renderUntrustedReply(host, pane, "Hello", { reads: [] });
		await tick();
		late!.append(remoteImage(pane.ownerDocument, "https://attacker.example/late.png"));
		late!.append(fromHtml(pane.ownerDocument, '<b style="background-image: url(https://attacker.example/late-bg.png)"></b>'));
		late!.append(fromHtml(pane.ownerDocument, '<a href="https://attacker.example/?d=late">late link</a>'));
		await tick();
		expect(fetchedUrls(pane)).toEqual([]);
		expect(pane.textContent).toBe("Hellolate linkhttps://attacker.example/?d=late");
		expect(pane.querySelector("[href]")).toBeNull();
	});
});
