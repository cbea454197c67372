/**
 * The latest read of each note pinned now is never elided and never lost to a summary: pinning
 * a note is the user asking to keep it in view. (Written before the fix: on main a pinned note's
 * read was elided and summarised like any other result.)
 */
import { describe, expect, it } from "vitest";
import type { ToolMessage } from "@langchain/core/messages";
import { fitTranscript, turnSpans } from "../../src/agent/context-budget";
import { buildTranscript, readModelThread } from "../../src/agent/transcript";
import type { NewEvent, StoredEvent } from "../../src/log/events";

function log(events: NewEvent[]): StoredEvent[] {
	return events.map((e, i) => ({ ...e, seq: i + 1, threadId: "t", at: "2025-01-01T00:00:00Z" }));
}

const page = (path: string, version: string): string =>
	`${path} (200 lines):\n${`- ${version} line of ${path}\n`.repeat(200)}`;

/** A turn in which the model reads `path` (its result carries the path, as readNote's does). */
function readTurn(n: number, path: string, version = "first"): NewEvent[] {
	return [
		{ type: "user_message", messageId: `u${n}`, content: `Read ${path}`, pinned: [] },
		{ type: "assistant_message_started", messageId: `a${n}` },
		{ type: "assistant_message_completed", messageId: `a${n}`, finishReason: "tool_calls" },
		{ type: "tool_call_proposed", callId: `c${n}`, tool: "readNote", args: { path }, messageId: `a${n}` },
		{ type: "tool_call_completed", callId: `c${n}`, result: { status: "success", message: page(path, version), path } },
		{ type: "assistant_message_started", messageId: `b${n}` },
		{ type: "assistant_token", messageId: `b${n}`, text: `Read ${path}.` },
		{ type: "assistant_message_completed", messageId: `b${n}`, finishReason: "stop" },
	];
}

const pin = (path: string): NewEvent => ({ type: "item_pinned", item: { path } });
const unpin = (path: string): NewEvent => ({ type: "item_unpinned", item: { path } });
const ask = (n: number): NewEvent => ({ type: "user_message", messageId: `u${n}`, content: "And now?", pinned: [] });
const text = (content: unknown): string => (typeof content === "string" ? content : JSON.stringify(content));
const toolContents = (messages: ReturnType<typeof fitTranscript>["messages"]): string[] =>
	messages.filter((m): m is ToolMessage => m.type === "tool").map((m) => text(m.content));

describe("the latest read of a pinned note", () => {
	it("is never elided, while older reads of it and other reads are", () => {
		const events = log([
			pin("Plan.md"),
			...readTurn(1, "Plan.md", "old"),
			...readTurn(2, "Plan.md", "new"),
			...readTurn(3, "Other.md"),
			ask(4),
		]);
		const fitted = fitTranscript("SYS", readModelThread(events), { budget: 10 });
		const contents = toolContents(fitted.messages);
		expect(contents[0]).toMatch(/^\[Result left out to save context: readNote \{"path":"Plan.md"\}/u);
		expect(contents[1]).toBe(page("Plan.md", "new"));
		expect(contents[2]).toMatch(/^\[Result left out/u);
		expect(fitted.fits).toBe(false);
	});

	it("is elided like any other once the note is unpinned", () => {
		const events = log([pin("Plan.md"), ...readTurn(1, "Plan.md"), unpin("Plan.md"), ask(2)]);
		const contents = toolContents(fitTranscript("SYS", readModelThread(events), { budget: 10 }).messages);
		expect(contents[0]).toMatch(/^\[Result left out/u);
	});

	it("counts as fixed cost: what compaction may reduce leaves it whole", () => {
		const plain = log([...readTurn(1, "Plan.md"), ask(2)]);
		const pinned = log([pin("Plan.md"), ...readTurn(1, "Plan.md"), ask(2)]);
		const minimal = (events: StoredEvent[]): number =>
			fitTranscript("SYS", readModelThread(events), { budget: 10 }).minimalTokens;
		expect(minimal(pinned) - minimal(plain)).toBeGreaterThan(page("Plan.md", "first").length / 5);
		// A summary cannot replace it, so the turn that holds it costs no more for being pinned.
		expect(turnSpans(readModelThread(pinned))[0].minimalTokens).toBeLessThanOrEqual(
			turnSpans(readModelThread(plain))[0].minimalTokens,
		);
	});

	it("stays in the system message, verbatim, after its turn is compacted; unpinned, only the summary is left", () => {
		const turns = [pin("Plan.md"), ...readTurn(1, "Plan.md"), ...readTurn(2, "Other.md")];
		const compacted: NewEvent = {
			type: "context_compacted",
			fromSeq: 1,
			toSeq: turns.length,
			summary: "- Read two notes.",
		};
		const messages = buildTranscript("SYS", log([...turns, compacted, ask(3)]));
		expect(messages.map((m) => m.type)).toEqual(["system", "human"]);
		expect(text(messages[0].content)).toBe(
			`SYS\n\nSummary of the earlier part of this chat (those messages are no longer shown to you):\n- Read two notes.\n\nPinned note "Plan.md", as you last read it:\n${page("Plan.md", "first")}`,
		);
		const unpinned = buildTranscript("SYS", log([...turns, compacted, unpin("Plan.md"), ask(3)]));
		expect(text(unpinned[0].content)).not.toContain("line of Plan.md");
	});

	it("is the last read even when the note was edited since: no fresh note text is injected", () => {
		const events: NewEvent[] = [
			pin("Plan.md"),
			...readTurn(1, "Plan.md"),
			{ type: "edit_applied", editId: "e1", path: "Plan.md", versionId: "v2", added: 1, removed: 1 },
			{ type: "context_compacted", fromSeq: 1, toSeq: 10, summary: "- Read and edited Plan.md." },
			ask(2),
		];
		const system = text(buildTranscript("SYS", log(events))[0].content);
		expect(system).toContain(page("Plan.md", "first"));
	});

	it("is left out with no text when the note was never read, or only failed to read", () => {
		const failed: NewEvent[] = [
			pin("Plan.md"),
			{ type: "user_message", messageId: "u1", content: "Read it", pinned: [] },
			{ type: "assistant_message_started", messageId: "a1" },
			{ type: "tool_call_proposed", callId: "c1", tool: "readNote", args: { path: "Plan.md" }, messageId: "a1" },
			{ type: "assistant_message_completed", messageId: "a1", finishReason: "tool_calls" },
			{
				type: "tool_call_completed",
				callId: "c1",
				result: { status: "error", message: "Plan.md does not exist.", path: "Plan.md" },
			},
			{ type: "context_compacted", fromSeq: 1, toSeq: 6, summary: "- It failed." },
			ask(2),
		];
		expect(text(buildTranscript("SYS", log(failed))[0].content)).not.toContain("Pinned note");
	});

	it("is carried in the system message when a last resort leaves its turn out", () => {
		const events = log([
			pin("Plan.md"),
			...readTurn(1, "Plan.md"),
			...readTurn(2, "Other.md"),
			...readTurn(3, "Third.md").slice(0, 5),
		]);
		const model = readModelThread(events);
		const fitted = fitTranscript("SYS", model, { budget: 1, lastResort: true });
		expect(fitted.omitted).toBeGreaterThan(0);
		expect(text(fitted.messages[0].content)).toContain(
			`Pinned note "Plan.md", as you last read it:\n${page("Plan.md", "first")}`,
		);
		expect(toolContents(fitted.messages).join("\n")).not.toContain("line of Plan.md");
	});
});
