/**
 * The review bench's thread: a 10k-token note (buildNote: real prose from the shared corpus, or
 * generated) and a draft that rewrites a few words in 40 paragraphs spread through it, cut into
 * changes by the core (changesBetween), recorded as the log of an edit waiting for review.
 */
import { changesBetween } from "../../src/composer/review/changes";
import type { StoredEvent } from "../../src/log/events";
import { draftScript } from "../../test/ui/support/draft-thread";
import { buildNote } from "./edit-notes";

export function reviewThread(tokens: number, changes: number): { log: StoredEvent[]; tokens: number } {
	const note = buildNote(tokens);
	const blocks = note.text.split("\n\n");
	// Paragraphs of prose (not headings, not one-liners), evenly spaced, never two side by side.
	const prose = blocks
		.map((block, i) => ({ block, i }))
		.filter(({ block }) => !block.startsWith("#") && block.length > 80);
	const step = Math.max(2, Math.floor(prose.length / changes));
	const chosen = new Set(
		prose
			.filter((_, k) => k % step === 0)
			.slice(0, changes)
			.map(({ i }) => i),
	);
	const draft = blocks
		.map((block, i) =>
			chosen.has(i) ? block.replace(/\b(\w{4,})\b/, "rewritten $1").replace(/\.(\s|$)/, ", as drafted.$1") : block,
		)
		.join("\n\n");
	const cut = changesBetween(note.text, draft);
	if (cut.length !== changes) throw new Error(`the bench draft holds ${cut.length} changes, not ${changes}`);
	return { log: draftScript(cut, "review_bench").events, tokens: note.tokens };
}
