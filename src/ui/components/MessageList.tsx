/**
 * The chat stream: messages in order, each turn's reasoning steps after its user message, each
 * assistant message followed by its calls as cards (edit and question cards where they apply),
 * and errors in place by their position in the log (an error the turn got past by a retry is
 * replaced by what came next, so Retry never stacks identical boxes). A long thread mounts only its latest turns
 * at first (useStreamWindow); earlier ones mount when the user scrolls up to them, fetched first
 * when the view holds only the thread's newest items (`state.earlier`, onLoadEarlier).
 */
import { Fragment, type ReactNode } from "react";
import type { AssistantMessageView, ThreadState, ToolCallView } from "../../log/state";
import type { UiHost } from "../host";
import { AssistantMessage, UserMessage } from "./AssistantMessage";
import { notesSeenBy } from "../untrusted/notes-read";
import { EditCard } from "./EditCard";
import { ErrorBanner } from "./ErrorBanner";
import { QuestionCard } from "./QuestionCard";
import { editFor, ReasoningSteps } from "./ReasoningSteps";
import { ToolCallCard } from "./ToolCallCard";
import { TurnChanges } from "./TurnChanges";
import { TurnUsage } from "./TurnUsage";
import { PauseCard } from "./PauseCard";
import { ChangeSetCard } from "./ChangeSetCard";
import { changeSetOf } from "../change-set";
import { turnChanges } from "../turn-changes";
import { EarlierMessages } from "./EarlierMessages";
import { useStreamWindow } from "../hooks/useStreamWindow";
import type { WindowItem } from "../stream-window";

const NO_THOUGHTS: AssistantMessageView[] = [];

/** One stream item, rendered only when it is in the mounted window. */
interface StreamItem extends WindowItem {
	render: () => ReactNode;
}

export function MessageList({
	state,
	host,
	onLoadEarlier,
}: {
	state: ThreadState;
	host: UiHost;
	/** Fetches the items before the state's (a windowed state: `state.earlier`). */
	onLoadEarlier?: () => void;
}) {
	const items = streamItems(state, host);
	const mounted = useStreamWindow(items, state.earlier && onLoadEarlier);
	const shown = items.filter((item) => item.seq >= mounted.from);
	const notShown = mounted.hidden + (state.earlier?.messages ?? 0);
	return (
		<div className="redline-stream" role="log" aria-live="polite" aria-relevant="additions">
			{notShown > 0 && (
				<EarlierMessages
					key="earlier"
					hidden={notShown}
					onShow={mounted.showEarlier}
					sentinelRef={mounted.sentinelRef}
				/>
			)}
			{shown.map((item) => item.render())}
		</div>
	);
}

