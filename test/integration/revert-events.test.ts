/**
 * Every revert, by any route, is told to the thread whose edit it undid, and to nobody else: the
 * real stack (createRedline: history, tools, agent, service) with the real ChatOpenAI against
 * the scripted model server, and the real RPC server for v1.history.revert. (Before this, no
 * route appended edit_reverted at all: the first test failed on `toHaveLength(1)`.)
 */
import { afterEach, describe, expect, it } from "vitest";
import { createRedline, type Redline } from "../../src/redline";
import { startRpcServer } from "../../src/rpc/server/server";
import { reply, startModelServer, type ModelServer } from "../../src/sandbox/model-server";
import { DEFAULT_SETTINGS, type RedlineSettings } from "../../src/settings";
import { MemoryStore } from "../../src/store/memory-store";
import type { ThreadEvent } from "../../src/log/events";
import { MemoryVault } from "../../src/vault/memory-vault";
import { ofType, readEvents } from "../agent/support/harness";
import { applyWith, mainAndApply } from "../e2e/support/scripts";
import { nodeFetch as fetch } from "../../src/node/fetch";
import { yamlLibraryCodec } from "../../src/sandbox/yaml-library-codec";
import { TextNoteCatalog } from "../../src/search/text-catalog";

const DAILY = "# Daily\nWalk the dog\nBuy milk\n";

interface EditStack {
	server: ModelServer;
	vault: MemoryVault;
	store: MemoryStore;
	redline: Redline;
	restart(): Promise<void>;
	/** A new thread that replaces `from` by `to` in `path`, approved; its id, editId and version. */
	edit(path: string, from: string, to: string): Promise<{ threadId: string; editId: string; versionId: string }>;
	events(threadId: string): Promise<ThreadEvent[]>;
}

const open: EditStack[] = [];
afterEach(async () => {
	for (const s of open.splice(0)) {
		await s.redline.dispose();
		await s.server.close();
	}
});

async function editStack(): Promise<EditStack> {
	const edits: Array<{ path: string; from: string; to: string }> = [];
	let mainCalls = 0;
	const server = await startModelServer({
		script: mainAndApply(
			Array.from({ length: 20 }, () => () => {
				// Each edit takes two main calls: the intent, then the answer after the result.
				const edit = edits[Math.floor(mainCalls / 2)];
				const first = mainCalls++ % 2 === 0;
				if (!edit) return reply.text("Nothing to do.");
				return first
					? reply.toolCalls([
							{
								name: "declareEditIntent",
								args: { path: edit.path, operation: "modify", description: `replace ${edit.from} with ${edit.to}` },
							},
						])
					: reply.text("Done.");
			}),
			Array.from({ length: 20 }, (_, i) => applyWith((note) => note.replace(edits[i]?.from ?? "", edits[i]?.to ?? ""))),
		),
	});
	const vault = new MemoryVault("Test vault", { "Daily.md": DAILY, "Other.md": "Walk the dog\n" });
	const store = new MemoryStore();
	const settings: RedlineSettings = {
		...DEFAULT_SETTINGS,
		mainModel: { baseUrl: server.baseURL, model: "scripted", temperature: 0 },
		applyModel: {},
	};
	const build = () =>
		createRedline({
			yaml: yamlLibraryCodec,
			vault,
			noteCatalog: new TextNoteCatalog({ vault, protectedFolders: [] }),
			store,
			settings: () => settings,
			credentials: () => ({}),
			protectedFolders: [],
			titles: "first-words",
		});
	const s: EditStack = {
		server,
		vault,
		store,
		redline: await build(),
		async restart() {
			await s.redline.dispose();
			s.redline = await build();
		},
		async edit(path, from, to) {
			edits.push({ path, from, to });
			const { service } = s.redline;
			const created = await service.createThread({});
			if (!created.ok) throw new Error(created.error.message);
			const { threadId } = created;
			expect((await service.sendMessage({ threadId, content: `Replace ${from} with ${to} in ${path}` })).ok).toBe(true);
			await settle(s, threadId);
			const proposed = ofType(await s.events(threadId), "tool_call_proposed")[0];
			expect((await service.decideToolCalls({ threadId, approved: [proposed?.callId ?? ""], denied: [] })).ok).toBe(
				true,
			);
			await settle(s, threadId);
			const applied = ofType(await s.events(threadId), "edit_applied")[0];
			if (!applied?.editId) throw new Error("the edit was not applied");
			return { threadId, editId: applied.editId, versionId: applied.versionId };
		},
		events: (threadId) => readEvents(s.redline.service, threadId),
	};
	open.push(s);
	return s;
}

async function settle(s: EditStack, threadId: string): Promise<void> {
	await Promise.resolve();
	await Promise.resolve();
	await s.redline.service.idle(threadId);
}

