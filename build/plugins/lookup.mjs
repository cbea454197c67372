// A cut that replaces a module by where its import would lead asks esbuild to resolve the import
// as usual first. That inner resolution is flagged, and no cut plugin answers a flagged one, so
// it is esbuild's own answer.
const flag = "bundleCutsLookup";

/** True for a resolution a cut plugin asked for: leave it to esbuild. */
export function isLookup(args) {
	return Boolean(args.pluginData?.[flag]);
}

/** Where esbuild, without the cuts, resolves `specifier` imported from `importer`. */
export function resolveAsUsual(build, { path: specifier, kind, importer, resolveDir, pluginData }) {
	return build.resolve(specifier, { kind, importer, resolveDir, pluginData: { ...pluginData, [flag]: true } });
}
