/**
 * How a set chip's notes reach the model (issue 33): appended to the user message they were sent
 * with, each note under its path, then the notes past the chip's limit named only. The newest
 * message that carries a chip carries it in full; an earlier copy of the same chip (a chip kept
 * for the chat is sent with every message) becomes a one-line stub, so a chat never pays for it
 * twice. The composer's preview counts each note with noteSection, the very text that is sent.
 */
import type { ChipContext } from "../log/events";
import { chipName } from "../log/pinned-items";

/** A chip as a user message renders it: in full, or as a stub when a later message carries it. */
export interface RenderedChip {
	context: ChipContext;
	full: boolean;
}

export function noteSection(path: string, content: string): string {
	return `\n--- ${JSON.stringify(path)} ---\n${content}`;
}

export function chipHeader(context: ChipContext): string {
	const { notes, listed, total } = context;
	const named = listed.length > 0 ? `, ${listed.length} named only at the end (read them with readNote if needed)` : "";
	const unnamed = total - notes.length - listed.length;
	const rest = unnamed > 0 ? `, ${unnamed} more not named` : "";
	return `[Context the user added, ${chipName(context.item)}: ${total} note${total === 1 ? "" : "s"}; ${notes.length} in full below${named}${rest}.]`;
}

export function chipFooter(context: ChipContext): string {
	return context.listed.length > 0
		? `\nNamed only: ${context.listed.map((path) => JSON.stringify(path)).join(", ")}`
		: "";
}

export function renderChip(chip: RenderedChip): string {
	const { context } = chip;
	if (!chip.full)
		return `[Context the user added, ${chipName(context.item)}: sent again with a later message, shown there.]`;
	let text = chipHeader(context);
	for (const note of context.notes) text += noteSection(note.path, note.content);
	return text + chipFooter(context);
}

/** The chips of a user message, as appended to its text ("" when none). */
export function renderChips(chips: readonly RenderedChip[]): string {
	return chips.map((chip) => `\n\n${renderChip(chip)}`).join("");
}
