/**
 * What moving a note does to the links of the vault, as Obsidian's "Automatically update internal
 * links" does it: every link that led to the moved note leads to its new path, written in the
 * style it had (a shortest `[[Note]]` stays shortest when that still finds the note from where the
 * link stands, else it becomes the note's path; a path stays a path; a relative Markdown link stays
 * relative, from where it stands), with its `#heading`, `|alias`, `.md`, `<...>` or `%20` kept.
 * In the moved note itself, links that are relative to its folder are rewritten to lead where they
 * led before. Pure: the hosts without Obsidian (MemoryVault, the sandbox's folder vault) apply it.
 */
import { basename, isHiddenPath, parentFolder } from "../paths";
import { findLinks, type NoteLink } from "./note-links";
import { joinPath, mayLeadTo, relativePath, resolveLink } from "./resolve-link";

export interface MovePlan {
	/** Notes whose text changes, by their path before the move (the moved note under `from`), with their new text. */
	texts: Map<string, string>;
}

/**
 * notes: the text of every note that may hold links (the moved one included); paths: every file
 * of the vault (links may only lead to existing files), before the move.
 */
export function planMoveLinks(
	notes: ReadonlyMap<string, string>,
	paths: ReadonlySet<string>,
	from: string,
	to: string,
): MovePlan {
	const after = new Set(paths);
	after.delete(from);
	after.add(to);
	const texts = new Map<string, string>();
	for (const [path, text] of notes) {
		// Obsidian does not see hidden files and folders (its config folder among them), so it never rewrites them.
		if (isHiddenPath(path) && path !== from) continue;
		const moved = path === from;
		const source = moved ? to : path;
		let out = "";
		let at = 0;
		for (const link of findLinks(text)) {
			// Outside the moved note only the links to it change; most links cannot lead to it.
			if (!moved && !mayLeadTo(link.linkpath, from)) continue;
			const target = resolveLink(link.linkpath, path, paths);
			if (target === null) continue;
			const style = styleOf(link, path, target);
			// Only the links to the moved note change, and, in the moved note, those relative to it.
			if (target !== from && !(moved && style === "relative")) continue;
			const written = writeLink(link, style, source, target === from ? to : target, after);
			if (written === link.raw) continue;
			out += text.slice(at, link.start) + written;
			at = link.end;
		}
		if (at > 0) texts.set(path, out + text.slice(at));
	}
	return { texts };
}

type Style = "shortest" | "path" | "relative";

function styleOf(link: NoteLink, source: string, target: string): Style {
	const { linkpath } = link;
	if (linkpath.startsWith("./") || linkpath.startsWith("../")) return "relative";
	// A Markdown link that reads from the note's folder is relative (Obsidian writes them so).
	const folder = parentFolder(source);
	const near = [linkpath, linkpath + ".md"].some((option) => joinPath(folder, option) === target);
	if (near && link.kind === "markdown") return "relative";
	return linkpath.includes("/") ? "path" : "shortest";
}

function writeLink(link: NoteLink, style: Style, source: string, target: string, paths: ReadonlySet<string>): string {
	const keepsExtension = /\.[^/]+$/.test(link.linkpath) || !target.toLowerCase().endsWith(".md");
	const named = (path: string) => (keepsExtension ? path : path.replace(/\.md$/i, ""));
	let path: string;
	if (style === "relative") {
		path = relativePath(parentFolder(source), target);
		if (link.linkpath.startsWith("./") && !path.startsWith("../")) path = "./" + path;
		path = named(path);
	} else if (style === "shortest" && resolveLink(named(basename(target)), source, paths) === target) {
		path = named(basename(target));
	} else path = named(target);
	if (link.kind === "wiki" || link.angle) return path;
	return encodeMarkdownPath(path, link.raw);
}

/** Spaces as `%20` (Obsidian's Markdown links), and the rest encoded when the link was. */
function encodeMarkdownPath(path: string, raw: string): string {
	if (/%[0-9a-f]{2}/i.test(raw) && !/ /.test(raw)) {
		try {
			return encodeURI(path);
		} catch {
			// A lone surrogate: fall through to spaces only.
		}
	}
	return path.replace(/ /g, "%20");
}
