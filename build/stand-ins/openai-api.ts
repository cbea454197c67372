/**
 * What the generated stand-ins for the parts of the `openai` package that ChatOpenAI never reaches
 * are made of (build/cuts/stand-ins.mjs, the rules with `generate`): each export of a replaced
 * file becomes one call of these, so thirty API areas cost a line each. Using one throws, naming
 * what is missing; only chat.completions.create and parse are in main.js.
 */
import { standIn, unreachableAs } from "./unreachable";

const missing = (what: string) =>
	new Error(`openai: ${what} is not included in Redline's bundle (only chat.completions.create and parse are)`);

/**
 * An API area's class (`Files`, `Beta`...): the client still builds one object per area, as
 * before, holding its client; any other property of it throws.
 */
export function standInResourceClass(area: string): new (client: unknown) => object {
	const Resource = class {
		constructor(client: unknown) {
			// What the object has (and Object's own methods), and what JSON.stringify asks, stay.
			return standIn({ _client: client }, area, missing, (key, target) => key in target || key === "toJSON");
		}
	};
	Object.defineProperty(Resource, "name", { value: area });
	return Resource;
}

/** A class or function of a replaced file (a chat runner, a page of results, a zod helper). */
export function standInValue(name: string): never {
	return unreachableAs(name, missing);
}
