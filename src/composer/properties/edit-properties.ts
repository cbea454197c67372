/**
 * setProperties' change, computed locally (no model): the note with properties set and removed in
 * its frontmatter, every byte outside the changed properties' lines kept. A note without
 * frontmatter gets a block; a block left with no property (and no comment) is dropped, as
 * Obsidian's Properties view does when the last property is deleted. The result is checked by
 * parsing it: it must hold exactly the old properties with the change made. When the line-wise
 * edit cannot give that (a flow-style block), the block is printed whole from the data, as
 * processFrontMatter does; when even that cannot, nothing is changed. Invalid YAML, a block that
 * is not a map of properties and a block never closed are refused: never rewritten.
 */
import { findFrontmatter } from "./frontmatter-block";
import { linesOf, yamlEntries } from "./yaml-entries";
import { sameValue, type YamlCodec } from "./yaml-codec";

export type PropertyValue = string | number | boolean | Array<string | number | boolean>;

export interface PropertyChange {
	set?: Readonly<Record<string, PropertyValue>>;
	remove?: readonly string[];
}

export type PropertiesRefusal = "invalid-yaml" | "not-a-map" | "unclosed" | "set-and-removed" | "unwritable";

export type PropertiesEdit =
	| {
			ok: true;
			/** The new note (the note itself when nothing changes). */
			text: string;
			/** Properties given a new value, added or changed, in the order asked. */
			set: string[];
			/** Properties taken out. */
			removed: string[];
			/** Properties asked to be removed that the note does not have. */
			absent: string[];
	  }
	| { ok: false; reason: PropertiesRefusal; message: string };

export function editProperties(note: string, change: PropertyChange, codec: YamlCodec): PropertiesEdit {
	const setEntries = Object.entries(change.set ?? {});
	const both = setEntries.map(([name]) => name).filter((name) => change.remove?.includes(name));
	if (both.length > 0)
		return refuse("set-and-removed", `${quoteList(both)} cannot be both set and removed in one call`);
	const block = findFrontmatter(note);
	if (block === "unclosed")
		return refuse("unclosed", "The note starts with --- but its frontmatter block is never closed by a --- line");
	const eol = block?.eol ?? (note.includes("\r\n") ? "\r\n" : "\n");
	const yaml = block ? note.slice(block.yamlStart, block.yamlEnd).replace(/\r\n/g, "\n") : "";

	let parsed: unknown;
	try {
		parsed = yaml.trim() === "" ? null : codec.parse(yaml);
	} catch (error) {
		return refuse("invalid-yaml", `The note's frontmatter is not valid YAML (${firstLine(error)})`);
	}
	parsed ??= {};
	if (typeof parsed !== "object" || Array.isArray(parsed) || parsed instanceof Date)
		return refuse("not-a-map", "The note's frontmatter is not a list of properties (name: value)");
	const before = parsed as Record<string, unknown>;
	const has = (name: string) => Object.prototype.hasOwnProperty.call(before, name);

	const set = setEntries.filter(([name, value]) => !has(name) || !sameValue(before[name], value));
	const removed = (change.remove ?? []).filter(has);
	const absent = (change.remove ?? []).filter((name) => !has(name));
	const outcome = { set: set.map(([name]) => name), removed, absent };
	if (set.length === 0 && removed.length === 0) return { ok: true, text: note, ...outcome };

	const expected: Record<string, unknown> = {};
	for (const [name, value] of Object.entries(before)) if (!removed.includes(name)) expected[name] = value;
	for (const [name, value] of set) expected[name] = value;

	let newYaml = byLines(yaml, set, removed, codec);
	if (newYaml === null || !holds(newYaml, expected, codec)) {
		newYaml = Object.keys(expected).length === 0 ? "" : codec.stringify(expected);
		if (!holds(newYaml, expected, codec))
			return refuse("unwritable", "These values cannot be written as YAML that reads back the same");
	}
	const body = eol === "\r\n" ? newYaml.replace(/\n/g, "\r\n") : newYaml;
	if (block) {
		const bom = note.slice(0, block.start);
		// No property and no comment left: no block, as Obsidian leaves a note whose last property was deleted.
		if (newYaml.trim() === "") return { ok: true, text: bom + note.slice(block.end), ...outcome };
		return { ok: true, text: note.slice(0, block.yamlStart) + body + note.slice(block.yamlEnd), ...outcome };
	}
	const bom = note.startsWith("\uFEFF") ? "\uFEFF" : "";
	return { ok: true, text: `${bom}---${eol}${body}---${eol}${note.slice(bom.length)}`, ...outcome };
}

/** The block with only the changed properties' lines rewritten; null when an entry cannot be told apart. */
function byLines(
	yaml: string,
	set: ReadonlyArray<[string, PropertyValue]>,
	removed: readonly string[],
	codec: YamlCodec,
): string | null {
	const lines = linesOf(yaml);
	if (lines.length > 0 && !lines[lines.length - 1].endsWith("\n")) lines[lines.length - 1] += "\n";
	const entries = yamlEntries(lines, codec);
	const entryOf = (name: string) => {
		const found = entries.filter((entry) => entry.name === name);
		return found.length === 1 ? found[0] : null;
	};
	// Replacements by line range, applied from the bottom up so earlier ranges keep their place.
	const edits: Array<{ start: number; end: number; text: string }> = [];
	const appended: string[] = [];
	for (const name of removed) {
		const entry = entryOf(name);
		if (!entry) return null;
		edits.push({ start: entry.start, end: entry.end, text: "" });
	}
	for (const [name, value] of set) {
		const text = codec.stringify({ [name]: value });
		const entry = entries.some((e) => e.name === name) ? entryOf(name) : undefined;
		if (entry === null) return null;
		if (entry) edits.push({ start: entry.start, end: entry.end, text });
		else appended.push(text);
	}
	edits.sort((a, b) => b.start - a.start);
	for (const edit of edits) lines.splice(edit.start, edit.end - edit.start, edit.text);
	return lines.join("") + appended.join("");
}

function holds(yaml: string, expected: Record<string, unknown>, codec: YamlCodec): boolean {
	try {
		const read = yaml.trim() === "" ? {} : (codec.parse(yaml) ?? {});
		return sameValue(read, expected);
	} catch {
		return false;
	}
}

function refuse(reason: PropertiesRefusal, message: string): PropertiesEdit {
	return { ok: false, reason, message };
}

function firstLine(error: unknown): string {
	const text = error instanceof Error ? error.message : String(error);
	return text.split("\n")[0]?.trim() ?? text;
}

function quoteList(names: readonly string[]): string {
	return names.map((name) => JSON.stringify(name)).join(", ");
}
