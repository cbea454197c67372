/**
 * Reverts under concurrency (issue 26, "cover the class"): two threads edit one note and revert
 * their edits in random interleavings, some reverts racing another thread's edit (both sent at
 * once, the edit computed from the text before the revert). Over the real history and thread
 * service (memory vault and store):
 * - each revert undoes exactly the edit it names (its entry names that edit alone, and only that
 *   edit's thread is told), or refuses and writes nothing;
 * - the note always equals the base with the standing edits applied.
 *
 * The model: each of the note's lines is a slot; an edit sets one slot to a new value. An edit
 * stands until reverted. Undoing an edit succeeds only while it is the newest standing edit of its
 * slot (a newer one overlaps it: conflict), and the slot then shows the standing edit below it,
 * or the base line.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createNoteHistory } from "../../src/history/note-history";
import { MemoryStore } from "../../src/store/memory-store";
import { LocalThreadService } from "../../src/thread/service";
import { MemoryVault } from "../../src/vault/memory-vault";
import { EventScript } from "../ui/support/events";
import { readEvents, ofType } from "../agent/support/harness";

const SLOTS = 6;
const THREADS = ["t_one", "t_two"] as const;
const EDITS_PER_THREAD = 12;
const PATH = "Shared.md";
const BASE = Array.from({ length: SLOTS }, (_, i) => `base ${i}`);

type Action = { t: "edit"; thread: 0 | 1; slot: number } | { t: "revert"; pick: number; racing: number | null };

const action: fc.Arbitrary<Action> = fc.oneof(
	fc.record({
		t: fc.constant("edit" as const),
		thread: fc.constantFrom(0 as const, 1 as const),
		slot: fc.nat(SLOTS - 1),
	}),
	// racing: a slot the other thread edits at the same moment (null: nothing races).
	fc.record({
		t: fc.constant("revert" as const),
		pick: fc.nat(50),
		racing: fc.option(fc.nat(SLOTS - 1), { nil: null }),
	}),
);

interface ModelEdit {
	thread: 0 | 1;
	editId: string;
	slot: number;
	value: string;
	versionId: string;
	standing: boolean;
}

const text = (slots: readonly string[]) => slots.map((line) => `${line}\n`).join("");

/** The base with the standing edits applied: each slot shows its newest standing edit. */
function expected(edits: readonly ModelEdit[]): string {
	const slots = [...BASE];
	for (const edit of edits) if (edit.standing) slots[edit.slot] = edit.value;
	return text(slots);
}

async function stack() {
	const vault = new MemoryVault("p", { [PATH]: text(BASE) });
	const store = new MemoryStore();
	// Each thread's log knows its edits' intents, as a thread that declared them does.
	for (const threadId of THREADS) {
		const s = new EventScript(threadId).user("m1", "Edit the shared note").assistant("a1", "");
		for (let i = 1; i <= EDITS_PER_THREAD; i++) {
			s.add({
				type: "edit_intent_declared",
				editId: `${threadId}_e${i}`,
				callId: `c${i}`,
				path: PATH,
				operation: "modify",
				description: `edit ${i}`,
			});
		}
		s.status("idle");
		await store.append(`threads/${threadId}.jsonl`, s.events.map((e) => JSON.stringify(e) + "\n").join(""));
	}
	const history = createNoteHistory({ vault, store, maxEntries: 100 });
	const service = new LocalThreadService({ store, history });
	return { vault, history, service };
}

describe("reverts racing edits of two threads on one note", () => {
	it("undo exactly their edit or refuse, and the note is always the base with the standing edits", async () => {
		await fc.assert(
			fc.asyncProperty(fc.array(action, { minLength: 1, maxLength: 14 }), async (actions) => {
				const { vault, history, service } = await stack();
				const edits: ModelEdit[] = [];
				const told: Record<string, string[]> = { t_one: [], t_two: [] };
				const made = [0, 0];
				/** Sets the slot from `base` (the text the edit was computed from); the written entry, or why not. */
				const edit = async (thread: 0 | 1, slot: number, base: string) => {
					const threadId = THREADS[thread];
					const editId = `${threadId}_e${++made[thread]}`;
					const value = `${threadId} edit ${made[thread]} of slot ${slot}`;
					const lines = base.split("\n");
					lines[slot] = value;
					const outcome = await history.write({
						path: PATH,
						base,
						proposed: lines.join("\n"),
						description: `edit ${made[thread]}`,
						threadId,
						editId,
					});
					return {
						outcome,
						model: {
							thread,
							editId,
							slot,
							value,
							versionId: outcome.status === "written" ? outcome.entry.versionId : "",
							standing: true,
						},
					};
				};
				try {
					for (const a of actions) {
						if (a.t === "edit") {
							if (made[a.thread] === EDITS_PER_THREAD) continue;
							const { outcome, model } = await edit(a.thread, a.slot, await vault.read(PATH));
							if (outcome.status === "written") edits.push(model);
							else expect(outcome.status).toBe("no-op");
						} else {
							if (edits.length === 0) continue;
							const target = edits[a.pick % edits.length];
							const other: 0 | 1 = target.thread === 0 ? 1 : 0;
							const undoable =
								target.standing &&
								!edits.some((e) => e.standing && e.slot === target.slot && edits.indexOf(e) > edits.indexOf(target));
							const before = await vault.read(PATH);
							const racing = a.racing !== null && made[other] < EDITS_PER_THREAD ? a.racing : null;
							// Both sent at once: the revert first, the other thread's edit computed from the text before it.
							const [reverted, raced] = await Promise.all([
								service.revertHistory({ path: PATH, versionId: target.versionId }),
								racing === null ? Promise.resolve(null) : edit(other, racing, before),
							]);
							if (undoable) {
								expect(reverted.ok).toBe(true);
								target.standing = false;
								told[THREADS[target.thread]].push(target.editId);
								const entry = (await history.list(PATH)).find((e) => reverted.ok && e.versionId === reverted.versionId);
								expect(entry?.revertedEdits?.map((ref) => ref.editId)).toEqual([target.editId]);
								expect(entry?.restoredEdits).toBeUndefined();
							} else {
								expect(reverted.ok).toBe(false);
							}
							if (raced) {
								// The racing edit overlaps the revert only on the reverted slot: then it is refused.
								if (undoable && racing === target.slot) expect(raced.outcome.status).toBe("conflict");
								else if (raced.outcome.status !== "no-op") expect(raced.outcome.status).toBe("written");
								if (raced.outcome.status === "written") edits.push(raced.model);
							}
						}
						expect(await vault.read(PATH)).toBe(expected(edits));
					}
					for (const threadId of THREADS) {
						expect(ofType(await readEvents(service, threadId), "edit_reverted").map((e) => e.editId)).toEqual(
							told[threadId],
						);
					}
				} finally {
					await service.close();
					history.dispose();
				}
			}),
			{ numRuns: 500 },
		);
	}, 120_000);
});
