import type { BuildOptions, Plugin } from "esbuild";

/** The build options of main.js (see esbuild.config.mjs). */
export function buildOptions(options?: { production?: boolean; outfile?: string }): BuildOptions;

/** Resolves `langsmith` and its subpaths to build/stand-ins/langsmith.ts. */
export const langsmithStandIn: Plugin;

/** Replaces the parts of `openai` that ChatOpenAI never reaches with stand-ins that throw when used. */
export const openaiStandIns: Plugin;

/** Rewrites the openai path helper's lookbehind regex (iOS before 16.4 cannot parse one). */
export const noLookbehind: Plugin;
