/**
 * A note write meets Stop or a plugin reload (issue 13, items 4 and 5), through the real edit
 * path: declareEditIntent approved, the apply model over HTTP, the commit through NoteHistory.
 * Before the fix the call was completed "Stopped" and the edit landed afterwards anyway, with
 * its edit_applied appended after the call's completion (or to a closed log).
 */
import { describe, expect, it } from "vitest";
import { createNoteHistory } from "../../src/history/note-history";
import { reply, scripted } from "../../src/sandbox/model-server";
import type { ThreadEvent } from "../../src/log/events";
import { createDeclareEditIntentTool } from "../../src/tools/declare-edit-intent";
import { createExecuteEditTool } from "../../src/tools/execute-edit";
import { MemoryVault } from "../../src/vault/memory-vault";
import { harness, readEvents } from "./support/harness";
import type { Harness } from "./support/harness";
import { setTimeout } from "../../src/node/timers";

/** A vault whose next process() waits until the test opens the gate (a slow disk or sync). */
class GatedVault extends MemoryVault {
	reached = false;
	private gate: Promise<void> | null = null;
	private release: (() => void) | null = null;

	holdNextWrite(): void {
		this.gate = new Promise((resolve) => (this.release = resolve));
	}

	open(): void {
		this.release?.();
	}

	override async process(path: string, fn: (current: string) => string): Promise<string> {
		const gate = this.gate;
		this.gate = null;
		if (gate) {
			this.reached = true;
			await gate;
		}
		return super.process(path, fn);
	}
}

async function editHarness(vault: GatedVault): Promise<Harness> {
	return harness({
		vault,
		tools: ({ vault: v, store, models }) => {
			const history = createNoteHistory({ vault: v, store });
			return [createDeclareEditIntentTool({ history, models }), createExecuteEditTool({ history })];
		},
		script: scripted(
			reply.toolCalls([
				{
					name: "declareEditIntent",
					args: { path: "A.md", operation: "rewrite", description: "add a line" },
					id: "edit",
				},
			]),
			reply.text("alpha\nbeta\n"),
			reply.text("Done."),
		),
	});
}

async function until(check: () => boolean | Promise<boolean>): Promise<void> {
	for (let i = 0; i < 2000; i++) {
		if (await check()) return;
		await new Promise((resolve) => setTimeout(resolve, 5));
	}
	throw new Error("condition never held");
}

/** Events of the call after its tool_call_completed (there must be none). */
function afterCompletion(events: readonly ThreadEvent[], callId: string): ThreadEvent[] {
	const done = events.findIndex((e) => e.type === "tool_call_completed" && e.callId === callId);
	if (done < 0) return [];
	return events.slice(done + 1).filter((e) => ("callId" in e && e.callId === callId) || e.type === "edit_applied");
}

async function startWrite(h: Harness, vault: GatedVault): Promise<string> {
	const threadId = await h.newThread();
	await h.send(threadId, "Add beta to A");
	vault.holdNextWrite();
	const decided = await h.service.decideToolCalls({ threadId, approved: ["edit"], denied: [] });
	expect(decided.ok).toBe(true);
	await until(() => vault.reached);
	return threadId;
}

describe("AgentRunner: a note write meets Stop or a reload", () => {
	it("a stop during the write waits for it, and the result says the edit was made", async () => {
		const vault = new GatedVault("Test vault", { "A.md": "alpha\n" });
		const h = await editHarness(vault);
		const threadId = await startWrite(h, vault);
		await h.service.stop({ threadId });
		vault.open();
		await h.service.idle(threadId);

		const events = await readEvents(h.service, threadId);
		const state = await h.state(threadId);
		expect(await vault.read("A.md")).toBe("alpha\nbeta\n");
		expect(state.toolCalls.edit?.result).toMatchObject({ status: "success" });
		expect(state.edits[state.toolCalls.edit?.editId ?? ""]?.applied).toBeDefined();
		expect(afterCompletion(events, "edit")).toEqual([]);
		expect(state.status).toBe("idle");
	});

	it("a reload during the write waits for it and records it in the old log before closing", async () => {
		const vault = new GatedVault("Test vault", { "A.md": "alpha\n" });
		const h = await editHarness(vault);
		const threadId = await startWrite(h, vault);
		const closing = h.restart();
		vault.open();
		await closing;

		const events = await readEvents(h.service, threadId);
		const seqs = events.map((e) => e.seq);
		expect(new Set(seqs).size).toBe(seqs.length);
		expect(await vault.read("A.md")).toBe("alpha\nbeta\n");
		expect(events.filter((e) => e.type === "edit_applied")).toHaveLength(1);
		expect(afterCompletion(events, "edit")).toEqual([]);
		const state = await h.state(threadId);
		expect(state.toolCalls.edit?.result?.message ?? "").not.toContain("Stopped by the user");
	});
});
