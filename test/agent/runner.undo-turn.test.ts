/**
 * Change sets (issue 31), through the real LangChain client and the scripted server: the intents
 * one step declares are drafted side by side, a few at a time, and `v1.thread.undoTurn` takes
 * every write of the turn back as one action, merge-safe note by note, naming what it could not.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { applyModelReply, reply, scripted } from "../../src/sandbox/model-server";
import type { ScriptStep } from "../../src/sandbox/model-server";
import { createDeclareEditIntentTool } from "../../src/tools/declare-edit-intent";
import { createExecuteEditTool } from "../../src/tools/execute-edit";
import { readNoteTool } from "../../src/tools/read-note";
import { ObsidianVault } from "../../src/obsidian/obsidian-vault";
import { MemoryVault } from "../../src/vault/memory-vault";
import type { Vault } from "../../src/vault/vault";
import { App } from "../fakes/obsidian";
import { harness, held, ofType } from "./support/harness";
import type { Harness } from "./support/harness";

const COUNT = 12;
const paths = Array.from({ length: COUNT }, (_, i) => `Projects/P${String(i + 1).padStart(2, "0")}.md`);
const original = (path: string): string => `# ${path}\n\nStatus: open\n\nSome notes about it.\n`;
const tagged = (note: string): string => note.replace("Some notes about it.\n", "Some notes about it.\n\n#project\n");

/** One model step declaring an intent per note, then one apply-model draft per intent, then a closing reply. */
function tagEveryNote(final: ScriptStep = reply.text("Tagged all twelve.")): ScriptStep[] {
	const intents = reply.toolCalls(
		paths.map((path, i) => ({
			name: "declareEditIntent",
			id: `intent${i + 1}`,
			args: { path, operation: "modify", description: `tag ${path} #project` },
		})),
	);
	const drafts = paths.map((): ScriptStep => (request) => applyModelReply(request, tagged));
	return [intents, ...drafts, final];
}

/** The two hosts' vaults: the sandbox's in-memory one, and Obsidian's (the fake app) through ObsidianVault. */
const HOSTS: Array<{ name: string; vault: (notes: Record<string, string>) => Vault }> = [
	{ name: "the sandbox's vault", vault: (notes) => new MemoryVault("Test vault", notes) },
	{
		name: "the Obsidian fake",
		vault: (notes) => {
			const app = new App();
			app.vault.seed(notes);
			return new ObsidianVault(app as never);
		},
	},
];
let host = HOSTS[0];

/** `final`: the model's reply after the writes (held by a test that undoes while the turn runs). */
async function changeSet(final?: ScriptStep): Promise<Harness> {
	return harness({
		vault: host.vault(Object.fromEntries(paths.map((path) => [path, original(path)]))),
		history: true,
		tools: ({ store, models, history }) => [
			readNoteTool,
			createDeclareEditIntentTool({ history, models, drafts: store }),
			createExecuteEditTool({ history, drafts: store }),
		],
		script: scripted(...tagEveryNote(final)),
	});
}

/** Sends the request, accepts every draft, and answers the thread and the user message that started the turn. */
async function taggedAndAccepted(h: Harness): Promise<{ threadId: string; messageId: string }> {
	const threadId = await h.newThread();
	await h.send(threadId, "Tag my project notes #project");
	const state = await h.state(threadId);
	expect(state.openReviews).toHaveLength(COUNT);
	await h.decide(threadId, state.openReviews, []);
	const after = await h.state(threadId);
	const messageId = after.messages.find((m) => m.kind === "user")?.messageId ?? "";
	return { threadId, messageId };
}

