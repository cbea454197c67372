/**
 * Heavy modules loaded on first use. In main.js (one CommonJS file, no dynamic import) esbuild
 * turns a require() of an ES module into a lazy initializer, so LangChain, zod, the OpenAI client
 * and React are not evaluated while Obsidian starts: only when the pane opens or a command needs
 * the core. Tests running from source (where require cannot load TypeScript) install the loaders.
 */
import type * as RedlineModule from "../redline";
import type * as MountModule from "../ui/mount";

/** CommonJS require, which esbuild resolves at build time (declared here: Obsidian's review lints without Node's types). */
declare const require: (id: string) => unknown;

let redlineLoader = (): typeof RedlineModule => require("../redline") as typeof RedlineModule;
let mountLoader = (): typeof MountModule => require("../ui/mount") as typeof MountModule;

export function loadRedline(): typeof RedlineModule {
	return redlineLoader();
}

export function loadMount(): typeof MountModule {
	return mountLoader();
}

/** For tests that run the plugin from source. */
export function installLoaders(loaders: {
	redline: () => typeof RedlineModule;
	mount: () => typeof MountModule;
}): void {
	redlineLoader = loaders.redline;
	mountLoader = loaders.mount;
}
