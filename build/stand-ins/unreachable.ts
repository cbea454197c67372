/**
 * A value standing in for an export that main.js leaves out because Redline never reaches it (see
 * build/cuts/stand-ins.mjs). It can be imported, extended and tested with instanceof like the original, so
 * module code that merely mentions it still loads; calling, constructing or reading a property
 * of it throws an error that names what is missing.
 */
export function unreachable(name: string, usedFor: string): never {
	const missing = (what: string) => new Error(`${what} is not included in Redline's bundle (${usedFor}, which Redline does not use)`);
	const target = function () {} as unknown as object;
	return new Proxy(target, {
		apply() {
			throw missing(`${name}()`);
		},
		construct() {
			throw missing(`new ${name}()`);
		},
		get(object, key) {
			// What `class extends`, instanceof and promise checks read stays as for a function.
			if (typeof key !== "string" || key === "prototype" || key === "then") return Reflect.get(object, key) as unknown;
			throw missing(`${name}.${key}`);
		},
	}) as never;
}
