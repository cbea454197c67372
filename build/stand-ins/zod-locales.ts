/**
 * Stand-in for zod's locale index in main.js: zod re-exports every language's error messages
 * (about 260 KB) as `z.locales`, which Redline never uses; English, zod's default, stays.
 */
export { default as en } from "zod/v4/locales/en.js";
