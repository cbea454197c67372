/**
 * The YAML a host reads and writes frontmatter with: the port setProperties' edit goes through.
 * The sandbox supplies the `yaml` library (src/sandbox/yaml-library-codec.ts); the Obsidian host
 * supplies Obsidian's own parseYaml and stringifyYaml (src/obsidian/obsidian-yaml.ts), the ones
 * fileManager.processFrontMatter uses, so main.js carries no YAML library of its own.
 */
export interface YamlCodec {
	/** The value a YAML text stands for; throws when the text is not valid YAML. Dates stay the strings they are written as. */
	parse(text: string): unknown;
	/** A map of properties as YAML: one `name: value` entry after another, ending with a line break. */
	stringify(properties: Record<string, unknown>): string;
}

/** Two parsed YAML values hold the same data (dates by their time, maps whatever their key order). */
export function sameValue(a: unknown, b: unknown): boolean {
	if (a === b) return true;
	if (a instanceof Date || b instanceof Date)
		return a instanceof Date && b instanceof Date && a.getTime() === b.getTime();
	if (Array.isArray(a) || Array.isArray(b)) {
		return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((v, i) => sameValue(v, b[i]));
	}
	if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
	const ak = Object.keys(a);
	const bk = Object.keys(b);
	const bRecord = b as Record<string, unknown>;
	return (
		ak.length === bk.length &&
		ak.every(
			(k) => Object.prototype.hasOwnProperty.call(b, k) && sameValue((a as Record<string, unknown>)[k], bRecord[k]),
		)
	);
}
