/**
 * parseYaml and stringifyYaml as Obsidian exports them: parseYaml throws on invalid YAML
 * (processFrontMatter's YAMLParseError), stringifyYaml prints a map as `key: value` lines. The fake
 * uses the yaml library's YAML 1.2 core schema, under which a date stays the string it is written
 * as, as Obsidian's properties keep dates.
 */
import type * as O from "obsidian";
import { parseDocument, stringify } from "yaml";

export const parseYaml: typeof O.parseYaml = (yaml: string): unknown => {
	const doc = parseDocument(yaml, { schema: "core", uniqueKeys: true, prettyErrors: false });
	const [error] = doc.errors;
	if (error) throw new Error(error.message);
	return doc.toJS() as unknown;
};

export const stringifyYaml: typeof O.stringifyYaml = (obj: unknown): string =>
	stringify(obj, { schema: "core", lineWidth: 0 });
