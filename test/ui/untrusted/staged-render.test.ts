// @vitest-environment happy-dom
/**
 * The host's render, staged in a document with no browsing context (issue 25): what it is given,
 * when its output is used, and that its render is unloaded once.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { RENDER_TIMEOUT_MS, renderStaged } from "../../../src/ui/untrusted/staged-render";
import type { UiHost } from "../../../src/ui/host";

afterEach(() => {
	vi.useRealTimers();
});

/** A host whose renderer puts `html` in the staging element. */
const rendering = (
	html: string,
	extra: Partial<{ done: Promise<void>; cleanup: () => void }> = {},
): Pick<UiHost, "renderMarkdown"> => ({
	renderMarkdown(el) {
		const parsed = new DOMParser().parseFromString(`<body>${html}</body>`, "text/html");
		el.append(...Array.from(parsed.body.childNodes, (node) => el.ownerDocument.importNode(node, true)));
		return extra.done || extra.cleanup
			? { done: extra.done ?? Promise.resolve(), cleanup: extra.cleanup ?? (() => undefined) }
			: undefined;
	},
});

describe("the staged render", () => {
	it("renders the reply as a note at the vault's root (no source path)", async () => {
		const paths: string[] = [];
		const host: Pick<UiHost, "renderMarkdown"> = {
			renderMarkdown(el, markdown, sourcePath) {
				paths.push(sourcePath);
				el.textContent = markdown;
			},
		};
		const { rendered } = renderStaged(host, document, "[[Note]]");
		expect((await rendered)?.textContent).toBe("[[Note]]");
		expect(paths).toEqual([""]);
	});

	it("uses what the host rendered when it holds an element without text, or text without an element", async () => {
		expect((await renderStaged(rendering("<hr>"), document, "---").rendered)?.innerHTML).toBe("<hr>");
		expect((await renderStaged(rendering("plain words"), document, "plain words").rendered)?.textContent).toBe(
			"plain words",
		);
	});

	it("counts blank text alone as nothing rendered, and a blank reply as nothing to render", async () => {
		expect(await renderStaged(rendering("  \n "), document, "Hello").rendered).toBeNull();
		const blank = await renderStaged(rendering(""), document, "  \n ").rendered;
		expect(blank).not.toBeNull();
		expect(blank?.innerHTML).toBe("");
	});

	it("does not use a render that has not finished in time, even one that put something there", async () => {
		vi.useFakeTimers();
		let unloaded = 0;
		const { rendered } = renderStaged(
			rendering("<p>half</p>", { done: new Promise<void>(() => undefined), cleanup: () => unloaded++ }),
			document,
			"Hello",
		);
		await vi.advanceTimersByTimeAsync(RENDER_TIMEOUT_MS + 1);
		expect(await rendered).toBeNull();
		expect(unloaded).toBe(1);
	});

	it("unloads the host's render once, however often it is asked to", async () => {
		let unloaded = 0;
		const { rendered, cleanup } = renderStaged(rendering("<p>Hi</p>", { cleanup: () => unloaded++ }), document, "Hi");
		await rendered;
		cleanup();
		cleanup();
		expect(unloaded).toBe(1);
	});
});
