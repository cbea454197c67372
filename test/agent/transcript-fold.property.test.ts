/**
 * The transcript is folded incrementally (issue 32): each step folds only the events appended
 * since the last. For random threads (messages, tokens, reasoning taken back, failed replies,
 * tool calls and results, pins, edits reverted, compactions in and out of range, events of a
 * newer Redline), what the model is shown after every event equals what a fold of the whole log
 * from scratch shows; and a log that is not the one folded (another array, or the same one
 * rewritten) is read from scratch.
 */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { readModelThread, readModelThreadWith, rebuildModelThread, renderTranscript } from "../../src/agent/transcript";
import type { ChipContext, NewEvent, PinnedItem, StoredEvent } from "../../src/log/events";

type Action =
	| { kind: "user"; pin: boolean; chip: number | undefined }
	| { kind: "start" }
	| { kind: "token"; message: number; text: string }
	| { kind: "reasoning"; message: number; fromAnswer: number | undefined; deepseek: boolean }
	| { kind: "complete"; message: number; reason: string }
	| { kind: "propose"; message: number; tool: string }
	| { kind: "result"; call: number; ok: boolean; note: number }
	| { kind: "pin"; note: number; on: boolean }
	| { kind: "compact"; from: number; to: number; empty: boolean }
	| { kind: "intent"; call: number; note: number }
	| { kind: "revert"; edit: number; restored: boolean }
	| { kind: "unknown" };

const index = fc.nat(40);
const action: fc.Arbitrary<Action> = fc.oneof(
	fc.record({ kind: fc.constant("user" as const), pin: fc.boolean(), chip: fc.option(fc.nat(2), { nil: undefined }) }),
	fc.record({ kind: fc.constant("start" as const) }),
	fc.record({ kind: fc.constant("token" as const), message: index, text: fc.constantFrom("", "a", " word", "é") }),
	fc.record({
		kind: fc.constant("reasoning" as const),
		message: index,
		fromAnswer: fc.option(fc.nat(6), { nil: undefined }),
		deepseek: fc.boolean(),
	}),
	fc.record({
		kind: fc.constant("complete" as const),
		message: index,
		reason: fc.constantFrom("stop", "tool_calls", "dropped", "error", "interrupted", "superseded", "aborted"),
	}),
	fc.record({
		kind: fc.constant("propose" as const),
		message: index,
		tool: fc.constantFrom("readNote", "searchNotes", "declareEditIntent"),
	}),
	fc.record({ kind: fc.constant("result" as const), call: index, ok: fc.boolean(), note: fc.nat(3) }),
	fc.record({ kind: fc.constant("pin" as const), note: fc.nat(3), on: fc.boolean() }),
	fc.record({ kind: fc.constant("compact" as const), from: fc.nat(110), to: fc.nat(110), empty: fc.boolean() }),
	fc.record({ kind: fc.constant("intent" as const), call: index, note: fc.nat(3) }),
	fc.record({ kind: fc.constant("revert" as const), edit: index, restored: fc.boolean() }),
	fc.record({ kind: fc.constant("unknown" as const) }),
);

const note = (n: number) => `Notes/N${n}.md`;

/** A folder chip's context as a message carries it (a chat's chip is sent again with each message). */
const chip = (n: number, i: number): ChipContext => ({
	item: { folder: `F${n}` },
	notes: [{ path: `F${n}/A.md`, content: `text ${i}` }],
	listed: [],
	total: 1,
});

