import type { BuildOptions, Plugin } from "esbuild";

/** The build options of main.js (see esbuild.config.mjs). */
export function buildOptions(options?: { production?: boolean; outfile?: string }): BuildOptions;

/** The plugins main.js is built with: one per kind of cut (build/README.md). */
export function bundlePlugins(options?: { production?: boolean }): Plugin[];