/** Every item of the stream in log order, as thunks: items outside the window cost no render. */
function streamItems(state: ThreadState, host: UiHost): StreamItem[] {
	const items: StreamItem[] = [];
	const callsByEdit = groupCallsByEdit(state);
	const lastTurn = state.turns[state.turns.length - 1];
	const shownCalls = new Set<string>();
	const waitingCalls = new Set([...state.pendingApprovals, ...state.openReviews]);
	for (const askId of state.openQuestions) {
		const callId = state.questions[askId]?.callId;
		if (callId) waitingCalls.add(callId);
	}
	const turnOfMessage = new Map<string, number>();
	state.turns.forEach((turn, index) => {
		if (turn.userMessageId !== null) turnOfMessage.set(turn.userMessageId, index);
	});

	// Each turn's messages with reasoning: an assistant message belongs to the turn of the user
	// message before it (turn 0 when there is none: activity before any user message).
	const thoughts = new Map<number, AssistantMessageView[]>();
	let currentTurn = 0;
	for (const message of state.messages) {
		if (message.kind === "user") currentTurn = turnOfMessage.get(message.messageId) ?? currentTurn;
		else if (message.reasoning) {
			const list = thoughts.get(currentTurn);
			if (list) list.push(message);
			else thoughts.set(currentTurn, [message]);
		}
	}

	const steps = (turnIndex: number): ReactNode => {
		const turn = state.turns[turnIndex];
		const calls = turn.callIds
			.map((id) => state.toolCalls[id])
			.filter((call): call is ToolCallView => call !== undefined);
		return (
			<ReasoningSteps
				key={`steps-${turnIndex}`}
				turn={turn}
				calls={calls}
				thoughts={thoughts.get(turnIndex) ?? NO_THOUGHTS}
				edits={calls.map((call) => (call.editId ? state.edits[call.editId] : editFor(call, state.edits)))}
				questions={calls.map((call) => (call.askId ? state.questions[call.askId] : undefined))}
				status={turn === lastTurn ? state.status : null}
			/>
		);
	};

	state.turns.forEach((turn, index) => {
		if (turn.userMessageId === null)
			items.push({ seq: 0, turnStart: true, waiting: false, render: () => steps(index) });
	});
	for (const message of state.messages) {
		if (message.kind === "user") {
			const turnIndex = turnOfMessage.get(message.messageId);
			items.push({
				seq: message.seq,
				turnStart: true,
				waiting: false,
				render: () => (
					<Fragment key={message.messageId}>
						<UserMessage content={message.content} pinned={message.pinned} />
						{turnIndex !== undefined && steps(turnIndex)}
					</Fragment>
				),
			});
			continue;
		}
		for (const callId of message.toolCallIds) shownCalls.add(callId);
		items.push({
			seq: message.seq,
			turnStart: false,
			waiting: message.toolCallIds.some((callId) => waitingCalls.has(callId)),
			render: () => (
				<Fragment key={message.messageId}>
					<AssistantMessage message={message} host={host} reads={notesSeenBy(state, message.messageId)} />
					{cards(state, message.toolCallIds, callsByEdit)}
				</Fragment>
			),
		});
	}
	// Calls whose message is unknown (should not happen, but never hide a waiting card).
	for (const callId of state.toolCallOrder) {
		const call = state.toolCalls[callId];
		if (call && !shownCalls.has(callId)) {
			items.push({
				seq: call.proposedSeq,
				turnStart: false,
				waiting: waitingCalls.has(callId),
				render: () => card(state, callId, callsByEdit),
			});
		}
	}
	items.push(...turnChangeItems(state));
	items.push(...turnUsageItems(state));
	const pause = state.pause;
	if (pause)
		items.push({
			seq: pause.seq,
			turnStart: false,
			waiting: true,
			render: () => <PauseCard key={`pause-${pause.seq}`} pause={pause} budgetResumes={state.budgetResumes} />,
		});
	const lastError = state.errors[state.errors.length - 1];
	for (const error of state.errors) {
		if (retriedAfter(state, error.seq)) continue;
		const canRetry = error === lastError && state.status === "error";
		items.push({
			seq: error.seq,
			turnStart: false,
			waiting: false,
			render: () => <ErrorBanner key={`error-${error.seq}`} error={error} canRetry={canRetry} />,
		});
	}
	// Stable: a user message and an item at the same seq keep their order.
	items.sort((a, b) => a.seq - b.seq);
	return items;
}

/**
 * "N notes changed · Undo this turn" after each turn that wrote to several notes (or was undone):
 * placed after the turn's last event, before the next user message.
 */
function turnChangeItems(state: ThreadState): StreamItem[] {
	const items: StreamItem[] = [];
	const userSeq = new Map<string, number>();
	for (const message of state.messages) if (message.kind === "user") userSeq.set(message.messageId, message.seq);
	state.turns.forEach((turn, index) => {
		const messageId = turn.userMessageId;
		if (messageId === null) return;
		const summary = turnChanges(state, turn);
		if (!summary) return;
		if (new Set(summary.notes.map((note) => note.path)).size < 2 && !turn.undo) return;
		const next = state.turns.slice(index + 1).find((later) => later.userMessageId !== null);
		const nextSeq = next?.userMessageId ? userSeq.get(next.userMessageId) : undefined;
		const last = index === state.turns.length - 1;
		const running = last && state.status !== "idle" && state.status !== "error";
		items.push({
			seq: (nextSeq ?? state.lastSeq + 1) - 0.5,
			turnStart: false,
			waiting: false,
			render: () => (
				<TurnChanges
					key={`changes-${messageId}`}
					turn={turn}
					messageId={messageId}
					summary={summary}
					running={running}
				/>
			),
		});
	});
	return items;
}

