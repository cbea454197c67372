/**
 * Where the keyboard focus goes after a decision. A click on Run, Skip, Submit, Revert or Run all
 * removes the control that had the focus (once the decision's event arrives), and the browser
 * drops the focus to <body>: a keyboard user loses their place. So the control records itself and
 * the cards it decided; after each render of the pane, once that control is gone, the focus moves
 * to the next waiting card's Run (the next thing to decide), else to the decided card's status line.
 * A card's status line is replaced as the card moves on (approved, the apply's progress, the
 * result): while the focus is on it, the focus follows to the card's new status line.
 *
 * The pane settles after each render of the thread, and also after every change of its DOM (`watch`):
 * a part of a card can re-render on its own (a hook's state, a context) and remove the focused
 * element in a commit that is not the thread's, and a keyboard user must not wait for the next
 * event to get their place back. The observer runs as a microtask after that commit, before the
 * browser does anything else.
 */

/** The data attributes cards carry for this (see the cards' markup). */
export const CARD_ATTR = "data-card-id";
export const RUN_ATTR = "data-run";
export const STATUS_ATTR = "data-card-status";

interface Pending {
	origin: HTMLElement;
	cards: string[];
}

export class FocusAfterDecision {
	private pending: Pending | null = null;
	/** The status line the focus was moved to, and its card's id: followed until the user moves on. */
	private followed: { card: string; line: HTMLElement } | null = null;

	/** `origin`: the control acted on; `cards`: the data-card-id of each card it decided. */
	request(origin: HTMLElement, cards: string[]): void {
		this.pending = { origin, cards };
	}

	/** The decision failed: the control stays, and so does the focus. */
	cancel(origin: HTMLElement): void {
		if (this.pending?.origin === origin) this.pending = null;
	}

	/**
	 * Called after every render. Moves the focus once the control is gone, and only if the focus
	 * was lost with it (on <body>, or on a removed element), so a user who moved on keeps their place.
	 */
	settle(root: HTMLElement | null): void {
		this.follow(root);
		const pending = this.pending;
		if (!pending || !root || pending.origin.isConnected) return;
		this.pending = null;
		const doc = root.ownerDocument;
		const active = doc.activeElement;
		const lost = !active || active === doc.body || !active.isConnected || active === pending.origin;
		if (!lost) return;
		const cards = pending.cards
			.map((id) => root.querySelector<HTMLElement>(`[${CARD_ATTR}="${cssEscape(id)}"]`))
			.filter((card): card is HTMLElement => card !== null);
		const run = nextRun(root, cards[cards.length - 1] ?? null);
		if (run) {
			run.focus();
			return;
		}
		const line = lastStatus(cards[0]);
		line?.focus();
		this.followed = line && pending.cards[0] !== undefined ? { card: pending.cards[0], line } : null;
	}

	/** Settles after every change of `root`'s DOM, until the returned function stops it. */
	watch(root: HTMLElement): () => void {
		const Observer = root.ownerDocument.defaultView?.MutationObserver;
		if (!Observer) return () => undefined;
		const observer = new Observer(() => this.settle(root));
		observer.observe(root, { childList: true, subtree: true });
		return () => observer.disconnect();
	}

	/** The followed status line was replaced while it had the focus: the card's new one takes it. */
	private follow(root: HTMLElement | null): void {
		const followed = this.followed;
		if (!followed || !root || followed.line.isConnected) return;
		const doc = root.ownerDocument;
		const active = doc.activeElement;
		// The user moved on before the line went: their place is theirs.
		if (active && active !== doc.body && active.isConnected && active !== followed.line) {
			this.followed = null;
			return;
		}
		const line = lastStatus(
			root.querySelector<HTMLElement>(`[${CARD_ATTR}="${cssEscape(followed.card)}"]`) ?? undefined,
		);
		// Between two of its states a card may show no status line for a render: keep following, so
		// the line that comes next takes the focus.
		if (!line) return;
		line.focus();
		this.followed = { card: followed.card, line };
	}
}

/** The first waiting Run after `after` in document order, else the first one at all. */
function nextRun(root: HTMLElement, after: HTMLElement | null): HTMLElement | null {
	const runs = [...root.querySelectorAll<HTMLElement>(`[${RUN_ATTR}]`)];
	if (after) {
		const following = runs.find((run) => after.compareDocumentPosition(run) & Node.DOCUMENT_POSITION_FOLLOWING);
		if (following) return following;
	}
	return runs[0] ?? null;
}

/** A card's newest status line (an edit card's "Reverted" comes after its result). */
function lastStatus(card: HTMLElement | undefined): HTMLElement | null {
	const lines = card?.querySelectorAll<HTMLElement>(`[${STATUS_ATTR}]`);
	return lines && lines.length > 0 ? lines[lines.length - 1] : null;
}

function cssEscape(value: string): string {
	return value.replace(/["\\]/g, "\\$&");
}
