import type { BuildOptions, Plugin } from "esbuild";

/** The build options of main.js (see esbuild.config.mjs). */
/** `budget: false` leaves out the budget plugin (for measuring a main.js that may be over it). */
export function buildOptions(options?: { production?: boolean; outfile?: string; budget?: boolean }): BuildOptions;

/** The plugins main.js is built with: one per kind of cut (build/README.md). */
export function bundlePlugins(options?: { production?: boolean; budget?: boolean }): Plugin[];
