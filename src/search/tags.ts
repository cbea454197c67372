/** Tags as the index keeps them: lower case, without "#" ("#Project/Alpha" -> "project/alpha"). */
export function normalizeTag(tag: string): string {
	return tag.trim().replace(/^#+/, "").toLowerCase();
}
