/** Real temp folders for tests of Node host code, removed after use. */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { onTestFinished } from "vitest";

export interface TempDir {
	path: string;
	remove(): Promise<void>;
}

/** A fresh empty folder; the caller removes it. */
export async function createTempDir(prefix = "redline-"): Promise<TempDir> {
	const path = await mkdtemp(join(tmpdir(), prefix));
	return { path, remove: () => rm(path, { recursive: true, force: true }) };
}

/** A fresh empty folder, removed when the current test finishes. Call inside a test. */
export async function tempDir(prefix = "redline-"): Promise<string> {
	const dir = await createTempDir(prefix);
	onTestFinished(() => dir.remove());
	return dir.path;
}
