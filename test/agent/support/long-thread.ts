/**
 * A long thread of large reads, scripted: each user message "Read <path>" gets a readNote call,
 * each read result a one-line answer, and each summary request (the apply model compacting) a
 * short summary of what it was given. Shared by the long-thread tests and the context bench.
 */
import { SUMMARY_INSTRUCTIONS } from "../../../src/agent/compaction";
import { lastUserText, messageText, reply } from "../../../src/sandbox/model-server";
import type { ModelScript, RecordedRequest, ScriptedReply } from "../../../src/sandbox/model-server";

/** Notes of about `chars` characters each, in lines like a real note. */
export function largeNotes(count: number, chars: number): Record<string, string> {
	const notes: Record<string, string> = {};
	for (let n = 1; n <= count; n++) {
		let text = `# Note ${n}`;
		for (let i = 1; text.length < chars; i++)
			text += `\n- Item ${i} of note ${n}: the meeting moved to room ${(i * 7) % 13}, bring the draft and the ${i % 2 ? "slides" : "notes"}.`;
		notes[`Notes/Note ${n}.md`] = text;
	}
	return notes;
}

export function isSummaryRequest(request: RecordedRequest): boolean {
	const first = request.body.messages[0];
	return first?.role === "system" && messageText(first).startsWith(SUMMARY_INSTRUCTIONS);
}

/** A short, faithful-looking summary: the paths the summariser was shown. */
export function summaryOf(request: RecordedRequest): ScriptedReply {
	const text = messageText(request.body.messages[request.body.messages.length - 1]);
	const paths = [...new Set(text.match(/Notes\/Note \d+\.md/g) ?? [])];
	return reply.text(
		`- The user asked to read ${paths.length} notes: ${paths.slice(0, 8).join(", ")}${paths.length > 8 ? ", ..." : ""}.\n- Each was read in full and summarised to the user.`,
	);
}

export interface ReadingScriptOptions {
	/** Answers summary requests (default: summaryOf). */
	summary?: (request: RecordedRequest) => ScriptedReply | Promise<ScriptedReply>;
}

export function readingScript(options: ReadingScriptOptions = {}): ModelScript {
	return async (request) => {
		if (isSummaryRequest(request)) return (options.summary ?? summaryOf)(request);
		const messages = request.body.messages;
		const last = messages[messages.length - 1];
		const path = /Read (Notes\/Note \d+\.md)/.exec(lastUserText(request) ?? "")?.[1] ?? "Notes/Note 1.md";
		if (last?.role === "user") return reply.toolCalls([{ name: "readNote", args: { path } }]);
		return reply.text(`I read ${path}: it lists the meeting items.`);
	};
}
