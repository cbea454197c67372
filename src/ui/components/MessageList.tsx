/**
 * The chat stream: messages in order, each turn's reasoning steps after its user message, each
 * assistant message followed by its calls as cards (edit and question cards where they apply),
 * and errors in place by their position in the log.
 */
import { Fragment, type ReactNode } from "react";
import type { ThreadState, ToolCallView } from "../../thread/state";
import type { UiHost } from "../host";
import { AssistantMessage, UserMessage } from "./AssistantMessage";
import { EditCard } from "./EditCard";
import { ErrorBanner } from "./ErrorBanner";
import { QuestionCard } from "./QuestionCard";
import { editFor, ReasoningSteps } from "./ReasoningSteps";
import { ToolCallCard } from "./ToolCallCard";

export function MessageList({ state, host }: { state: ThreadState; host: UiHost }) {
	const items: { seq: number; node: ReactNode }[] = [];
	const callsByEdit = groupCallsByEdit(state);
	const lastTurn = state.turns[state.turns.length - 1];
	const shownCalls = new Set<string>();

	const steps = (turnIndex: number): ReactNode => {
		const turn = state.turns[turnIndex];
		const calls = turn.callIds.map((id) => state.toolCalls[id]).filter((call): call is ToolCallView => call !== undefined);
		return (
			<ReasoningSteps
				key={`steps-${turnIndex}`}
				turn={turn}
				calls={calls}
				edits={state.edits}
				questions={state.questions}
				status={turn === lastTurn ? state.status : null}
			/>
		);
	};

	state.turns.forEach((turn, index) => {
		if (turn.userMessageId === null) items.push({ seq: 0, node: steps(index) });
	});
	for (const message of state.messages) {
		if (message.kind === "user") {
			const turnIndex = state.turns.findIndex((turn) => turn.userMessageId === message.messageId);
			items.push({
				seq: message.seq,
				node: (
					<Fragment key={message.messageId}>
						<UserMessage content={message.content} pinned={message.pinned} />
						{turnIndex >= 0 && steps(turnIndex)}
					</Fragment>
				),
			});
			continue;
		}
		const cards = message.toolCallIds.map((callId) => {
			shownCalls.add(callId);
			return card(state, callId, callsByEdit);
		});
		items.push({
			seq: message.seq,
			node: (
				<Fragment key={message.messageId}>
					<AssistantMessage message={message} host={host} />
					{cards}
				</Fragment>
			),
		});
	}
	// Calls whose message is unknown (should not happen, but never hide a waiting card).
	for (const callId of state.toolCallOrder) {
		const call = state.toolCalls[callId];
		if (call && !shownCalls.has(callId)) items.push({ seq: call.proposedSeq, node: card(state, callId, callsByEdit) });
	}
	const lastError = state.errors[state.errors.length - 1];
	for (const error of state.errors) {
		items.push({ seq: error.seq, node: <ErrorBanner key={`error-${error.seq}`} error={error} canRetry={error === lastError && state.status === "error"} /> });
	}
	items.sort((a, b) => a.seq - b.seq);

	return (
		<div className="redline-stream" role="log" aria-live="polite" aria-relevant="additions">
			{items.map((item) => item.node)}
		</div>
	);
}

function card(state: ThreadState, callId: string, callsByEdit: Map<string, ToolCallView[]>): ReactNode {
	const call = state.toolCalls[callId];
	if (!call) return null;
	const preference = state.preferences[call.tool];
	const edit = call.editId ? state.edits[call.editId] : undefined;
	if (edit) return <EditCard key={callId} edit={edit} calls={callsByEdit.get(edit.editId) ?? [call]} preference={preference} />;
	// executeEdit of a known edit: shown inside that edit's card.
	if (call.tool === "executeEdit" && editFor(call, state.edits)) return null;
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
