/**
 * The YAML codec of the Obsidian host: Obsidian's own parseYaml and stringifyYaml, the YAML that
 * fileManager.processFrontMatter reads and writes with, so main.js carries no YAML library.
 * setProperties does not call processFrontMatter itself: that writes at once, and a property
 * change is drafted, reviewed and then written by compare-and-swap like any edit. Where the
 * change rewrites a property, its lines are what Obsidian's stringifyYaml gives for it.
 */
import { parseYaml, stringifyYaml } from "obsidian";
import type { YamlCodec } from "../composer/properties/yaml-codec";

export const obsidianYaml: YamlCodec = {
	parse: (text) => parseYaml(text) as unknown,
	stringify: (properties) => stringifyYaml(properties),
};
