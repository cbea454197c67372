/**
 * The shared corpus of real Obsidian notes (../shared/corpus/kepano-vault beside the repository).
 * It is not part of the repository, so tests that use it skip when it is absent.
 */
import { describe } from "vitest";
import { existsSync, readFileSync } from "../../src/node/fs";
import { fileURLToPath, join, resolve } from "../../src/node/path";
import { process } from "../../src/node/process";

const here = fileURLToPath(new URL(".", import.meta.url));
/** The repository root (this file is test/support/corpus.ts). */
export const repoRoot = resolve(here, "..", "..");

/** The corpus vault folder, or null when it is absent (REDLINE_CORPUS names it for a checkout elsewhere). */
export function corpusDir(): string | null {
	const dir = process.env.REDLINE_CORPUS ?? resolve(repoRoot, "..", "shared", "corpus", "kepano-vault");
	return existsSync(dir) ? dir : null;
}

/** A corpus note's text by vault-relative path, e.g. "Readme.md". Throws if the corpus is absent. */
export function readCorpusNote(name: string): string {
	const dir = corpusDir();
	if (!dir) throw new Error("The shared corpus (../shared/corpus/kepano-vault) is absent");
	return readFileSync(join(dir, ...name.split("/")), "utf8");
}

/** describe() that skips, visibly, when the corpus is absent. */
export const describeWithCorpus = describe.skipIf(corpusDir() === null);
