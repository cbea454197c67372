/**
 * The crash cases the property found hardest, as plain specifications (issue 13). A crash after a
 * note was written but before its edit_applied was saved used to leave the note changed and the
 * log silent about it ("it may have partly happened"); the note history says what happened.
 */
import { describe, expect, it } from "vitest";
import { project } from "../../src/log/projection";
import { readEvents } from "../agent/support/harness";
import { recordCrashPoints, reopenCrashed, SCENARIOS, useCrashServer } from "./support/crash-harness";
import type { CrashPoint } from "./support/crash-harness";

const server = useCrashServer();

async function reopen(point: CrashPoint) {
	const { redline, vault } = await reopenCrashed(server(), point);
	const events = await readEvents(redline.service, point.threadId);
	await redline.dispose();
	return { events, state: project(point.threadId, events), vault };
}

describe("reopening after a crash in the middle of an edit", () => {
	const edit = SCENARIOS.find((s) => s.name === "an edit");
	if (!edit) throw new Error("no edit scenario");

	it("records an edit that reached the note before its edit_applied was saved, from the note history", async () => {
		const points = await recordCrashPoints(server(), edit, "approve");
		const atApplied = points.find((p) => p.seen.at(-1)?.type === "edit_applied");
		if (!atApplied) throw new Error("the turn had no edit_applied");
		expect(atApplied.notes["A.md"]).not.toBe(edit.notes["A.md"]);
		expect(atApplied.store[`threads/${atApplied.threadId}.jsonl`]).not.toContain('"edit_applied"');

		const { events, state } = await reopen(atApplied);
		expect(events.filter((e) => e.type === "edit_applied")).toHaveLength(1);
		const call = state.toolCalls.edit;
		expect(call?.result).toMatchObject({
			status: "success",
			message: expect.stringContaining("the change is in the note") as string,
		});
		expect(state.edits[call?.editId ?? ""]?.applied).toBeDefined();
	});

	it("says nothing was written when the crash came before the note was", async () => {
		const points = await recordCrashPoints(server(), edit, "approve");
		const writing = points.find((p) => {
			const last = p.seen.at(-1);
			return last?.type === "tool_call_progress" && last.phase === "writing";
		});
		if (!writing) throw new Error("the turn had no writing phase");
		const { state, vault } = await reopen(writing);
		expect(await vault.read("A.md")).toBe(edit.notes["A.md"]);
		expect(state.toolCalls.edit?.result).toMatchObject({
			status: "error",
			message: expect.stringContaining("nothing was written") as string,
		});
	});
});
