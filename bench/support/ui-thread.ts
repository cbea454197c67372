/**
 * A recorded thread for the pane's render bench: turns shaped like real ones (a user message,
 * streamed assistant tokens, searches and reads approved by preference, an edit intent waiting
 * for the user then applied with progress and a diff, now and then a question, a skipped call
 * and an error), repeated until the log holds exactly the asked number of events. Deterministic:
 * every run replays the same log.
 */
import { createTwoFilesPatch } from "diff";
import type { NewEvent, StoredEvent } from "../../src/log/events";

const WORDS = (
	"the note lists trips plans and reading with a few headings under each day so the agent reads " +
	"it first then proposes a smaller edit that keeps the **links** and `tags` while the user keeps typing"
).split(" ");
const NOTES = [
	"Daily/2026-11-28.md",
	"Articles/On slow reading.md",
	"Projects/Garden.md",
	"Travel/Japan trip.md",
	"Reading list.md",
];

class Recorder {
	readonly events: StoredEvent[] = [];
	private clock = Date.parse("2026-11-28T08:00:00.000Z");
	private seed = 7;

	constructor(readonly threadId: string) {}

	add(event: NewEvent, stepMs = 40): void {
		this.clock += stepMs;
		this.events.push({
			...event,
			seq: this.events.length + 1,
			threadId: this.threadId,
			at: new Date(this.clock).toISOString(),
		});
	}

	/** A small linear congruential generator: the same thread every run. */
	next(n: number): number {
		this.seed = (this.seed * 1103515245 + 12345) % 2147483648;
		return this.seed % n;
	}

	word(): string {
		return WORDS[this.next(WORDS.length)];
	}

	/** Streams one assistant message as tokens of one or two words, some starting a list item. */
	assistant(messageId: string, tokens: number, finishReason: string): void {
		this.add({ type: "assistant_message_started", messageId });
		for (let i = 0; i < tokens; i++) {
			const lead = i === 0 ? "" : i % 12 === 0 ? "\n\n- " : " ";
			const text = lead + (this.next(3) === 0 ? `${this.word()} ${this.word()}` : this.word());
			this.add({ type: "assistant_token", messageId, text }, 15);
		}
		this.add({ type: "assistant_message_completed", messageId, finishReason });
	}

	/** A call the preference runs at once: proposed, decided by policy, started, completed. */
	autoCall(messageId: string, callId: string, tool: string, args: Record<string, string>, message: string): void {
		this.add({ type: "tool_call_proposed", callId, tool, args, messageId });
		this.add({ type: "tool_call_decided", callId, decision: "approved", by: "policy" });
		this.add({ type: "tool_call_started", callId });
		this.add(
			{ type: "tool_call_completed", callId, result: { status: "success", message, path: args.path ?? "" } },
			120,
		);
	}
}

function noteText(r: Recorder, lines: number): string {
	const out: string[] = [];
	for (let i = 0; i < lines; i++)
		out.push(
			i % 6 === 0 ? `## ${r.word()} ${r.word()}` : `${r.word()} ${r.word()} ${r.word()} ${r.word()} ${r.word()}.`,
		);
	return out.join("\n") + "\n";
}

/** An edit's unified diff: a 30-line note with a few lines changed, removed and added. */
function editDiff(r: Recorder, path: string): { diff: string; added: number; removed: number } {
	const before = noteText(r, 30).split("\n");
	const after = [...before];
	after[4] = `${after[4]} (${r.word()})`;
	after.splice(12, 2);
	after.splice(20, 0, `- ${r.word()} ${r.word()}`, `- ${r.word()} ${r.word()}`);
	return { diff: createTwoFilesPatch(path, path, before.join("\n"), after.join("\n")), added: 3, removed: 3 };
}

