/**
 * The values of a frontmatter block, enough for search: top-level `key: value`, inline lists
 * (`[a, "b"]`), block lists (`- a`) and nested values (kept as text under their top-level key).
 * Not a YAML parser: anything it does not understand is kept as plain text, never dropped.
 */

function unquote(value: string): string {
	const v = value.trim();
	if (v.length >= 2 && ((v.startsWith('"') && v.endsWith('"')) || (v.startsWith("'") && v.endsWith("'"))))
		return v.slice(1, -1);
	return v;
}

function scalarOrList(value: string): string[] {
	const v = value.trim();
	if (v === "" || v === "|" || v === ">" || v === "|-" || v === ">-") return [];
	if (v.startsWith("[") && v.endsWith("]")) {
		return v
			.slice(1, -1)
			.split(",")
			.map(unquote)
			.filter((item) => item !== "");
	}
	return [unquote(v)];
}

/** Property name -> its values as text, from the block including its `---` lines. */
export function readProperties(block: string): Map<string, string[]> {
	const props = new Map<string, string[]>();
	let current: string | null = null;
	for (const line of block.split("\n")) {
		if (line.trim() === "---" || line.trim() === "" || line.trimStart().startsWith("#")) continue;
		const top = /^([^\s:#-][^:]*):(?:\s+(.*))?$/.exec(line);
		if (top) {
			current = (top[1] ?? "").trim().toLowerCase();
			props.set(current, scalarOrList(top[2] ?? ""));
			continue;
		}
		if (current === null) continue;
		// An indented line belongs to the last top-level key: a list item, a nested value, or a
		// continuation of a multi-line string.
		const item = /^\s*-\s+(.*)$/.exec(line);
		const nested = /^\s+[^:]+:\s+(.*)$/.exec(line);
		const text = item ? (item[1] ?? "") : nested ? (nested[1] ?? "") : line;
		props.get(current)?.push(...scalarOrList(text));
	}
	return props;
}
