/**
 * Code blocks in a reply keep their lines and scroll sideways inside themselves (styles.css), so a
 * keyboard user must be able to reach them to scroll: each <pre> becomes a tab stop (axe's
 * scrollable-region-focusable). Hosts call this once their Markdown renderer has filled `root`.
 */
export function makeCodeBlocksKeyboardScrollable(root: HTMLElement): void {
	for (const pre of Array.from(root.querySelectorAll("pre"))) {
		if (pre.tabIndex < 0) pre.tabIndex = 0;
	}
}
