/**
 * The input: Enter sends, Shift+Enter adds a line, Stop while the agent works. Pinned notes as
 * chips (src/ui/components/PinChip.tsx), a quiet "Pin active note", and `[[` opens a picker that
 * completes the link in the text (`[[Travel/Japan trip]]`, as Obsidian writes it) and pins the
 * note. A pin made here is for the next message (scope "message": the service unpins it once that
 * is sent); its chip can keep it for the whole chat. The input is a plain textbox;
 * it is a combobox only while the picker is open (a textarea may not be a combobox: axe's
 * aria-allowed-role, and a screen reader announced "combobox, collapsed" with no picker at all).
 * Beyond notes (issue 33), `#` picks a tag and `/` a folder, each pinned as a set chip that shows
 * the notes it adds and their tokens before sending (SetChip.tsx); what each picker offers and what
 * a pick does live in chip-pick.ts, which the note editor's edit prompt shares; a note's chip can add its
 * backlinks or the notes it links to. The context meter sits beside the buttons (ContextMeter.tsx).
 * While cards or questions wait, a note under the input says what sending will do to them.
 * With the box empty (issue 30), Mod+Enter and Esc decide the newest waiting card instead
 * (onDecisionKey: run or accept it, skip it); with text in it they do what they always did.
 */
import { useEffect, useId, useImperativeHandle, useRef, useState, type Ref } from "react";
import type { PinnedItem, ThreadStatus } from "../../log/events";
import type { ContextView } from "../../log/state";
import type { ChipPreview } from "../../thread/context-chips";
import type { UiHost } from "../host";
import { openChipQuery, type ChipQuery } from "../chip-query";
import { pickChip, suggestChips } from "../chip-pick";
import { NotePicker } from "./NotePicker";
import { isEsc, isModEnter } from "../decision-keys";
import { PinChip } from "./PinChip";
import { SetChip } from "./SetChip";
import { ContextMeter } from "./ContextMeter";
import { useNextRequest, type MeasureNext } from "../hooks/useNextRequest";
import { chipKind, chipTarget, isSetChip } from "../../log/pinned-items";

/** What the pane may do to the message box from outside it (the empty chat's suggestions). */
export interface ComposerHandle {
	/** Replaces the text, puts the caret at its end and focuses the box; nothing is sent. */
	fill(text: string): void;
}

export interface ComposerProps {
	host: UiHost;
	pinned: PinnedItem[];
	status: ThreadStatus;
	streaming: boolean;
	onSend: (content: string) => Promise<boolean>;
	onStop: () => void;
	onPin: (item: PinnedItem) => void;
	onUnpin: (item: PinnedItem) => void;
	error: string | null;
	/** The note open in the editor, for "Pin active note". */
	activeNote: string | null;
	/** Calls waiting for a decision and questions waiting for answers: a new message settles them. */
	waitingCalls?: number;
	waitingQuestions?: number;
	handle?: Ref<ComposerHandle>;
	/** Mod+Enter ("run") or Esc ("skip") in the empty box: decides the newest waiting card; false when none waits. */
	onDecisionKey?: (how: "run" | "skip") => boolean;
	/** What the latest request held, for the context meter (absent before the first). */
	context?: ContextView;
	/** What a set chip adds (v1.context.preview); undefined when it cannot be told. */
	previewChip?: (item: PinnedItem) => Promise<ChipPreview | undefined>;
	/** What the next request would hold if this text were sent (v1.context.measure), for the meter. */
	measureNext?: MeasureNext;
	/** Changes whenever the chat changes in a way the next request sees (the meter asks again). */
	measureRevision?: string;
}

const NO_PREVIEW = (): Promise<ChipPreview | undefined> => Promise.resolve(undefined);

const WORKING: ThreadStatus[] = ["thinking", "running_tool"];