/** The quiet "3.2k in · 410 out · $0.004" line at the end of each turn that spent any (issue 33). */
function turnUsageItems(state: ThreadState): StreamItem[] {
	const items: StreamItem[] = [];
	const userSeq = new Map<string, number>();
	for (const message of state.messages) if (message.kind === "user") userSeq.set(message.messageId, message.seq);
	state.turns.forEach((turn, index) => {
		const usage = turn.usage;
		if (!usage) return;
		const next = state.turns.slice(index + 1).find((later) => later.userMessageId !== null);
		const nextSeq = next?.userMessageId ? userSeq.get(next.userMessageId) : undefined;
		items.push({
			seq: (nextSeq ?? state.lastSeq + 1) - 0.4,
			turnStart: false,
			waiting: false,
			render: () => <TurnUsage key={`usage-${turn.userMessageId ?? index}`} usage={usage} />,
		});
	});
	return items;
}

/**
 * Whether the turn went on after this error without a new user message: Retry (or a resumed
 * drive) replaced it by a new attempt, its reply or its own error, so the box would only repeat.
 */
function retriedAfter(state: ThreadState, seq: number): boolean {
	const laterError = state.errors.some((error) => error.seq > seq);
	let next: "user" | "assistant" | undefined;
	for (const message of state.messages) {
		if (message.seq > seq) {
			next = message.kind;
			break;
		}
	}
	if (next === "user") return false;
	if (next === "assistant") return true;
	// Nothing said since: only a later error, which has no user message before it either.
	return laterError;
}

/**
 * A message's cards in order; the edits it drafted for review, when there are two or more, as one
 * change set card where the first of them stands.
 */
function cards(state: ThreadState, callIds: readonly string[], callsByEdit: Map<string, ToolCallView[]>): ReactNode[] {
	const set = changeSetOf(state, callIds, callsByEdit);
	if (!set) return callIds.map((callId) => card(state, callId, callsByEdit));
	const inSet = new Set(set.flatMap((note) => note.calls.map((call) => call.callId)));
	const first = set[0]?.edit.callId;
	return callIds.map((callId) => {
		if (callId === first) return <ChangeSetCard key={`set-${callId}`} notes={set} preferences={state.preferences} />;
		return inSet.has(callId) ? null : card(state, callId, callsByEdit);
	});
}

function card(state: ThreadState, callId: string, callsByEdit: Map<string, ToolCallView[]>): ReactNode {
	const call = state.toolCalls[callId];
	if (!call) return null;
	const preference = state.preferences[call.tool];
	const edit = call.editId ? state.edits[call.editId] : undefined;
	if (edit)
		return <EditCard key={callId} edit={edit} calls={callsByEdit.get(edit.editId) ?? [call]} preference={preference} />;
	// A call that names a known edit (executeEdit): shown inside that edit's card.
	if (editFor(call, state.edits)) return null;
	const question = call.askId ? state.questions[call.askId] : undefined;
	if (question && call.phase !== "proposed") return <QuestionCard key={callId} question={question} />;
	return <ToolCallCard key={callId} call={call} preference={preference} />;
}

/** The calls that belong to each edit: its declaring call, then executeEdit calls naming it. */
function groupCallsByEdit(state: ThreadState): Map<string, ToolCallView[]> {
	const groups = new Map<string, ToolCallView[]>();
	for (const callId of state.toolCallOrder) {
		const call = state.toolCalls[callId];
		if (!call) continue;
		const edit = call.editId ? state.edits[call.editId] : editFor(call, state.edits);
		if (!edit) continue;
		const group = groups.get(edit.editId);
		if (group) group.push(call);
		else groups.set(edit.editId, [call]);
	}
	return groups;
}
