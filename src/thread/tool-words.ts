/**
 * Logs written before the agent recorded its tools' words: when such a log is loaded, each call
 * of a known tool gets the words its tool gives now (tool_call_proposed `words`), and its results
 * the tool's summary (data.summary), from the same functions the agent uses live (tools/words.ts).
 * So the pane has one way to show a call, live or replayed. A call proposed with words was
 * recorded by this version: it and its results are left exactly as they are.
 */
import { isKnownEvent, type StoredEvent } from "../log/events";
import { resultSummary } from "../log/tool-result";
import type { AnyTool } from "../tools/registry";
import { callWords, summarized } from "../tools/words";

export interface ToolLookup {
	get(name: string): AnyTool | undefined;
}

export function withToolWords(events: readonly StoredEvent[], tools: ToolLookup): StoredEvent[] {
	return toolWordsUpgrade(tools)(events);
}

/**
 * withToolWords for a log read a chunk at a time: called on its events in order, it keeps the
 * calls it saw, so a result in a later chunk than its proposal is summarised all the same.
 */
export function toolWordsUpgrade(tools: ToolLookup): (events: readonly StoredEvent[]) => StoredEvent[] {
	const older = new Map<string, { tool: AnyTool; args: unknown }>();
	return (events) =>
		events.map((event) => {
			if (!isKnownEvent(event)) return event;
			if (event.type === "tool_call_proposed" && event.words === undefined) {
				const tool = tools.get(event.tool);
				if (!tool) return event;
				older.set(event.callId, { tool, args: event.args });
				const words = callWords(tool, event.args);
				return words ? { ...event, words } : event;
			}
			if (event.type === "tool_call_completed") {
				const call = older.get(event.callId);
				if (!call || resultSummary(event.result)) return event;
				const result = summarized(call.tool, event.result, call.args);
				return result === event.result ? event : { ...event, result };
			}
			return event;
		});
}