/** The actions as stored events, ids picked among those made so far (or unknown ones). */
function threadOf(actions: Action[], gaps: number[]): StoredEvent[] {
	const events: StoredEvent[] = [];
	const messages: string[] = [];
	const calls: string[] = [];
	const edits: string[] = [];
	let seq = 0;
	// Mostly one of the newest few, sometimes an older one, now and then one the log does not hold.
	const pick = (ids: string[], i: number, missing: string) =>
		i % 10 === 9 || ids.length === 0
			? missing
			: (ids[Math.max(0, ids.length - 1 - (i % 4)) - (i >= 30 ? i % ids.length : 0)] ?? ids[0]);
	actions.forEach((a, i) => {
		let event: NewEvent | { type: string; [key: string]: unknown };
		switch (a.kind) {
			case "user":
				event = {
					type: "user_message",
					messageId: `u${i}`,
					content: `ask ${i}`,
					pinned: a.pin ? [{ path: note(i % 4) }] : [],
					...(a.chip !== undefined ? { context: [chip(a.chip, i)] } : {}),
				};
				break;
			case "start":
				messages.push(`m${i}`);
				event = { type: "assistant_message_started", messageId: `m${i}` };
				break;
			case "token":
				event = { type: "assistant_token", messageId: pick(messages, a.message, "gone"), text: a.text };
				break;
			case "reasoning":
				event = {
					type: "assistant_reasoning",
					messageId: pick(messages, a.message, "gone"),
					text: "hmm",
					...(a.deepseek ? { form: "reasoning_content" as const } : {}),
					...(a.fromAnswer !== undefined ? { fromAnswer: a.fromAnswer } : {}),
				};
				break;
			case "complete":
				event = {
					type: "assistant_message_completed",
					messageId: pick(messages, a.message, "gone"),
					finishReason: a.reason,
				};
				break;
			case "propose":
				calls.push(`c${i}`);
				event = {
					type: "tool_call_proposed",
					callId: `c${i}`,
					tool: a.tool,
					args: { path: note(i % 4) },
					messageId: pick(messages, a.message, "gone"),
				};
				break;
			case "result":
				event = {
					type: "tool_call_completed",
					callId: pick(calls, a.call, "nocall"),
					result: a.ok
						? { status: "success", message: `read ${i}`, path: note(a.note) }
						: { status: "error", message: `failed ${i}` },
				};
				break;
			case "pin":
				event = { type: a.on ? "item_pinned" : "item_unpinned", item: { path: note(a.note) } };
				break;
			case "compact":
				event = {
					type: "context_compacted",
					// Mostly a range of the log so far (as a share of it); now and then a malformed one.
					fromSeq: Math.floor((Math.min(a.from, a.to) * seq) / 100) + (a.from === a.to ? 1 : 0),
					toSeq: Math.floor((Math.max(a.from, a.to) * seq) / 100),
					summary: a.empty ? " " : `summary ${i}`,
				};
				break;
			case "intent":
				edits.push(`e${i}`);
				event = {
					type: "edit_intent_declared",
					editId: `e${i}`,
					callId: pick(calls, a.call, "nocall"),
					path: note(a.note),
					operation: "modify",
					description: `change ${i}`,
				};
				break;
			case "revert":
				event = {
					type: "edit_reverted",
					editId: pick(edits, a.edit, "noedit"),
					path: note(a.edit % 4),
					versionId: `v${i}`,
					added: 1,
					removed: 1,
					...(a.restored ? { restored: true } : {}),
				};
				break;
			case "unknown":
				event = { type: "from_a_newer_redline", payload: i };
				break;
		}
		seq += 1 + (gaps[i % gaps.length] ?? 0);
		events.push({ ...event, seq, threadId: "t", at: "2026-12-04T00:00:00Z" } as StoredEvent);
	});
	return events;
}

const threads = fc
	.tuple(fc.array(action, { minLength: 1, maxLength: 120 }), fc.array(fc.nat(3), { minLength: 1, maxLength: 5 }))
	.map(([actions, gaps]) => threadOf(actions, gaps));