export function Composer({
	host,
	pinned,
	status,
	streaming,
	onSend,
	onStop,
	onPin,
	onUnpin,
	error,
	activeNote,
	waitingCalls = 0,
	waitingQuestions = 0,
	handle,
	onDecisionKey,
	context,
	previewChip = NO_PREVIEW,
	measureNext,
	measureRevision = "",
}: ComposerProps) {
	const [text, setText] = useState("");
	const [picker, setPicker] = useState<ChipQuery | null>(null);
	const [suggestions, setSuggestions] = useState<string[]>([]);
	const [active, setActive] = useState(0);
	const inputRef = useRef<HTMLTextAreaElement>(null);
	const pickerId = useId();
	const working = WORKING.includes(status) || streaming;
	const next = useNextRequest(measureNext, text.trim(), measureRevision, host.doc.defaultView, host);

	useImperativeHandle(
		handle,
		() => ({
			fill(next) {
				setText(next);
				setPicker(null);
				const input = inputRef.current;
				if (!input) return;
				input.focus();
				// After React writes the new value: the caret at its end, ready to go on typing.
				host.doc.defaultView?.requestAnimationFrame(() => input.setSelectionRange(next.length, next.length));
			},
		}),
		[host],
	);

	useEffect(() => {
		if (!picker) return;
		let live = true;
		void suggestChips(host, picker).then((paths) => {
			if (!live) return;
			setSuggestions(paths);
			setActive(0);
		});
		return () => {
			live = false;
		};
	}, [host, picker?.query, picker]);

	const send = async (): Promise<void> => {
		const content = text.trim();
		if (content.length === 0) return;
		if (await onSend(content)) setText("");
	};

	/** A note completes its link, a tag stays as "#tag ", a folder gives way to its chip (chip-pick.ts); each is pinned. */
	const pick = (value: string): void => {
		if (!picker) return;
		const picked = pickChip(text, picker, value);
		setText(picked.text);
		setPicker(null);
		onPin(picked.item);
		const input = inputRef.current;
		if (input) {
			input.focus();
			// After React writes the new value: put the caret after what was inserted.
			host.doc.defaultView?.requestAnimationFrame(() => input.setSelectionRange(picked.caret, picked.caret));
		}
	};
	const pickerOpen = picker !== null;
	const settles = waitNote(waitingCalls, waitingQuestions);

	return (
		<div className="redline-composer">
			{pinned.length > 0 && (
				<ul className="redline-pins" aria-label="Pinned notes">
					{pinned.map((item) =>
						isSetChip(item) ? (
							<SetChip
								key={`${chipKind(item)}:${chipTarget(item)}`}
								item={item}
								preview={previewChip}
								onPin={onPin}
								onUnpin={onUnpin}
							/>
						) : (
							<PinChip key={`${chipKind(item)}:${chipTarget(item)}`} item={item} onPin={onPin} onUnpin={onUnpin} />
						),
					)}
				</ul>
			)}
			<div className="redline-composer-row">
				<textarea
					ref={inputRef}
					className="redline-input"
					aria-label="Message Redline"
					placeholder="Ask Redline about your notes. Type [[ to pin a note, # a tag, / a folder."
					rows={3}
					value={text}
					aria-describedby={settles ? `${pickerId}-settles` : undefined}
					{...(pickerOpen
						? {
								role: "combobox",
								"aria-expanded": true,
								"aria-controls": pickerId,
								"aria-autocomplete": "list" as const,
								...(suggestions.length > 0 ? { "aria-activedescendant": `${pickerId}-${active}` } : {}),
							}
						: {})}
					onChange={(event) => {
						setText(event.target.value);
						setPicker(openChipQuery(event.target.value, event.target.selectionStart ?? event.target.value.length));
					}}
					onKeyDown={(event) => {
						if (picker) {
							if (event.key === "ArrowDown" || event.key === "ArrowUp") {
								event.preventDefault();
								const step = event.key === "ArrowDown" ? 1 : -1;
								setActive((index) =>
									suggestions.length === 0 ? 0 : (index + step + suggestions.length) % suggestions.length,
								);
								return;
							}
							if (event.key === "Escape") {
								event.preventDefault();
								setPicker(null);
								return;
							}
							if ((event.key === "Enter" || event.key === "Tab") && suggestions[active]) {
								event.preventDefault();
								pick(suggestions[active]);
								return;
							}
						}
						// The empty box's keys decide the newest waiting card (its text, if any, is the user's).
						if (onDecisionKey && text.trim() === "") {
							const how = isModEnter(event) ? "run" : isEsc(event) ? "skip" : undefined;
							if (how && onDecisionKey(how)) {
								event.preventDefault();
								return;
							}
						}
						// isComposing: Enter confirms an IME composition, it must not send.
						if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
							event.preventDefault();
							void send();
						}
					}}
				/>
				{picker && <NotePicker id={pickerId} kind={picker.kind} paths={suggestions} active={active} onPick={pick} />}
			</div>
			{settles && (
				<p id={`${pickerId}-settles`} className="redline-composer-note">
					{settles}
				</p>
			)}
			<div className="redline-composer-actions">
				<ContextMeter context={context} {...(next ? { next } : {})} />
				<button
					type="button"
					className="redline-button redline-button-quiet redline-pin-active"
					aria-label={activeNote ? `Pin active note ${activeNote}` : "Pin active note"}
					disabled={!activeNote}
					onClick={() => {
						if (activeNote) onPin({ path: activeNote, scope: "message" });
					}}
				>
					Pin active note
				</button>
				{working ? (
					<button type="button" className="redline-button redline-stop" aria-label="Stop" onClick={onStop}>
						Stop
					</button>
				) : null}
				<button
					type="button"
					className="redline-button redline-cta mod-cta"
					aria-label="Send"
					disabled={text.trim().length === 0}
					onClick={() => void send()}
				>
					Send
				</button>
			</div>
			{error && (
				<p className="redline-inline-error" role="alert">
					{error}
				</p>
			)}
		</div>
	);
}

/** What sending a message now does to what waits (the service skips the calls, answers the questions). */
export function waitNote(calls: number, questions: number): string | null {
	const parts: string[] = [];
	if (calls > 0) parts.push(calls === 1 ? "skips the waiting card" : `skips the ${calls} waiting cards`);
	if (questions > 0)
		parts.push(
			questions === 1
				? "answers the open question with your message"
				: `answers the ${questions} open questions with your message`,
		);
	return parts.length > 0 ? `Sending a new message ${parts.join(" and ")}.` : null;
}
