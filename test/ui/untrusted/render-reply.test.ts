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
		late!.append(
			fromHtml(pane.ownerDocument, '<b style="background-image: url(https://attacker.example/late-bg.png)"></b>'),
		);
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

	it("leaves an image the user loaded in the pane, while one the renderer adds beside it is removed", async () => {
		const host: Pick<UiHost, "renderMarkdown"> = {
			renderMarkdown(el, markdown) {
				el.appendChild(el.ownerDocument.createElement("p")).textContent = markdown;
			},
		};
		const pane = document.body.appendChild(document.createElement("div"));
		renderUntrustedReply(host, pane, "A chart: ![chart](https://charts.example/c.png)", { reads: [] });
		await tick();
		pane.querySelector<HTMLButtonElement>(".redline-image-load")!.click();
		await tick();
		expect(pane.querySelector("img")?.getAttribute("src")).toBe("https://charts.example/c.png");
		pane.querySelector("img")!.setAttribute("title", "loaded");
		pane.querySelector("p")!.append(remoteImage(pane.ownerDocument, "https://attacker.example/late.png"));
		await tick();
		expect(Array.from(pane.querySelectorAll("img"), (img) => img.getAttribute("src"))).toEqual([
			"https://charts.example/c.png",
		]);
		expect(pane.querySelector("img")?.getAttribute("title")).toBe("loaded");
	});

	it("checks an attribute a late step sets on an element already in the pane", async () => {
		const host: Pick<UiHost, "renderMarkdown"> = {
			renderMarkdown(el, markdown) {
				el.appendChild(el.ownerDocument.createElement("p")).textContent = markdown;
			},
		};
		const pane = document.body.appendChild(document.createElement("div"));
		renderUntrustedReply(host, pane, "Hello", { reads: [] });
		await tick();
		const p = pane.querySelector("p")!;
		p.setAttribute("background", "https://attacker.example/late.png");
		p.setAttribute("onclick", "alert(1)");
		p.setAttribute("class", "kept");
		await tick();
		expect(p.hasAttribute("background")).toBe(false);
		expect(p.hasAttribute("onclick")).toBe(false);
		expect(p.getAttribute("class")).toBe("kept");
	});

	it("removes an embedded object a late step adds, and the handlers of a late element", async () => {
		let late: HTMLElement | null = null;
		const host: Pick<UiHost, "renderMarkdown"> = {
			renderMarkdown(el, markdown) {
				late = el.appendChild(el.ownerDocument.createElement("p"));
				late.textContent = markdown;
			},
		};
		const pane = document.body.appendChild(document.createElement("div"));
		renderUntrustedReply(host, pane, "Hello", { reads: [] });
		await tick();
		late!.append(fromHtml(pane.ownerDocument, '<object data="https://attacker.example/late"></object>'));
		late!.append(fromHtml(pane.ownerDocument, '<span onclick="alert(1)"><b onmouseover="alert(2)">x</b></span>'));
		await tick();
		expect(pane.querySelector("object")).toBeNull();
		expect(pane.querySelector("[onclick], [onmouseover]")).toBeNull();
		expect(pane.textContent).toBe("Hellox");
	});

	it("opens a late link, like the first ones, through the caller's open, and leaves the first links as they were", async () => {
		let late: HTMLElement | null = null;
		const host: Pick<UiHost, "renderMarkdown"> = {
			renderMarkdown(el) {
				late = el.appendChild(el.ownerDocument.createElement("p"));
				late.append(fromHtml(el.ownerDocument, '<a href="https://docs.example/first">first</a>'));
			},
		};
		const opened: string[] = [];
		const pane = document.body.appendChild(document.createElement("div"));
		renderUntrustedReply(host, pane, "", { reads: [], open: (url) => opened.push(url) });
		await tick();
		const first = pane.querySelector<HTMLElement>(".redline-link")!;
		late!.append(fromHtml(pane.ownerDocument, '<a href="https://docs.example/late">late</a>'));
		await tick();
		const links = Array.from(pane.querySelectorAll<HTMLElement>(".redline-link"));
		expect(links.map((a) => a.textContent)).toEqual(["first", "late"]);
		expect(links[0]).toBe(first);
		for (const link of links) link.click();
		expect(opened).toEqual(["https://docs.example/first", "https://docs.example/late"]);
	});

	it("makes a link inside a late element safe, and a late link added straight into the pane", async () => {
		const host: Pick<UiHost, "renderMarkdown"> = { renderMarkdown: () => undefined };
		const pane = document.body.appendChild(document.createElement("div"));
		renderUntrustedReply(host, pane, "", { reads: [], open: () => undefined });
		await tick();
		pane.append(fromHtml(pane.ownerDocument, '<div><a href="javascript:alert(1)">inner</a></div>'));
		pane.append(fromHtml(pane.ownerDocument, '<a href="obsidian://open?vault=x">direct</a>'));
		await tick();
		expect(pane.querySelector("a")).toBeNull();
		expect(Array.from(pane.querySelectorAll(".redline-dead-link"), (span) => span.textContent)).toEqual([
			"inner",
			"direct",
		]);
	});

	it("waits for a renderer that renders later, and shows the reply even when its rendering fails", async () => {
		let finish: () => void = () => undefined;
		const host: Pick<UiHost, "renderMarkdown"> = {
			renderMarkdown(el, markdown) {
				el.appendChild(el.ownerDocument.createElement("p")).textContent = markdown;
				return { done: new Promise<void>((resolve) => (finish = resolve)), cleanup: () => undefined };
			},
		};
		const pane = document.body.appendChild(document.createElement("div"));
		renderUntrustedReply(host, pane, "Later", { reads: [] });
		await tick();
		expect(pane.textContent).toBe("");
		finish();
		await tick();
		expect(pane.textContent).toBe("Later");

		const failing: Pick<UiHost, "renderMarkdown"> = {
			renderMarkdown(el, markdown) {
				el.appendChild(el.ownerDocument.createElement("p")).textContent = markdown;
				return { done: Promise.reject(new Error("a post-processor threw")), cleanup: () => undefined };
			},
		};
		const other = document.body.appendChild(document.createElement("div"));
		renderUntrustedReply(failing, other, "Partly", { reads: [] });
		await tick();
		expect(other.textContent).toBe("Partly");
	});

	it("moves nothing into the pane once disposed, and runs the renderer's cleanup, whichever form it has", async () => {
		const cleanups: string[] = [];
		let finish: () => void = () => undefined;
		const later: Pick<UiHost, "renderMarkdown"> = {
			renderMarkdown(el, markdown) {
				el.appendChild(el.ownerDocument.createElement("p")).textContent = markdown;
				return { done: new Promise<void>((resolve) => (finish = resolve)), cleanup: () => cleanups.push("object") };
			},
		};
		const pane = document.body.appendChild(document.createElement("div"));
		const dispose = renderUntrustedReply(later, pane, "Too late", { reads: [] });
		dispose();
		finish();
		await tick();
		expect(pane.textContent).toBe("");
		expect(cleanups).toEqual(["object"]);

		const asFunction: Pick<UiHost, "renderMarkdown"> = { renderMarkdown: () => () => cleanups.push("function") };
		renderUntrustedReply(asFunction, document.createElement("div"), "x", { reads: [] })();
		expect(cleanups).toEqual(["object", "function"]);
		// A renderer with nothing to clean up.
		expect(() =>
			renderUntrustedReply({ renderMarkdown: () => undefined }, document.createElement("div"), "x", { reads: [] })(),
		).not.toThrow();
	});

	it("stops watching the pane once disposed", async () => {
		const disconnect = vi.spyOn(MutationObserver.prototype, "disconnect");
		// A host that renders something: one that renders nothing gets the plain text, and no observer.
		const host: Pick<UiHost, "renderMarkdown"> = {
			renderMarkdown(el, markdown) {
				el.appendChild(el.ownerDocument.createElement("p")).textContent = markdown;
			},
		};
		const dispose = renderUntrustedReply(host, document.body.appendChild(document.createElement("div")), "x", {
			reads: [],
		});
		await tick();
		expect(disconnect).not.toHaveBeenCalled();
		dispose();
		expect(disconnect).toHaveBeenCalledTimes(1);
		disconnect.mockRestore();
	});

	it("renders in a document without a window (nothing to watch there), and makes code blocks tab stops", async () => {
		const doc = document.implementation.createHTMLDocument("detached");
		const host: Pick<UiHost, "renderMarkdown"> = {
			renderMarkdown(el, markdown) {
				el.appendChild(el.ownerDocument.createElement("p")).textContent = markdown;
			},
		};
		const pane = doc.body.appendChild(doc.createElement("div"));
		renderUntrustedReply(host, pane, "```sh\nls\n```", { reads: [] });
		await tick();
		expect(pane.querySelector("pre")?.tabIndex).toBe(0);
		expect(pane.querySelector("pre code")?.textContent).toBe("ls");
	});

	it("hands code blocks to the host's highlighter, as a method of the host", async () => {
		const host = {
			seen: [] as string[],
			renderMarkdown(el: HTMLElement, markdown: string) {
				el.appendChild(el.ownerDocument.createElement("p")).textContent = markdown;
			},
			highlightCode(code: HTMLElement, lang: string) {
				this.seen.push(`${lang}:${code.textContent ?? ""}`);
			},
		};
		renderUntrustedReply(host, document.body.appendChild(document.createElement("div")), "```ts\nlet a = 1;\n```", {
			reads: [],
		});
		await tick();
		expect(host.seen).toEqual(["ts:let a = 1;"]);
	});

	describe("shows the reply as plain text, never the host's output", () => {
		const reply =
			"Some **bold** text, [a link](https://docs.example/a?d=x) and `code`.\n\n![](https://attacker.example/p.png) <img src=https://attacker.example/raw.png>";
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
