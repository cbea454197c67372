/** Real temp folders for tests of Node host code, removed after use. */
import { onTestFinished } from "vitest";
import { mkdtemp, rm } from "../../src/node/fs";
import { tmpdir } from "../../src/node/os";
import { join } from "../../src/node/path";

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