describe.each(HOSTS)("a change set: twelve notes in one turn, in $name", (which) => {
	beforeEach(() => {
		host = which;
	});

	it("drafts the twelve intents side by side, never more than a few at a time, and writes nothing", async () => {
		const h = await changeSet();
		const threadId = await h.newThread();
		await h.send(threadId, "Tag my project notes #project");
		const events = await h.events(threadId);
		expect(ofType(events, "edit_proposed").map((e) => e.path)).toEqual(expect.arrayContaining(paths));
		for (const path of paths) expect(await h.vault.read(path)).toBe(original(path));
		// Drafts in flight at once: a call's first generating progress opens it; its edit_proposed closes it.
		const inFlight = new Set<string>();
		const opened = new Set<string>();
		let most = 0;
		for (const event of events) {
			if (event.type === "tool_call_progress" && event.phase === "generating" && !opened.has(event.callId)) {
				opened.add(event.callId);
				inFlight.add(event.callId);
				most = Math.max(most, inFlight.size);
			}
			if (event.type === "edit_proposed") inFlight.delete(event.callId);
		}
		expect(most).toBeGreaterThan(1);
		expect(most).toBeLessThanOrEqual(4); // the default bound
	});

	it("Accept all writes all twelve; Undo this turn restores all twelve byte for byte, after a restart too", async () => {
		const h = await changeSet();
		const { threadId, messageId } = await taggedAndAccepted(h);
		for (const path of paths) expect(await h.vault.read(path)).toBe(tagged(original(path)));
		await h.restart();

		const undone = await h.service.undoTurn({ threadId, messageId });
		expect(undone).toMatchObject({ ok: true, notUndone: [] });
		if (!undone.ok) return;
		expect(undone.undone.map((u) => u.path).sort()).toEqual([...paths].sort());
		for (const path of paths) expect(await h.vault.read(path)).toBe(original(path));
		const events = await h.events(threadId);
		expect(ofType(events, "edit_reverted")).toHaveLength(COUNT);
		const state = await h.state(threadId);
		expect(Object.values(state.edits).every((edit) => edit.reverted !== undefined)).toBe(true);
		const undo = state.turns.find((turn) => turn.userMessageId === messageId)?.undo;
		expect(undo?.undone.slice().sort()).toEqual(Object.keys(state.edits).sort());
		expect(undo?.notUndone).toEqual([]);
		// Nothing of the turn is left to undo: a second undo says so and writes nothing.
		const again = await h.service.undoTurn({ threadId, messageId });
		expect(again).toMatchObject({ ok: false, error: { code: "not_found" } });
	});

	it("a note the user edited on the same lines is named and left alone; the other eleven are undone", async () => {
		const h = await changeSet();
		const { threadId, messageId } = await taggedAndAccepted(h);
		const edited = paths[4] ?? "";
		const typed = tagged(original(edited)).replace("#project\n", "#project #urgent\n");
		await h.vault.process(edited, () => typed);

		const undone = await h.service.undoTurn({ threadId, messageId });
		expect(undone.ok).toBe(true);
		if (!undone.ok) return;
		expect(undone.notUndone).toEqual([expect.objectContaining({ path: edited })]);
		expect(undone.notUndone[0]?.message).not.toBe("");
		expect(undone.undone).toHaveLength(COUNT - 1);
		expect(await h.vault.read(edited)).toBe(typed);
		for (const path of paths.filter((p) => p !== edited)) expect(await h.vault.read(path)).toBe(original(path));
		const reverted = ofType(await h.events(threadId), "edit_reverted").map((e) => e.path);
		expect(reverted).not.toContain(edited);
		expect(reverted).toHaveLength(COUNT - 1);
		// After a restart the chat still names the note it left in place, and why.
		await h.restart();
		const turn = (await h.state(threadId)).turns.find((t) => t.userMessageId === messageId);
		expect(turn?.undo?.notUndone).toEqual([undone.notUndone[0]]);
		expect(turn?.undo?.undone).toHaveLength(COUNT - 1);
	});

	it("refuses a message the thread does not hold and a messageId that is not text, writing nothing", async () => {
		const h = await changeSet();
		const { threadId } = await taggedAndAccepted(h);
		expect(await h.service.undoTurn({ threadId, messageId: "msg_nope" })).toMatchObject({
			ok: false,
			error: { code: "not_found" },
		});
		expect(await h.service.undoTurn({ threadId, messageId: 7 as unknown as string })).toMatchObject({
			ok: false,
			error: { code: "bad_params" },
		});
		for (const path of paths) expect(await h.vault.read(path)).toBe(tagged(original(path)));
	});

	it("refuses to undo a turn that is still running (it may write again), and undoes it once it has ended", async () => {
		const last = held(reply.text("Tagged all twelve."));
		const h = await changeSet(last.step);
		const threadId = await h.newThread();
		await h.send(threadId, "Tag my project notes #project");
		const state = await h.state(threadId);
		const messageId = state.messages.find((m) => m.kind === "user")?.messageId ?? "";
		const decided = await h.service.decideToolCalls({ threadId, approved: state.openReviews, denied: [] });
		expect(decided.ok).toBe(true);
		await last.reached; // every draft written; the model is still answering
		expect(await h.service.undoTurn({ threadId, messageId })).toMatchObject({ ok: false, error: { code: "busy" } });
		for (const path of paths) expect(await h.vault.read(path)).toBe(tagged(original(path)));
		last.release();
		await h.service.idle(threadId);
		expect(await h.service.undoTurn({ threadId, messageId })).toMatchObject({ ok: true, notUndone: [] });
		for (const path of paths) expect(await h.vault.read(path)).toBe(original(path));
	});
});
