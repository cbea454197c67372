/**
 * What a waiting card offers, in words that say what happens (issue 30): **Run** (the one accent
 * button) · **Run, and don't ask again in this chat** · **Skip**, with "Don't allow in this chat"
 * in a quiet ⋯ menu, and an optional comment for the model, sent with Run or Skip.
 * Shared by plain tool cards and edit cards, which both wait for the same decision.
 *
 * "Run, and don't ask again" runs this card (the user's decision: under the access floor a
 * preference alone would not run it), then sets the tool to "Run without asking" for the chat.
 * "Don't allow" only sets the preference. Either way the service's policy answers the other
 * waiting cards of that tool (src/agent/waiting-calls.ts): nothing is decided in the page alone.
 * The buttons stay focusable while a decision is on its way (aria-disabled): the focus then moves
 * on by itself (focus-after.ts) once the card no longer waits.
 *
 * Keys, anywhere on the card (decision-keys.ts): Mod+Enter runs it (with the comment, if typed),
 * Esc skips it, except in the comment box (Esc there is the user's typing) and in an open menu.
 */
import { useEffect, useId, useRef, useState } from "react";
import type { ToolPreference } from "../../log/events";
import type { Result } from "../../thread/service-api";
import { usePane } from "../context";
import { RUN_ATTR } from "../focus-after";
import { useAction } from "../hooks/useAction";
import { toolLabel } from "../permissions";
import { ActionMenu } from "./ActionMenu";
import { escTitle, inMenu, isEsc, isModEnter, modEnterTitle, typingAt } from "../decision-keys";

export const RUN_AND_ALLOW = "Run, and don't ask again in this chat";
export const DONT_ALLOW = "Don't allow in this chat";

export interface ApprovalControlsProps {
	callId: string;
	/** The card's data-card-id (an edit card's is its editId). */
	cardId: string;
	tool: string;
	title: string;
	/** The preference in force (kept for the callers; the words no longer show it). */
	preference?: ToolPreference | undefined;
}

type Decision = { approved: string[]; denied: string[]; note?: string | undefined; then?: ToolPreference };

export function ApprovalControls({ callId, cardId, tool, title }: ApprovalControlsProps) {
	const { host, threadId, focus } = usePane();
	const [commenting, setCommenting] = useState(false);
	const [comment, setComment] = useState("");
	const commentId = useId();
	const decide = useAction(async ({ approved, denied, note, then }: Decision): Promise<Result> => {
		if (approved.length + denied.length > 0) {
			const decided = await host.service.decideToolCalls(
				note ? { threadId, approved, denied, comment: note } : { threadId, approved, denied },
			);
			if (!decided.ok) return decided;
		}
		// After this card's own decision: the preference then answers its waiting siblings.
		return then ? host.service.setToolPreference({ threadId, tool, preference: then }) : { ok: true };
	});
	const run = (origin: HTMLElement, decision: Decision): void => {
		if (decide.busy) return;
		focus.request(origin, [cardId]);
		void decide.run(decision).then((ok) => {
			if (!ok) focus.cancel(origin);
		});
	};
	const note = (): string | undefined => comment.trim() || undefined;
	const busy = decide.busy || undefined;
	const name = toolLabel(host, tool);

	// On the whole card (its title's link and arguments included), as the review card does.
	const rootRef = useRef<HTMLDivElement>(null);
	const keys = useRef<(event: KeyboardEvent) => void>(() => undefined);
	keys.current = (event) => {
		if (event.defaultPrevented || inMenu(event.target)) return;
		const origin = event.target instanceof HTMLElement ? event.target : rootRef.current;
		if (!origin) return;
		if (isModEnter(event)) {
			event.preventDefault();
			run(origin, { approved: [callId], denied: [], note: note() });
		} else if (isEsc(event) && !typingAt(event.target)) {
			event.preventDefault();
			run(origin, { approved: [], denied: [callId], note: note() });
		}
	};
	useEffect(() => {
		const card = rootRef.current?.closest<HTMLElement>("[data-card-id]") ?? rootRef.current;
		if (!card) return;
		const listener = (event: KeyboardEvent) => keys.current(event);
		card.addEventListener("keydown", listener);
		return () => card.removeEventListener("keydown", listener);
	}, []);

	return (
		<div className="redline-approval" ref={rootRef}>
			<div className="redline-approval-buttons">
				<button
					type="button"
					className="redline-button redline-cta mod-cta"
					aria-label={`Run: ${title}`}
					title={modEnterTitle("Run", host.doc)}
					aria-disabled={busy}
					{...{ [RUN_ATTR]: "" }}
					onClick={(event) => run(event.currentTarget, { approved: [callId], denied: [], note: note() })}
				>
					Run
				</button>
				<button
					type="button"
					className="redline-button redline-run-always"
					aria-label={`${RUN_AND_ALLOW}: ${title}`}
					title={`Runs this, and from now on “${name}” runs in this chat without asking (the waiting ones too).`}
					aria-disabled={busy}
					onClick={(event) =>
						run(event.currentTarget, { approved: [callId], denied: [], note: note(), then: "always" })
					}
				>
					{RUN_AND_ALLOW}
				</button>
				<button
					type="button"
					className="redline-button"
					aria-label={`Skip: ${title}`}
					title={escTitle("Skip")}
					aria-disabled={busy}
					onClick={(event) => run(event.currentTarget, { approved: [], denied: [callId], note: note() })}
				>
					Skip
				</button>
				<button
					type="button"
					className="redline-button redline-button-quiet"
					aria-label={commenting ? "Hide comment for the model" : "Add comment for the model"}
					aria-expanded={commenting}
					aria-controls={commentId}
					onClick={() => setCommenting((open) => !open)}
				>
					{commenting ? "Hide comment" : "Add comment"}
				</button>
				<ActionMenu
					label={`More actions: ${title}`}
					items={(anchor) => [
						{
							title: DONT_ALLOW,
							icon: "ban",
							warning: true,
							run: () => run(anchor, { approved: [], denied: [], then: "never" }),
						},
					]}
				/>
			</div>
			{commenting && (
				<textarea
					id={commentId}
					className="redline-skip-comment"
					aria-label="Comment for the model"
					placeholder="Sent with Run or Skip: the model reads it."
					value={comment}
					onChange={(event) => setComment(event.target.value)}
				/>
			)}
			{decide.error && (
				<p className="redline-inline-error" role="alert">
					{decide.error}
				</p>
			)}
		</div>
	);
}
