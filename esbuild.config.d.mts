import type { BuildOptions } from "esbuild";

/** The build options of main.js (see esbuild.config.mjs). */
export function buildOptions(options?: { production?: boolean; outfile?: string }): BuildOptions;
