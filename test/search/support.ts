/** Helpers for the search specifications: the fixture vault and a way to read it. */
import { readdirSync, readFileSync } from "../../src/node/fs";
import { join } from "../../src/node/path";
import { nextImmediate } from "../../src/node/timers";
import { repoRoot } from "../support/corpus";

export const FIXTURE_VAULT = join(repoRoot, "test", "fixtures", "search-vault");

/** The fixture vault's notes by vault-relative path. */
export function fixtureNotes(): Record<string, string> {
	const notes: Record<string, string> = {};
	for (const entry of readdirSync(FIXTURE_VAULT, { withFileTypes: true, recursive: true })) {
		if (!entry.isFile()) continue;
		const rel = join(entry.parentPath, entry.name)
			.slice(FIXTURE_VAULT.length + 1)
			.split("\\")
			.join("/");
		notes[rel] = readFileSync(join(entry.parentPath, entry.name), "utf8");
	}
	return notes;
}

/** A pacer that never waits for a real timer, for tests (it still yields a macrotask). */
export const quickPacer = { now: () => performance.now(), yield: nextImmediate };
