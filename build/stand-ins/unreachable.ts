/**
 * What stands in for an export that main.js leaves out because Redline never reaches it (see
 * build/README.md): the one Proxy of the stand-ins. It can be imported, extended and tested with
 * instanceof like the original, so module code that merely mentions it still loads; calling,
 * constructing or reading a property of it throws an error that names what is missing.
 */

/**
 * `target` behind a Proxy named `name`: symbols, `then` (promise checks) and the properties `keeps`
 * lets through read as on `target`; any other property, a call or a `new` throws `missing(what)`.
 */
export function standIn<T extends object>(
	target: T,
	name: string,
	missing: (what: string) => Error,
	keeps: (key: string, target: T) => boolean,
): T {
	return new Proxy(target, {
		apply() {
			throw missing(`${name}()`);
		},
		construct() {
			throw missing(`new ${name}()`);
		},
		get(object, key) {
			if (typeof key !== "string" || key === "then" || keeps(key, object)) return Reflect.get(object, key) as unknown;
			throw missing(`${name}.${key}`);
		},
	});
}

/** An export `name` of a module left out, used only for `usedFor`. */
export function unreachable(name: string, usedFor: string): never {
	return unreachableAs(
		name,
		(what) => new Error(`${what} is not included in Redline's bundle (${usedFor}, which Redline does not use)`),
	);
}

/** An export `name` left out, whose use throws `missing(what)`. */
export function unreachableAs(name: string, missing: (what: string) => Error): never {
	// A function, so that `class extends` and instanceof read it as they read the original.
	return standIn<() => void>(
		function () {},
		name,
		missing,
		(key) => key === "prototype",
	) as never;
}
