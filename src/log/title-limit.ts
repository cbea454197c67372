/**
 * How long a thread title may be. A title is a line in the chat list: 200 characters is more
 * than any list shows, and it keeps a title from carrying a note's worth of text into the index
 * and every listing (a 900 KB title was once stored and listed). A title the user gives that is
 * longer is refused (service.ts: nothing they typed is lost silently); one a model makes is cut
 * here, as is one an older log already holds when it is folded (projection.ts).
 */
export const MAX_TITLE_CHARS = 200;

/**
 * The title on one line, cut to MAX_TITLE_CHARS at the last word that fits (mid-word only for a
 * word longer than the limit). No ellipsis is added: a stored title is a name, and the list draws
 * its own "…" where it runs out of room.
 */
export function cutTitle(title: string): string {
	const line = title.length > MAX_TITLE_CHARS * 4 ? title.slice(0, MAX_TITLE_CHARS * 4) : title;
	const chars = Array.from(line.replace(/\s+/gu, " ").trim());
	if (chars.length <= MAX_TITLE_CHARS) return chars.join("");
	const kept = chars.slice(0, MAX_TITLE_CHARS).join("");
	// The next character is a space: the cut fell between two words.
	if (chars[MAX_TITLE_CHARS] === " ") return kept.trimEnd();
	const atWord = kept.replace(/ \S*$/u, "");
	return (atWord === kept || atWord.trim() === "" ? kept : atWord).trimEnd();
}

/**
 * A title as the chat is named by it. Earlier builds stored an automatic title made of the first
 * words of the message with a "…" marking the cut: that is a display, not the name (Rename would
 * start from it), so an automatic title is read without it. One the user typed keeps its "…".
 */
export function storedTitle(title: string, by: "user" | "auto" | undefined): string {
	const cut = cutTitle(title);
	return by === "auto" ? cut.replace(/\s*…$/u, "") || cut : cut;
}

/** Why a title the user gave cannot be used, or null when it can. */
export function titleProblem(title: string): string | null {
	const length = Array.from(title).length;
	return length > MAX_TITLE_CHARS
		? `A title has at most ${MAX_TITLE_CHARS} characters; this one has ${length.toLocaleString("en-US")}.`
		: null;
}
