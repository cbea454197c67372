/**
 * A drafted edit waiting for the user (review before write): the redline, change by change, with
 * Accept all / Reject all, "Next undecided change", and Apply, which sends every change decided
 * once (v1.thread.reviewEdit; an undecided change is applied, as the button's label counts it).
 * Skip (or Esc) leaves the note as it is, as the card's Skip always did.
 *
 * The draft comes from the thread's state (edit_proposed), so a reload offers the same changes
 * with the same ids. The choices live in the host's ReviewDecisions store until Apply makes them
 * an event, so a change decided in the note's inline redline shows decided here, and back.
 *
 * Keys, on the card: j/k or ↓/↑ move through the changes, a/r accept or reject the one with the
 * focus, Mod+Enter applies, Esc skips. A long draft shows its first changes and folds the rest in
 * groups, so a 40-change draft stays usable in a narrow pane.
 *
 * A draft the validation doubts (edit_proposed's warnings, issue 30: "This draft removes 6 of the
 * note's 11 lines…") says so above its changes, in words with a sign, not by colour alone.
 */
import {
	useCallback,
	useEffect,
	useId,
	useLayoutEffect,
	useRef,
	useState,
	useSyncExternalStore,
	type KeyboardEvent as ReactKeyboardEvent,
} from "react";
import type { DraftView } from "../../log/state";
import { usePane } from "../context";
import { plural } from "../describe";
import { useAction } from "../hooks/useAction";
import {
	countChoices,
	foldedGroups,
	groupOf,
	nextUndecided,
	reviewParams,
	SHOWN_FIRST,
	withAll,
	withChoice,
	type Choice,
	type Choices,
} from "../review-choices";
import type { ReviewDecisions } from "../review-decisions";
import { escTitle, isEsc, isModEnter, modEnterTitle, modName, typingAt } from "../decision-keys";
import { WaitingBadge } from "./CallStatus";
import { CHANGE_ATTR, NAV_ATTR, ReviewChangeItem } from "./ReviewChangeItem";
import { HostIcon } from "./HostIcon";

export interface DraftReviewProps {
	draft: DraftView;
	/** The call whose draft it is (Skip denies it). */
	callId: string;
	/** The card's data-card-id. */
	cardId: string;
	/** What will happen, for the controls' names. */
	title: string;
}

/** The draft's choices from the pane's store (the host's shared one), and a setter in React's updater form. */
function useChoices(store: ReviewDecisions, editId: string) {
	const subscribe = useCallback(
		(changed: () => void) => store.subscribe((id) => id === editId && changed()),
		[store, editId],
	);
	const choices = useSyncExternalStore(subscribe, () => store.get(editId));
	const setChoices = useCallback(
		(update: (current: Choices) => Choices) => store.setAll(editId, update(store.get(editId))),
		[store, editId],
	);
	return [choices, setChoices] as const;
}

