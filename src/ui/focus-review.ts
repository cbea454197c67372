/**
 * Esc in the open note's inline redline leaves it for the pane: the focus goes to the draft's
 * card (the element that carries `data-review-edit-id` with its editId), else to the message box,
 * so the keyboard user lands where the same review goes on. Both hosts call it with their pane.
 */
export const REVIEW_CARD_ATTRIBUTE = "data-review-edit-id";

/** Focuses the draft's card (or the message box) inside `pane`; false when neither is there. */
export function focusReviewCard(pane: ParentNode, editId: string): boolean {
	const card = [...pane.querySelectorAll<HTMLElement>(`[${REVIEW_CARD_ATTRIBUTE}]`)].find(
		(el) => el.getAttribute(REVIEW_CARD_ATTRIBUTE) === editId,
	);
	const target = card ?? pane.querySelector<HTMLElement>('textarea[aria-label="Message Redline"]');
	if (!target) return false;
	if (card && !card.hasAttribute("tabindex")) card.tabIndex = -1;
	target.focus();
	return true;
}
