/**
 * What listNotes and searchNotes may show: only paths the access floor lets through
 * (mayShowListed: a symbolic link also by where it leads). The rest is left out, and the result says how many, so the model knows they exist
 * and can ask for one by path (which shows the user a card naming it).
 */
import type { AccessFloor } from "../vault/access-floor";

export function shownByFloor<T extends { path: string; linkedTo?: string | null }>(
	items: readonly T[],
	floor: AccessFloor,
): { shown: T[]; leftOut: number } {
	const shown = items.filter((item) => floor.mayShowListed(item));
	return { shown, leftOut: items.length - shown.length };
}

/** The sentence a result ends with when something was left out ("" when nothing was). */
export function leftOutSentence(leftOut: number, what: "files" | "matches"): string {
	if (leftOut === 0) return "";
	const noun = leftOut > 1 ? what : what === "files" ? "file" : "match";
	return `\n(${leftOut} ${noun} left out: hidden, in a protected folder, or not a note. Reading one needs the user's approval.)`;
}
