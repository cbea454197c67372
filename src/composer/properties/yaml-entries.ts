/**
 * The top-level entries of a frontmatter block by lines, so that setProperties rewrites only the
 * lines of the properties it changes: untouched properties keep their quotes, comments, list
 * style and order byte for byte (a YAML library that prints the whole block again would not).
 * An entry starts at a line in column 0 that is not a comment or a list item (`- x` in column 0
 * continues the previous key's list, as Obsidian writes tags); it ends before the next such line,
 * with the blank and comment lines just before that line left to the entry after it. What this
 * reading gets wrong (a flow map, a complex `?` key) the caller finds out by parsing the result.
 */
import type { YamlCodec } from "./yaml-codec";

export interface YamlEntry {
	/** The key as YAML reads it; null when it could not be read. */
	name: string | null;
	/** Lines [start, end) of `lines`: the key line and its value's lines. */
	start: number;
	end: number;
}

/** The lines of a text, each with its own line ending (join("") gives the text back). */
export function linesOf(text: string): string[] {
	return text.match(/[^\n]*\n|[^\n]+$/g) ?? [];
}

export function yamlEntries(lines: readonly string[], codec: YamlCodec): YamlEntry[] {
	const starts: number[] = [];
	for (let i = 0; i < lines.length; i++) if (isKeyLine(lines[i])) starts.push(i);
	return starts.map((start, k) => {
		let end = starts[k + 1] ?? lines.length;
		while (end > start + 1 && isFiller(lines[end - 1])) end--;
		return { name: keyName(lines[start], codec), start, end };
	});
}

function isKeyLine(line: string): boolean {
	return /^[^\s#\-?]/.test(line) || /^-[^\s-]/.test(line);
}

function isFiller(line: string): boolean {
	return line.trim() === "" || line.startsWith("#");
}

/** The key of a key line, as the codec reads it (quotes and escapes undone). */
function keyName(line: string, codec: YamlCodec): string | null {
	const text = line.replace(/\r?\n$/, "");
	let keyEnd: number;
	if (text.startsWith('"') || text.startsWith("'")) {
		const quote = text[0];
		let i = 1;
		while (i < text.length) {
			if (quote === '"' && text[i] === "\\") i += 2;
			else if (text[i] !== quote) i++;
			else if (quote === "'" && text[i + 1] === "'") i += 2;
			else break;
		}
		keyEnd = i + 1;
	} else {
		const colon = /:(\s|$)/.exec(text);
		if (!colon) return null;
		keyEnd = colon.index;
	}
	try {
		const parsed = codec.parse(`${text.slice(0, keyEnd)}: 0\n`);
		if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) return null;
		const keys = Object.keys(parsed);
		return keys.length === 1 ? keys[0] : null;
	} catch {
		return null;
	}
}
