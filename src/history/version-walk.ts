/**
 * Walks a record's versions newest first, rebuilding each entry's before- and after-text in two
 * arrays that are reused from step to step. A 1 MB note is ~18k lines, and V8 puts an array past
 * ~16k elements in its large-object space (about a millisecond per allocation): a fresh array per
 * version and per step was most of what a ten-version revert cost. Copying pointers into an
 * array that already exists costs tens of microseconds.
 */
import { unapplyInPlace } from "./patch";
import type { StoredEntry } from "./record";

export class VersionWalk {
	/** The after-text of `entry`, as lines (see splitLines). */
	after: string[];
	/** The before-text of `entry`, once rebuildBefore() returned true. */
	before: string[];
	index: number;

	/** snapshotLines is copied, never changed: callers may keep using it. */
	constructor(
		private readonly entries: readonly StoredEntry[],
		snapshotLines: readonly string[],
	) {
		this.after = snapshotLines.slice();
		this.before = [];
		this.index = entries.length - 1;
	}

	get entry(): StoredEntry {
		return this.entries[this.index];
	}

	/** Fills `before` from `after` and the entry's patch; false when the record is damaged. */
	rebuildBefore(): boolean {
		if (this.before.length === 0) this.before = this.after.slice();
		else copyInto(this.before, this.after);
		return unapplyInPlace(this.entry.patch, this.before);
	}

	/** Moves to the previous entry: its after-text is this before-text minus the user's gap. */
	back(): boolean {
		const gap = this.entry.gap;
		const spare = this.after;
		this.after = this.before;
		this.before = spare;
		this.index--;
		return gap ? unapplyInPlace(gap, this.after) : true;
	}
}

/** Makes target a copy of source without allocating when target is already about that long. */
export function copyInto(target: string[], source: readonly string[]): void {
	for (let i = 0; i < source.length; i++) target[i] = source[i];
	target.length = source.length;
}
