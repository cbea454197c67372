// Where the cuts find what they name: a package file is named by its path under node_modules
// ("openai/client.mjs"), a stand-in by its name in build/stand-ins/ ("p-queue.ts").
import path from "node:path";
import { fileURLToPath } from "node:url";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const nodeModules = path.join(root, "node_modules");
export const standInsFolder = path.join(root, "build/stand-ins");

/** A package file's absolute path (a name ending in "/", a folder, keeps its "/"). */
export function inPackage(file) {
	return path.join(nodeModules, file);
}

/** A stand-in's absolute path: a name in build/stand-ins/, or already absolute. */
export function standInFile(name) {
	return path.resolve(standInsFolder, name);
}

/** `text` as a regular expression matching exactly it. */
export function escapeRegExp(text) {
	return text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
}
