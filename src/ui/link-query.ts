/** The `[[` note picker's query: the text after an unclosed `[[` that ends at the cursor. */
export function openLinkQuery(text: string, cursor: number): { start: number; query: string } | null {
	const before = text.slice(0, cursor);
	const start = before.lastIndexOf("[[");
	if (start < 0) return null;
	const query = before.slice(start + 2);
	if (query.includes("]]") || query.includes("\n")) return null;
	return { start, query };
}
