/**
 * Opening a long thread is linear (issue 13, item 13). Before, the constructor folded the loaded
 * events one by one with `apply`, which copies the state's containers for every event: opening
 * 1,000 / 2,000 / 4,000 tool calls took 0.58 / 1.8 / 12.3 s. `project` folds them in one pass,
 * growing the containers in place; live appends then go through the log's LiveFold, which writes
 * the containers it built in place too. Time is measured in bench/thread.bench.ts; this test pins the
 * mechanism (no per-event `apply` while opening) without asserting wall-clock time.
 */
import { describe, expect, it, vi } from "vitest";
import { MemoryStore } from "../../src/store/memory-store";
import type { NewEvent } from "../../src/log/events";
import { ThreadLog } from "../../src/log/log";
import * as projection from "../../src/log/projection";

vi.mock(import("../../src/log/projection"), async (original) => {
	const actual = await original();
	return { ...actual, apply: vi.fn(actual.apply) };
});

function toolTurn(i: number): NewEvent[] {
	const callId = `c${i}`;
	return [
		{ type: "assistant_message_started", messageId: `a${i}` },
		{ type: "assistant_token", messageId: `a${i}`, text: "Reading." },
		{ type: "assistant_message_completed", messageId: `a${i}`, finishReason: "tool_calls" },
		{ type: "tool_call_proposed", callId, tool: "readNote", args: { path: `N${i}.md` }, messageId: `a${i}` },
		{ type: "tool_call_decided", callId, decision: "approved", by: "policy" },
		{ type: "tool_call_started", callId },
		{ type: "tool_call_completed", callId, result: { status: "success", message: "Read." } },
	];
}

describe("opening a thread log", () => {
	it("folds the loaded events in one pass, without a copying apply per event, to the state live appends built", async () => {
		const store = new MemoryStore();
		const live = new ThreadLog("t1", store);
		live.append({ type: "thread_created" });
		for (let i = 0; i < 300; i++) for (const event of toolTurn(i)) live.append(event);
		await live.flush();

		const apply = vi.mocked(projection.apply);
		apply.mockClear();
		const opened = await ThreadLog.open(store, "t1");
		expect(apply).not.toHaveBeenCalled();
		expect(opened?.state()).toStrictEqual(live.state());
		// Live appends after opening go through the log's own fold (LiveFold), not a copying apply
		// per event; a state handed to a view (sharedState) stays as it was.
		const shared = opened!.sharedState();
		const held = structuredClone(shared);
		for (const event of toolTurn(300)) opened?.append(event);
		opened?.append({ type: "tool_call_completed", callId: "c0", result: { status: "success", message: "Again." } });
		expect(apply).not.toHaveBeenCalled();
		expect(opened?.state()).not.toBe(shared);
		expect(shared).toStrictEqual(held);
		expect(opened?.state()).toStrictEqual(projection.project("t1", opened!.events()));
	});
});