/** One full turn; `n` numbers the ids and decides which occasional events it carries. */
function turn(r: Recorder, n: number): void {
	const path = NOTES[n % NOTES.length];
	r.add(
		{
			type: "user_message",
			messageId: `u${n}`,
			content: `Tidy ${path} and keep my links (${n})`,
			pinned: n % 3 === 0 ? [{ path }] : [],
		},
		4000,
	);
	r.add({ type: "status", status: "thinking" });
	r.assistant(`a${n}.1`, 24, "tool_calls");
	r.autoCall(`a${n}.1`, `c${n}.search`, "searchNotes", { query: r.word() }, `Found 4 notes matching.`);
	r.autoCall(`a${n}.1`, `c${n}.read`, "readNote", { path }, `${path}: 30 lines.`);

	if (n % 5 === 2) {
		const askId = `ask${n}`;
		const callId = `c${n}.ask`;
		const questions = [
			{
				question: "Which headings should go?",
				header: "Scope",
				options: [{ label: "All" }, { label: "Only empty ones" }],
				multiSelect: false,
			},
			{
				question: "Also tag the note?",
				header: "Tags",
				options: [{ label: "#daily" }, { label: "#review", description: "for the weekly review" }],
				multiSelect: true,
			},
		];
		r.assistant(`a${n}.q`, 6, "tool_calls");
		r.add({ type: "tool_call_proposed", callId, tool: "askUser", args: { questions }, messageId: `a${n}.q` });
		r.add({ type: "tool_call_decided", callId, decision: "approved", by: "policy" });
		r.add({ type: "tool_call_started", callId });
		r.add({ type: "question_asked", askId, callId, questions });
		r.add({ type: "status", status: "waiting_for_answer" });
		r.add({ type: "question_answered", askId, answers: { "0": ["All"], "1": ["#daily", "weekly"] } }, 5000);
		r.add({
			type: "tool_call_completed",
			callId,
			result: { status: "success", message: "Answered.", data: { askId } },
		});
		r.add({ type: "status", status: "thinking" });
	}

	const messageId = `a${n}.2`;
	const callId = `c${n}.edit`;
	const editId = `e${n}`;
	r.assistant(messageId, 8, "tool_calls");
	r.add({
		type: "edit_intent_declared",
		editId,
		callId,
		path,
		operation: "modify",
		description: "Remove all headings",
	});
	r.add({
		type: "tool_call_proposed",
		callId,
		tool: "declareEditIntent",
		args: { path, operation: "modify", description: "Remove all headings" },
		messageId,
	});
	if (n % 7 === 3) {
		// A skipped edit: the user explains why, and the model answers.
		r.add({ type: "status", status: "waiting_for_approval" });
		r.add({ type: "tool_call_decided", callId, decision: "denied", by: "user", comment: "Not this note" }, 3000);
		r.add({
			type: "tool_call_completed",
			callId,
			result: { status: "rejected", message: "denied: Not this note", path },
		});
	} else {
		r.add({ type: "status", status: "waiting_for_approval" });
		r.add({ type: "tool_call_decided", callId, decision: "approved", by: "user" }, 3000);
		r.add({ type: "status", status: "running_tool" });
		r.add({ type: "tool_call_started", callId });
		for (const fraction of [0.1, 0.25, 0.45, 0.6, 0.8, 0.95])
			r.add({ type: "tool_call_progress", callId, phase: "generating", fraction }, 200);
		r.add({ type: "tool_call_progress", callId, phase: "writing" });
		const { diff, added, removed } = editDiff(r, path);
		const versionId = `v${n}`;
		r.add({ type: "edit_applied", editId, path, versionId, added, removed });
		r.add({
			type: "tool_call_completed",
			callId,
			result: { status: "success", message: `Edited ${path}`, path, data: { editId, versionId, added, removed, diff } },
		});
	}
	r.add({ type: "status", status: "thinking" });
	if (n % 11 === 6) {
		r.add({ type: "error", message: "The model server did not answer (timeout after 60 s).", retryable: true });
		r.add({ type: "status", status: "thinking" }, 2000);
	}
	r.assistant(`a${n}.3`, 36, "stop");
	r.add({ type: "status", status: "idle" });
}

/** Exactly `total` events: whole turns, then one short chat turn that fills the remainder. */
export function recordedThread(total: number, threadId = "bench"): StoredEvent[] {
	const r = new Recorder(threadId);
	r.add({ type: "thread_created", title: "Bench thread", v: 1 });
	for (let n = 1; ; n++) {
		const before = r.events.length;
		const probe = new Recorder(threadId);
		turn(probe, n);
		// A fill turn needs user + status + started + completed + idle: 5 events and one token.
		if (before + probe.events.length + 6 > total) break;
		turn(r, n);
	}
	const left = total - r.events.length;
	if (left >= 6) {
		r.add({ type: "user_message", messageId: "u-last", content: "Thanks, that is all", pinned: [] }, 4000);
		r.add({ type: "status", status: "thinking" });
		r.assistant("a-last", left - 5, "stop");
		r.add({ type: "status", status: "idle" });
	}
	while (r.events.length < total) r.add({ type: "status", status: "idle" });
	return r.events;
}

/** Assistant messages in a log (what the pane renders as assistant articles, when not empty). */
export function lastAssistantId(events: readonly StoredEvent[]): string {
	for (let i = events.length - 1; i >= 0; i--) {
		const event = events[i];
		if (event.type === "assistant_message_started") return (event as { messageId: string }).messageId;
	}
	throw new Error("no assistant message in the recorded thread");
}
