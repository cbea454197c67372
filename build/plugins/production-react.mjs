// React's production builds, imported directly: each React entry file (react, react-dom/client,
// scheduler...) only picks its production or development build by NODE_ENV, which a production
// main.js knows, so the entry resolves to the production build itself (esbuild's alias). The
// entries are build/cuts/production-react.mjs; only a production build composes this plugin.
import { inPackage } from "./paths.mjs";

/** Resolves each entry of `entries` (a module name -> its production file under node_modules). */
export function productionReactPlugin(entries) {
	return {
		name: "production-react",
		setup(build) {
			const files = Object.fromEntries(Object.entries(entries).map(([entry, file]) => [entry, inPackage(file)]));
			build.initialOptions.alias = { ...build.initialOptions.alias, ...files };
		},
	};
}
