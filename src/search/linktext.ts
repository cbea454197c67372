/**
 * Link text as a person or a model writes it ("[[Plan#Goals|the plan]]", "![[Plan]]", "Plan#Goals"),
 * down to its path part, as Obsidian's getLinkpath does for the subpath: both hosts' catalogs use it.
 */
export function linkpathOf(linktext: string): string {
	let text = linktext.trim();
	if (text.startsWith("![[")) text = text.slice(1);
	if (text.startsWith("[[") && text.endsWith("]]")) text = text.slice(2, -2);
	const bar = text.indexOf("|");
	if (bar >= 0) text = text.slice(0, bar);
	const hash = text.indexOf("#");
	if (hash >= 0) text = text.slice(0, hash);
	return text.trim();
}