export function DraftReview({ draft, callId, cardId, title }: DraftReviewProps) {
	const { host, threadId, focus, reviewDecisions } = usePane();
	const { changes } = draft;
	const [choices, setChoices] = useChoices(reviewDecisions, draft.editId);
	const [opened, setOpened] = useState<ReadonlySet<number>>(() => new Set());
	const [focusTarget, setFocusTarget] = useState<string | null>(null);
	const rootRef = useRef<HTMLDivElement>(null);
	const lastFocused = useRef(-1);
	const hintId = useId();
	const undecidedId = useId();

	const review = useAction((params: ReturnType<typeof reviewParams>) =>
		host.service.reviewEdit({ threadId, editId: draft.editId, ...params }),
	);
	const skip = useAction(() => host.service.decideToolCalls({ threadId, approved: [], denied: [callId] }));
	const busy = review.busy || skip.busy;
	const counts = countChoices(changes, choices);

	const choose = useCallback(
		(changeId: string, choice: Choice | undefined) => setChoices((current) => withChoice(current, changeId, choice)),
		[setChoices],
	);

	const apply = (origin: HTMLElement) => {
		if (busy) return;
		focus.request(origin, [cardId]);
		void review.run(reviewParams(changes, choices)).then((ok) => {
			if (!ok) focus.cancel(origin);
		});
	};
	const skipDraft = (origin: HTMLElement) => {
		if (busy) return;
		focus.request(origin, [cardId]);
		void skip.run().then((ok) => {
			if (!ok) focus.cancel(origin);
		});
	};

	/** Shows the change (opening its group) and puts the focus on it once it is rendered. */
	const goTo = (index: number) => {
		const change = changes[index];
		if (!change) return;
		const group = groupOf(index);
		if (group !== undefined && !opened.has(group)) setOpened((current) => new Set(current).add(group));
		setFocusTarget(change.changeId);
	};
	useLayoutEffect(() => {
		if (focusTarget === null) return;
		setFocusTarget(null);
		const item = rootRef.current?.querySelector<HTMLElement>(`[${CHANGE_ATTR}="${focusTarget}"]`);
		item?.focus();
		item?.scrollIntoView?.({ block: "nearest" });
	}, [focusTarget]);

	// Mod+Enter and Esc act on the whole card (its header's link included), not only this part.
	const keys = useRef<(event: KeyboardEvent) => void>(() => undefined);
	keys.current = (event) => {
		if (event.defaultPrevented) return;
		const target = event.target instanceof HTMLElement ? event.target : null;
		if (isModEnter(event)) {
			event.preventDefault();
			apply(target ?? rootRef.current!);
		} else if (isEsc(event) && !typingAt(target)) {
			event.preventDefault();
			skipDraft(target ?? rootRef.current!);
		}
	};
	useEffect(() => {
		const card = rootRef.current?.closest<HTMLElement>("[data-card-id]") ?? rootRef.current;
		if (!card) return;
		const listener = (event: KeyboardEvent) => keys.current(event);
		card.addEventListener("keydown", listener);
		return () => card.removeEventListener("keydown", listener);
	}, []);

	/** j/k, ↓/↑ between the list's stops; a/r on the change with the focus. Typing in an editor is left alone. */
	const onListKey = (event: ReactKeyboardEvent<HTMLUListElement>) => {
		if (event.altKey || event.ctrlKey || event.metaKey) return;
		const target = event.target as HTMLElement;
		if (target.tagName === "TEXTAREA") {
			if (event.key === "Escape") {
				// Esc in an editor leaves the editor (the text stays), not the card.
				event.preventDefault();
				target.closest<HTMLElement>(`[${CHANGE_ATTR}]`)?.focus();
			}
			return;
		}
		const stops = [...event.currentTarget.querySelectorAll<HTMLElement>(`[${NAV_ATTR}]`)];
		const here = stops.findIndex((stop) => stop === target || stop.contains(target));
		const item = target.closest<HTMLElement>(`[${CHANGE_ATTR}]`);
		const changeId = item?.getAttribute(CHANGE_ATTR) ?? null;
		const key = event.key;
		if (key === "j" || key === "ArrowDown" || key === "k" || key === "ArrowUp") {
			const step = key === "j" || key === "ArrowDown" ? 1 : -1;
			const next = stops[Math.min(stops.length - 1, Math.max(0, here + step))];
			if (next) {
				event.preventDefault();
				next.focus();
				next.scrollIntoView?.({ block: "nearest" });
			}
		} else if ((key === "a" || key === "r") && changeId !== null && !busy) {
			event.preventDefault();
			choose(changeId, { kind: key === "a" ? "accepted" : "rejected" });
		}
	};

	const groups = foldedGroups(changes.length);
	const next = nextUndecided(changes, choices, lastFocused.current);
	const applyLabel =
		counts.applied === counts.total
			? counts.total === 1
				? "Apply the change"
				: `Apply all ${counts.total} changes`
			: `Apply ${counts.applied} of ${plural(counts.total, "change")}`;

	const item = (index: number) => {
		const change = changes[index];
		return (
			<ReviewChangeItem
				key={change.changeId}
				change={change}
				number={index + 1}
				total={changes.length}
				choice={choices.get(change.changeId)}
				first={index === 0}
				busy={busy}
				onChoose={choose}
			/>
		);
	};

	return (
		<div className="redline-review" ref={rootRef}>
			<div className="redline-review-bar">
				<WaitingBadge />
				<span className="redline-review-count" role="status">
					{counts.decided} of {plural(counts.total, "change")} decided
				</span>
				{changes.length > 1 && (
					<button
						type="button"
						className="redline-button redline-button-quiet"
						aria-disabled={next === -1 || undefined}
						onClick={() => {
							const index = nextUndecided(changes, choices, lastFocused.current);
							if (index !== -1) goTo(index);
						}}
					>
						{next === -1 ? "All decided" : "Next undecided change"}
					</button>
				)}
			</div>
			{draft.warnings && draft.warnings.length > 0 && (
				<div className="redline-review-warning" role="note" aria-label="Check this draft">
					<HostIcon host={host} icon="alert-triangle" className="redline-review-warning-icon" />
					<div>
						{draft.warnings.map((warning, index) => (
							<p key={index} className="redline-review-warning-text">
								<strong>Check this draft:</strong> {warning}
							</p>
						))}
					</div>
				</div>
			)}
			<div className="redline-review-all">
				<button
					type="button"
					className="redline-button"
					aria-disabled={busy || undefined}
					onClick={() => {
						if (!busy) setChoices((current) => withAll(changes, current, "accepted"));
					}}
				>
					Accept all
				</button>
				<button
					type="button"
					className="redline-button"
					aria-disabled={busy || undefined}
					onClick={() => {
						if (!busy) setChoices((current) => withAll(changes, current, "rejected"));
					}}
				>
					Reject all
				</button>
			</div>
			<ul
				className="redline-change-list"
				aria-label={`Changes to decide: ${title}`}
				aria-describedby={hintId}
				onKeyDown={onListKey}
				onFocus={(event) => {
					const id = (event.target as HTMLElement).closest(`[${CHANGE_ATTR}]`)?.getAttribute(CHANGE_ATTR);
					const index = changes.findIndex((c) => c.changeId === id);
					if (index !== -1) lastFocused.current = index;
				}}
			>
				{changes.slice(0, SHOWN_FIRST).map((_, index) => item(index))}
				{groups.map((group) =>
					opened.has(group.start) ? (
						changes.slice(group.start, group.end).map((_, offset) => item(group.start + offset))
					) : (
						<li key={`fold-${group.start}`} className="redline-change-fold">
							<button
								type="button"
								className="redline-button redline-button-quiet"
								aria-expanded={false}
								{...{ [NAV_ATTR]: "" }}
								onClick={() => {
									setOpened((current) => new Set(current).add(group.start));
									setFocusTarget(changes[group.start].changeId);
								}}
							>
								{foldLabel(changes, choices, group.start, group.end)}
							</button>
						</li>
					),
				)}
			</ul>
			<p className="redline-review-hint" id={hintId}>
				Keys: j/k or ↓/↑ move, a accepts, r rejects, {modName(host.doc)}+Enter applies, Esc skips.
			</p>
			<div className="redline-review-actions">
				<button
					type="button"
					className="redline-button redline-cta mod-cta"
					aria-disabled={busy || undefined}
					aria-describedby={counts.undecided > 0 ? undecidedId : undefined}
					title={modEnterTitle("Apply", host.doc)}
					onClick={(event) => apply(event.currentTarget)}
				>
					{applyLabel}
				</button>
				<button
					type="button"
					className="redline-button"
					aria-label={`Skip: ${title}`}
					aria-disabled={busy || undefined}
					title={escTitle("Skip")}
					onClick={(event) => skipDraft(event.currentTarget)}
				>
					Skip
				</button>
				{counts.undecided > 0 && (
					<span className="redline-review-undecided" id={undecidedId}>
						{counts.undecided === counts.total
							? "Nothing decided yet: Apply writes every change."
							: `${plural(counts.undecided, "undecided change")} ${counts.undecided === 1 ? "is" : "are"} applied too.`}
					</span>
				)}
			</div>
			{(review.error ?? skip.error) && (
				<p className="redline-inline-error" role="alert">
					{review.error ?? skip.error}
				</p>
			)}
		</div>
	);
}

/** "Show 10 more changes (lines 40–88, 3 decided)". */
function foldLabel(changes: DraftView["changes"], choices: Choices, start: number, end: number): string {
	const first = changes[start].startLine;
	const last = changes[end - 1].startLine;
	const decided = changes.slice(start, end).filter((c) => choices.has(c.changeId)).length;
	const lines = first === last ? `line ${first}` : `lines ${first}–${last}`;
	return `Show ${plural(end - start, "more change")} (${lines}${decided > 0 ? `, ${decided} decided` : ""})`;
}
