/**
 * The YAML codec of the sandbox (and of the core's tests): the `yaml` library, YAML 1.2's core
 * schema, so `2024-01-05` stays the string it is written as (no timestamps, as Obsidian's
 * properties keep dates), duplicate keys are an error, and long strings are never folded.
 * The Obsidian host uses Obsidian's own YAML instead (src/obsidian/obsidian-yaml.ts).
 */
import { parseDocument, stringify } from "yaml";
import type { YamlCodec } from "../composer/properties/yaml-codec";

export const yamlLibraryCodec: YamlCodec = {
	parse(text) {
		const doc = parseDocument(text, { schema: "core", uniqueKeys: true, prettyErrors: false });
		const [error] = doc.errors;
		if (error) throw new Error(error.message);
		return doc.toJS() as unknown;
	},
	stringify(properties) {
		return stringify(properties, { schema: "core", lineWidth: 0 });
	},
};
