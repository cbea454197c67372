/**
 * What became of a call, in words for the person. A result's `message` is written for the model
 * ("The user denied this call: …", "Declare a modify to change it"): a card never shows it for a
 * call that did not run, and shows a person's sentence for the refusals it knows by `data.reason`.
 * Everything here reads structured fields (decision, by, reason, data), never the model's text.
 */
import { settleReason, stoppedWhileRunning } from "../log/newest-message";
import type { ToolCallView } from "../log/state";
import { displayPath, escapeLookalikes } from "../vault/display-path";
import { argsOf, plural, stringArg } from "./describe";

/** Why a call did not run, or did not run to its end (stopped while it ran). */
export type NotRun = { kind: "skipped"; comment?: string } | { kind: "cancelled" } | { kind: "blocked" } | { kind: "stopped"; whileRunning: boolean };

/** A newer user message settled the call (older logs too: newest-message.ts reads them). */
function byNewMessage(call: ToolCallView): boolean {
	return settleReason(call) === "new_message";
}

/** The user pressed Stop (older logs too). */
function byStop(call: ToolCallView): boolean {
	return settleReason(call) === "stopped";
}

export function notRun(call: ToolCallView): NotRun | undefined {
	if (call.result !== undefined && byStop(call)) return { kind: "stopped", whileRunning: stoppedWhileRunning(call) };
	if (call.decision === "denied") {
		if (call.decidedBy === "policy") return { kind: "blocked" };
		if (byNewMessage(call)) return { kind: "cancelled" };
		const comment = call.comment?.trim();
		return comment ? { kind: "skipped", comment } : { kind: "skipped" };
	}
	if (call.decision === "approved" && call.startedAt === undefined && call.result !== undefined && byNewMessage(call)) return { kind: "cancelled" };
	return undefined;
}

/** What "Never" refuses, as the subject of "… set to Never in this chat". */
const NEVER_SUBJECT: Record<string, string> = {
	readNote: "reading notes is",
	searchNotes: "searching notes is",
	listNotes: "listing notes is",
	declareEditIntent: "edits are",
	executeEdit: "edits are",
	askUser: "questions are",
};

/** The badge word and the rest of the sentence: "Skipped" + " — your comment: …". */
export function notRunWords(reason: NotRun, tool: string): { badge: string; rest: string } {
	switch (reason.kind) {
		case "skipped":
			return { badge: "Skipped", rest: reason.comment ? ` — your comment: ${reason.comment}` : "" };
		case "cancelled":
			return { badge: "Cancelled", rest: ": you sent a new message" };
		case "blocked":
			return { badge: "Blocked", rest: `: ${NEVER_SUBJECT[tool] ?? `${tool} is`} set to Never in this chat` };
		case "stopped":
			return { badge: "Stopped", rest: reason.whileRunning ? ": you pressed Stop while it ran" : ": you pressed Stop before it ran" };
	}
}

/**
 * A finished call's result for a person: one line, and text to show collapsed (a note read). The
 * line names paths, so what does not show in them is escaped (display-path.ts); the text read is
 * the note's own and is shown as it is.
 */
export function resultForPerson(call: ToolCallView): { line: string; detail?: string } | undefined {
	const result = call.result;
	if (!result) return undefined;
	const data = result.data ?? {};
	const raw = result.path ?? stringArg(argsOf(call), "path");
	const path = raw === undefined ? "the note" : displayPath(raw);
	if (call.tool === "readNote" && result.status === "success") return readLine(path, result.message, data);
	if (result.status === "rejected" && data.reason === "exists") return { line: `${path} already exists, so nothing was written. Ask for a change to it instead.` };
	return { line: result.message.split("\n").map(escapeLookalikes).join("\n") };
}

/**
 * "Read 63 lines of Daily.md", or "Read lines 1–40 of 63 of …" for a page, with the text read.
 * The model's message is one header line and then the note's text as read (src/tools/read-note.ts).
 */
function readLine(path: string, message: string, data: Record<string, unknown>): { line: string; detail?: string } {
	const total = typeof data.totalLines === "number" ? data.totalLines : undefined;
	const start = typeof data.startLine === "number" ? data.startLine : undefined;
	const end = typeof data.endLine === "number" ? data.endLine : undefined;
	if (total === 0) return { line: `Read ${path} (empty)` };
	const newline = message.indexOf("\n");
	const detail = newline >= 0 ? message.slice(newline + 1) : undefined;
	const page = total !== undefined && start !== undefined && end !== undefined && !(start === 1 && end === total);
	const line = page ? `Read lines ${start}–${end} of ${total} of ${path}` : total !== undefined ? `Read ${plural(total, "line")} of ${path}` : `Read ${path}`;
	return detail !== undefined ? { line, detail } : { line };
}
