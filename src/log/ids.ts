/** Short random ids for threads, messages, calls, edits, asks and versions. */
export function newId(prefix: string): string {
	return `${prefix}_${crypto.randomUUID().replace(/-/g, "").slice(0, 16)}`;
}
