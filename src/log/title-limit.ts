/**
 * How long a thread title may be. A title is a line in the chat list: 200 characters is more
 * than any list shows, and it keeps a title from carrying a note's worth of text into the index
 * and every listing (a 900 KB title was once stored and listed). A title the user gives that is
 * longer is refused (service.ts: nothing they typed is lost silently); one a model makes is cut
 * here, as is one an older log already holds when it is folded (projection.ts).
 */
export const MAX_TITLE_CHARS = 200;

/** The title on one line, cut to MAX_TITLE_CHARS (no ellipsis: the list adds its own). */
export function cutTitle(title: string): string {
	const line = title.length > MAX_TITLE_CHARS * 4 ? title.slice(0, MAX_TITLE_CHARS * 4) : title;
	return Array.from(line.replace(/\s+/gu, " ").trim()).slice(0, MAX_TITLE_CHARS).join("").trimEnd();
}

/** Why a title the user gave cannot be used, or null when it can. */
export function titleProblem(title: string): string | null {
	const length = Array.from(title).length;
	return length > MAX_TITLE_CHARS
		? `A title has at most ${MAX_TITLE_CHARS} characters; this one has ${length.toLocaleString("en-US")}.`
		: null;
}
