/**
 * Which note a link leads to, as Obsidian's metadataCache.getFirstLinkpathDest decides it: a
 * path starting with `./` or `../` from the linking note's folder; else the path from the vault
 * root, then from the linking note's folder; else the notes whose path ends with it (`Note` is
 * any `…/Note.md`), the one in the linking note's folder first, then the shortest path. A link
 * without an extension means a `.md` note.
 */
import { parentFolder } from "../paths";

/** The vault path a link leads to, or null when it leads to no existing file. Case-insensitive, as Obsidian's. */
export function resolveLink(linkpath: string, source: string, paths: ReadonlySet<string>): string | null {
	const options = withExtension(linkpath);
	const folder = parentFolder(source);
	const has = (path: string | null): string | null => {
		if (path === null) return null;
		if (paths.has(path)) return path;
		const lower = path.toLowerCase();
		for (const candidate of paths) if (candidate.toLowerCase() === lower) return candidate;
		return null;
	};
	if (linkpath.startsWith("./") || linkpath.startsWith("../")) {
		for (const option of options) {
			const found = has(joinPath(folder, option));
			if (found !== null) return found;
		}
		return null;
	}
	const cleaned = options.map((o) => o.replace(/^\/+/, ""));
	for (const option of cleaned) {
		const found = has(option);
		if (found !== null) return found;
	}
	if (folder !== "")
		for (const option of cleaned) {
			const found = has(`${folder}/${option}`);
			if (found !== null) return found;
		}
	const suffixes = cleaned.map((option) => "/" + option.toLowerCase());
	const found: string[] = [];
	for (const path of paths) {
		const lower = path.toLowerCase();
		if (suffixes.some((suffix) => lower.endsWith(suffix))) found.push(path);
	}
	if (found.length === 0) return null;
	const near = found.find((path) => parentFolder(path) === folder);
	if (near) return near;
	return found.sort((a, b) => a.length - b.length || (a < b ? -1 : 1))[0];
}

/** `Note` may mean `Note.md`; `Note.md` (or `image.png`) means itself. */
function withExtension(linkpath: string): string[] {
	const name = linkpath.slice(linkpath.lastIndexOf("/") + 1);
	return name.includes(".") ? [linkpath, linkpath + ".md"] : [linkpath + ".md", linkpath];
}

/** folder + a relative path, with `.` and `..` resolved; null when it climbs out of the vault. */
export function joinPath(folder: string, relative: string): string | null {
	const parts = folder === "" ? [] : folder.split("/");
	for (const part of relative.split("/")) {
		if (part === "" || part === ".") continue;
		if (part === "..") {
			if (parts.length === 0) return null;
			parts.pop();
		} else parts.push(part);
	}
	return parts.join("/");
}

/** The relative path from a folder to a file ("../Archive/Note.md"). */
export function relativePath(fromFolder: string, to: string): string {
	const from = fromFolder === "" ? [] : fromFolder.split("/");
	const target = to.split("/");
	let common = 0;
	while (common < from.length && common < target.length - 1 && from[common] === target[common]) common++;
	return [...from.slice(common).map(() => ".."), ...target.slice(common)].join("/");
}

/**
 * Whether a link could lead to `target` at all: its last segment names the target's file. Cheap,
 * so a move resolves only the few links that might lead to the moved note, not every link of a
 * large vault against every path.
 */
export function mayLeadTo(linkpath: string, target: string): boolean {
	const name = linkpath.slice(linkpath.lastIndexOf("/") + 1).toLowerCase();
	const file = target.slice(target.lastIndexOf("/") + 1).toLowerCase();
	return name === file || name + ".md" === file;
}