describe("edit_reverted", () => {
	it("is appended by v1.history.revert to the thread that made the edit, and to no other thread", async () => {
		const s = await editStack();
		const daily = await s.edit("Daily.md", "dog", "cat");
		const other = await s.edit("Other.md", "dog", "fox");
		const reverted = await s.redline.service.revertHistory({ path: "Daily.md" });
		if (!reverted.ok) throw new Error(reverted.error.message);
		expect(await s.vault.read("Daily.md")).toBe(DAILY);

		const events = ofType(await s.events(daily.threadId), "edit_reverted");
		expect(events).toHaveLength(1);
		expect(events[0]).toMatchObject({
			editId: daily.editId,
			path: "Daily.md",
			versionId: reverted.versionId,
			undid: daily.versionId,
			added: reverted.added,
			removed: reverted.removed,
		});
		expect(events[0]?.restored).toBeUndefined();
		expect(ofType(await s.events(other.threadId), "edit_reverted")).toHaveLength(0);
	});

	it("says restored when a revert undoes the earlier revert, and reverted again after a third", async () => {
		const s = await editStack();
		const daily = await s.edit("Daily.md", "dog", "cat");
		const first = await s.redline.service.revertHistory({ path: "Daily.md" });
		const second = await s.redline.service.revertHistory({ path: "Daily.md" });
		const third = await s.redline.service.revertHistory({ path: "Daily.md" });
		if (!first.ok || !second.ok || !third.ok) throw new Error("a revert failed");
		const events = ofType(await s.events(daily.threadId), "edit_reverted");
		expect(events.map((e) => [e.versionId, e.undid, e.restored ?? false])).toEqual([
			[first.versionId, daily.versionId, false],
			[second.versionId, first.versionId, true],
			[third.versionId, second.versionId, false],
		]);
		expect(await s.vault.read("Daily.md")).toBe(DAILY);
	});

	it("is not appended when the revert is refused (the user rewrote the agent's line)", async () => {
		const s = await editStack();
		const daily = await s.edit("Daily.md", "dog", "cat");
		await s.vault.process("Daily.md", (text) => text.replace("Walk the cat", "Walk the cat twice"));
		const refused = await s.redline.service.revertHistory({ path: "Daily.md" });
		expect(refused).toMatchObject({ ok: false, error: { code: "conflict" } });
		expect(ofType(await s.events(daily.threadId), "edit_reverted")).toHaveLength(0);
		expect(await s.vault.read("Daily.md")).toContain("Walk the cat twice");
	});

	it("merges onto the user's other typing as before, and is still told", async () => {
		const s = await editStack();
		const daily = await s.edit("Daily.md", "dog", "cat");
		await s.vault.process("Daily.md", (text) => `${text}Call Ana\n`);
		const reverted = await s.redline.service.revertHistory({ path: "Daily.md" });
		expect(reverted.ok).toBe(true);
		expect(await s.vault.read("Daily.md")).toBe(`${DAILY}Call Ana\n`);
		expect(ofType(await s.events(daily.threadId), "edit_reverted")).toHaveLength(1);
	});

	it("still reverts the edit of a chat deleted meanwhile, and tells nobody (the chat is not brought back)", async () => {
		const s = await editStack();
		const daily = await s.edit("Daily.md", "dog", "cat");
		const other = await s.edit("Other.md", "dog", "fox");
		expect((await s.redline.service.deleteThread({ threadId: daily.threadId })).ok).toBe(true);
		const reverted = await s.redline.service.revertHistory({ path: "Daily.md" });
		expect(reverted.ok).toBe(true);
		expect(await s.vault.read("Daily.md")).toBe(DAILY);
		const listed = await s.redline.service.listThreads();
		expect(listed.ok && listed.threads.map((t) => t.threadId)).toEqual([other.threadId]);
		expect((await s.store.list("")).filter((key) => key.includes(daily.threadId))).toEqual([]);
		expect(ofType(await s.events(other.threadId), "edit_reverted")).toHaveLength(0);
	});

	it("going back to a version tells only the thread whose edit was undone", async () => {
		const s = await editStack();
		const first = await s.edit("Daily.md", "dog", "cat");
		const second = await s.edit("Daily.md", "milk", "bread");
		const listed = await s.redline.service.listHistory({ path: "Daily.md" });
		if (!listed.ok) throw new Error(listed.error.message);
		expect(listed.entries).toHaveLength(2);
		// "Revert to here" on the first edit's version undoes the second edit only.
		const back = await s.redline.service.revertHistory({
			path: "Daily.md",
			versionId: first.versionId,
			to: true,
			laterChanges: 1,
		});
		if (!back.ok) throw new Error(back.error.message);
		expect(ofType(await s.events(second.threadId), "edit_reverted").map((e) => e.undid)).toEqual([second.versionId]);
		expect(ofType(await s.events(first.threadId), "edit_reverted")).toHaveLength(0);
	});

	it("v1.history.revert with a versionId undoes exactly that edit, keeps another thread's newer edit and tells only the edit's thread", async () => {
		const s = await editStack();
		const first = await s.edit("Daily.md", "dog", "cat");
		const second = await s.edit("Daily.md", "milk", "bread");
		const undone = await s.redline.service.revertHistory({ path: "Daily.md", versionId: first.versionId });
		if (!undone.ok) throw new Error(undone.error.message);
		expect(await s.vault.read("Daily.md")).toBe("# Daily\nWalk the dog\nBuy bread\n");
		expect(ofType(await s.events(first.threadId), "edit_reverted").map((e) => e.undid)).toEqual([first.versionId]);
		expect(ofType(await s.events(second.threadId), "edit_reverted")).toHaveLength(0);
	});

	it("is appended by a revert over the RPC server too, and survives a restart", async () => {
		const s = await editStack();
		const daily = await s.edit("Daily.md", "dog", "cat");
		const token = "revert-token-0123456789";
		const rpc = await startRpcServer({ service: s.redline.service, token });
		try {
			const response = await fetch(`${rpc.url}/v1/rpc`, {
				method: "POST",
				headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
				body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "v1.history.revert", params: { path: "Daily.md" } }),
			});
			expect(((await response.json()) as { result: { ok: boolean } }).result.ok).toBe(true);
		} finally {
			await rpc.close();
		}
		await s.restart();
		const events = ofType(await s.events(daily.threadId), "edit_reverted");
		expect(events).toHaveLength(1);
		expect(events[0]?.editId).toBe(daily.editId);
	});
});
