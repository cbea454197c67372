/**
 * Store key rules: slash-separated segments such as "threads/abc.jsonl". Keys name files in the
 * folder store, so anything that could leave its root (absolute, "..", backslashes, control
 * characters) is refused, as are segments starting with "." (reserved for temp files).
 */

export class StoreError extends Error {
	constructor(
		readonly code: "invalid-key" | "conflict" | "io",
		message: string,
		readonly key?: string,
	) {
		super(message);
		this.name = "StoreError";
	}
}

// eslint-disable-next-line no-control-regex -- control characters are exactly what this rejects
const CONTROL = /[\u0000-\u001f\u007f]/;

/** Throws StoreError "invalid-key" unless key is a well-formed store key; returns it. */
export function checkStoreKey(key: string): string {
	const bad = (why: string) => new StoreError("invalid-key", `Invalid store key ${JSON.stringify(key)}: ${why}`, key);
	if (typeof key !== "string" || key === "") throw bad("it is empty");
	if (CONTROL.test(key)) throw bad("it contains a control character");
	if (key.includes("\\")) throw bad('use "/" between segments, not "\\"');
	if (key.startsWith("/") || /^[A-Za-z]:/.test(key)) throw bad("keys are relative, not absolute");
	for (const segment of key.split("/")) {
		if (segment === "") throw bad("it has an empty segment");
		if (segment === "." || segment === "..") throw bad(`"${segment}" segments are not allowed`);
		if (segment.startsWith(".")) throw bad('segments may not start with "."');
	}
	return key;
}

/** Prefixes follow the same rules, except that "" (everything) and a trailing "/" are fine. */
export function checkStorePrefix(prefix: string): string {
	if (typeof prefix !== "string") throw new StoreError("invalid-key", "Store prefix must be a string");
	if (prefix === "") return prefix;
	const body = prefix.endsWith("/") ? prefix.slice(0, -1) : prefix;
	if (body === "") throw new StoreError("invalid-key", `Invalid store prefix "/": use "" for every key`, prefix);
	// A partial last segment such as "threads/ab" is fine; it only has to be a key-shaped string.
	checkStoreKey(body);
	return prefix;
}
