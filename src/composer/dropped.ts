/**
 * What the formatting pass kept as it was although the model's text changed it: a frontmatter
 * block the description does not concern (restored, see keepFrontmatter), or the run of final
 * newlines (Redline keeps a note's own). Reported, so an edit that only did that is never called
 * "already reads that way", and a partial one says what did not land.
 */
import { splitFrontmatter, toModelText } from "./text-format";

export interface Dropped {
	what: string;
	why: string;
}

export interface DroppedCheck {
	/** The text the model asked for (model text). */
	intended: string;
	/** The note text that will be stored. */
	stored: string;
	/** The note as read before the change, or null for a create. */
	base: string | null;
	frontmatterRestored: boolean;
	/** executeEdit: every character was asked for, so even final newlines count. */
	explicit: boolean;
}

export function droppedChanges(check: DroppedCheck): Dropped[] {
	const dropped: Dropped[] = [];
	if (check.frontmatterRestored) {
		dropped.push({
			what: "the frontmatter",
			why: "the description does not mention the frontmatter or any of its properties; declare an intent that names them to change them",
		});
	}
	const unchanged = check.base !== null && check.base === check.stored;
	if (check.explicit || unchanged) {
		const asked = splitFrontmatter(check.intended).body;
		const kept = splitFrontmatter(toModelText(check.stored)).body;
		if (asked !== kept && asked.replace(/\n+$/, "") === kept.replace(/\n+$/, "")) {
			dropped.push({ what: "the final newlines", why: "Redline keeps a note's final newlines as they were" });
		}
	}
	return dropped;
}

/** "the frontmatter (why) and the final newlines (why)", for a message. */
export function describeDropped(dropped: readonly Dropped[]): string {
	return dropped.map((d) => `${d.what} (${d.why})`).join(" and ");
}
