/**
 * What became of a call, in words for the person. A result's `message` is written for the model
 * ("The user denied this call: …", "Declare a modify to change it"): a card never shows it for a
 * call that did not run, shows the tool's own summary when its result carries one (data.summary),
 * and a person's sentence for the refusals it knows by `data.reason`. Everything here reads
 * structured fields (decision, by, reason, data), never the model's text.
 */
import { settleReason, stoppedWhileRunning } from "../log/newest-message";
import type { ToolCallView } from "../log/state";
import { resultSummary } from "../log/tool-result";
import { displayPath, escapeLookalikes } from "../vault/display-path";
import { argsOf, stringArg } from "./describe";

/** Why a call did not run, or did not run to its end (stopped while it ran). */
export type NotRun =
	| { kind: "skipped"; comment?: string }
	| { kind: "cancelled" }
	| { kind: "blocked" }
	| { kind: "stopped"; whileRunning: boolean }
	/** The same call a third time in a turn, not run (issue 33: result.data.reason "repeated"). */
	| { kind: "repeated" };

/** A newer user message settled the call (older logs too: newest-message.ts reads them). */
function byNewMessage(call: ToolCallView): boolean {
	return settleReason(call) === "new_message";
}

/** The user pressed Stop (older logs too). */
function byStop(call: ToolCallView): boolean {
	return settleReason(call) === "stopped";
}

export function notRun(call: ToolCallView): NotRun | undefined {
	if (call.result?.data?.reason === "repeated" && call.startedAt === undefined) return { kind: "repeated" };
	if (call.result !== undefined && byStop(call)) return { kind: "stopped", whileRunning: stoppedWhileRunning(call) };
	if (call.decision === "denied") {
		if (call.decidedBy === "policy") return { kind: "blocked" };
		if (byNewMessage(call)) return { kind: "cancelled" };
		const comment = call.comment?.trim();
		return comment ? { kind: "skipped", comment } : { kind: "skipped" };
	}
	if (call.decision === "approved" && call.startedAt === undefined && call.result !== undefined && byNewMessage(call))
		return { kind: "cancelled" };
	return undefined;
}

/**
 * The badge word and the rest of the sentence: "Skipped" + " — your comment: …". neverSubject:
 * what "Don't allow" refuses, for a blocked call ("reading notes is": permissions.ts neverSubject).
 */
export function notRunWords(reason: NotRun, neverSubject: string): { badge: string; rest: string } {
	switch (reason.kind) {
		case "skipped":
			return { badge: "Skipped", rest: reason.comment ? ` — your comment: ${reason.comment}` : "" };
		case "cancelled":
			return { badge: "Cancelled", rest: ": you sent a new message" };
		case "blocked":
			return { badge: "Blocked", rest: `: ${neverSubject} not allowed in this chat` };
		case "repeated":
			return { badge: "Stopped a repeated call", rest: ": it ran twice already this turn with these arguments" };
		case "stopped":
			return {
				badge: "Stopped",
				rest: reason.whileRunning ? ": you pressed Stop while it ran" : ": you pressed Stop before it ran",
			};
	}
}

/**
 * A finished call's result for a person, as one line. A result its tool summarised (data.summary)
 * is shown by that summary (a successful one by CallLine, with what it names under it); any other
 * by its message. The lines name paths, so what does not show in them is escaped (display-path.ts).
 */
export function resultForPerson(call: ToolCallView): { line: string } | undefined {
	const result = call.result;
	if (!result) return undefined;
	const summary = resultSummary(result);
	if (summary) return { line: summary.line };
	const data = result.data ?? {};
	const raw = result.path ?? stringArg(argsOf(call), "path");
	const path = raw === undefined ? "the note" : displayPath(raw);
	if (result.status === "rejected" && data.reason === "exists")
		return { line: `${path} already exists, so nothing was written. Ask for a change to it instead.` };
	return { line: result.message.split("\n").map(escapeLookalikes).join("\n") };
}

/**
 * A call shown as one line (issue 30): it ran to its end, succeeded, and its tool summarised the
 * result ("Read On slow reading · 63 lines"). What opens under the line: the text read, the notes named.
 */
export interface CallLineView {
	line: string;
	/** The note the result is about (a link under the line). */
	path?: string;
	/** The text read. */
	text?: string;
	notes?: { label: string; paths: string[] };
}

export function callLine(call: ToolCallView): CallLineView | undefined {
	const result = call.result;
	if (call.phase !== "completed" || !result || result.status !== "success" || notRun(call)) return undefined;
	const summary = resultSummary(result);
	if (!summary) return undefined;
	const path = result.path ?? stringArg(argsOf(call), "path");
	return {
		line: summary.line,
		...(path !== undefined ? { path } : {}),
		...(summary.textFrom !== undefined ? { text: result.message.slice(summary.textFrom) } : {}),
		...(summary.notes && summary.notes.paths.length > 0 ? { notes: summary.notes } : {}),
	};
}