describe("the incremental transcript", () => {
	it("equals the one folded from the whole log, after every event", () => {
		fc.assert(
			fc.property(threads, fc.nat(4), (events, readEvery) => {
				// One growing array, as the log's: read after every event, or only now and then.
				const log: StoredEvent[] = [];
				events.forEach((event, i) => {
					log.push(event);
					if (i % (readEvery + 1) !== 0 && i !== events.length - 1) return;
					const incremental = readModelThread(log);
					const whole = rebuildModelThread(log.slice());
					expect(incremental).toEqual(whole);
					expect(renderTranscript("SYS", incremental)).toEqual(renderTranscript("SYS", whole));
				});
			}),
			{ numRuns: 1000 },
		);
	});

	// The context meter's estimate of the next request (issue 33) asks the fold what the model
	// would see once a message is sent, without folding it.
	it("as it will be once a message is sent equals the fold of the log with that message, and leaves the fold as it was", () => {
		const draft = fc.record({
			chips: fc.array(fc.nat(2), { maxLength: 3 }),
			pins: fc.array(fc.record({ note: fc.nat(3), scope: fc.constantFrom("message" as const, "chat" as const) }), {
				maxLength: 3,
			}),
			selection: fc.boolean(),
		});
		fc.assert(
			fc.property(threads, draft, (events, d) => {
				const log: StoredEvent[] = [...events];
				readModelThread(log);
				const last = log.at(-1)?.seq ?? 0;
				const pinnedNow = new Set(rebuildPins(log));
				const added = d.pins.filter((p, i) => d.pins.findIndex((q) => q.note === p.note) === i);
				const pinned: PinnedItem[] = [
					...[...pinnedNow].map((path) => ({ path })),
					...added.filter((p) => !pinnedNow.has(note(p.note))).map((p) => ({ path: note(p.note), scope: p.scope })),
				];
				const context = d.chips.map((n) => chip(n, 999));
				const selection = d.selection ? { path: note(0), from: 0, to: 3, text: "abc" } : undefined;
				// What sendMessage logs: the pins the draft adds, the message, then the message's own pins dropped.
				const stamp = (event: NewEvent, seq: number) => ({ ...event, seq, threadId: "t", at: "x" }) as StoredEvent;
				const extra = pinned.filter((p) => "path" in p && !pinnedNow.has(p.path));
				const sent: StoredEvent[] = extra.map((item, i) => stamp({ type: "item_pinned", item }, last + 1 + i));
				const seq = last + 1 + extra.length;
				sent.push(
					stamp(
						{
							type: "user_message",
							messageId: "draft",
							content: "next",
							pinned,
							...(context.length > 0 ? { context } : {}),
							...(selection ? { selection } : {}),
						},
						seq,
					),
				);
				const dropped = pinned.filter((p) => "path" in p && p.scope === "message");
				dropped.forEach((item, i) => sent.push(stamp({ type: "item_unpinned", item }, seq + 1 + i)));
				const estimated = readModelThreadWith(log, {
					seq,
					content: "next",
					pinned,
					context,
					...(selection ? { selection } : {}),
					pinsAdded: extra.flatMap((p) => ("path" in p ? [p.path] : [])),
					pinsDropped: new Set(dropped.flatMap((p) => ("path" in p ? [p.path] : []))),
				});
				const whole = rebuildModelThread([...log, ...sent]);
				expect(estimated).toEqual(whole);
				expect(renderTranscript("SYS", estimated)).toEqual(renderTranscript("SYS", whole));
				expect(readModelThread(log)).toEqual(rebuildModelThread(log));
			}),
			{ numRuns: 500 },
		);
	});

	it("reads a log that is not the prefix it folded from scratch", () => {
		fc.assert(
			fc.property(threads, threads, (first, second) => {
				const log: StoredEvent[] = [...first];
				readModelThread(log);
				// The same array, rewritten (a test's fixture reused; never a real log).
				log.length = 0;
				log.push(...second);
				expect(readModelThread(log)).toEqual(rebuildModelThread(second));
			}),
			{ numRuns: 100 },
		);
	});
});

/** The notes pinned at the end of a log, in pin order. */
function rebuildPins(events: readonly StoredEvent[]): string[] {
	const pins = new Set<string>();
	for (const event of events) {
		if (event.type !== "item_pinned" && event.type !== "item_unpinned") continue;
		const item = (event as { item: PinnedItem }).item;
		if (!("path" in item)) continue;
		if (event.type === "item_pinned") pins.add(item.path);
		else pins.delete(item.path);
	}
	return [...pins];
}
