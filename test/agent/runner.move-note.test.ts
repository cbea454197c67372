/**
 * moveNote end to end (issue 31): the real stack (createRedline: history, tools, agent, service)
 * with the real ChatOpenAI against the scripted model server, over the sandbox's folder vault (real
 * files), a MemoryVault and the Obsidian fake's vault (fileManager.renameFile). A note that three
 * other notes link to (a wikilink with a heading and an alias, an embed, a relative Markdown link,
 * a shortest link) is moved once approved, every link follows it, and reverting the move puts the
 * note and every link back byte for byte. A move onto an existing note is refused and moves nothing.
 */
import { afterEach, describe, expect, it } from "vitest";
import { createRedline, type Redline } from "../../src/redline";
import {
	applyModelReply,
	reply,
	scripted,
	startModelServer,
	toolResults,
	type ModelServer,
} from "../../src/sandbox/model-server";
import type { ScriptStep } from "../../src/sandbox/model-server";
import { TextNoteCatalog } from "../../src/search/text-catalog";
import { yamlLibraryCodec } from "../../src/sandbox/yaml-library-codec";
import { ObsidianVault } from "../../src/obsidian/obsidian-vault";
import { DEFAULT_SETTINGS, type RedlineSettings } from "../../src/settings";
import { MemoryStore } from "../../src/store/memory-store";
import type { ThreadEvent } from "../../src/log/events";
import { MemoryVault } from "../../src/vault/memory-vault";
import type { Vault } from "../../src/vault/vault";
import { App } from "../fakes/obsidian";
import { FolderVault } from "../../src/sandbox/folder-vault";
import { mkdir, writeFile } from "../../src/node/fs";
import { dirname, join } from "../../src/node/path";
import { createTempDir } from "../support/temp";
import { ofType, readEvents } from "./support/harness";

const NOTES: Record<string, string> = {
	"Projects/Plan.md": "# Plan\r\n## Goals\r\nsee [the spec](Spec.md) and [[Plan#Goals]]\r\n",
	"Projects/Spec.md": "# Spec\n",
	"Daily.md": "Today: [[Projects/Plan#Goals|the plan]], also [[Plan]].\n",
	"Board.md": "---\ntags: [board]\n---\n![[Projects/Plan]]\n",
	"Journal/2025 Day.md": "Read [the plan](<../Projects/Plan.md#Goals>) and [again](../Projects/Plan.md).\n",
	"Unrelated.md": "[[Spec]] and `[[Plan]]`\n",
};

const MOVED: Record<string, string> = {
	"Archive/2025/Roadmap.md": "# Plan\r\n## Goals\r\nsee [the spec](../../Projects/Spec.md) and [[Roadmap#Goals]]\r\n",
	"Projects/Spec.md": "# Spec\n",
	"Daily.md": "Today: [[Archive/2025/Roadmap#Goals|the plan]], also [[Roadmap]].\n",
	"Board.md": "---\ntags: [board]\n---\n![[Archive/2025/Roadmap]]\n",
	"Journal/2025 Day.md":
		"Read [the plan](<../Archive/2025/Roadmap.md#Goals>) and [again](../Archive/2025/Roadmap.md).\n",
	"Unrelated.md": "[[Spec]] and `[[Plan]]`\n",
};

interface Stack {
	server: ModelServer;
	vault: Vault;
	redline: Redline;
	/** Every note's text. */
	notes(): Promise<Record<string, string>>;
	ask(content: string): Promise<string>;
	events(threadId: string): Promise<ThreadEvent[]>;
	idle(threadId: string): Promise<void>;
}

const open: Stack[] = [];
afterEach(async () => {
	for (const s of open.splice(0)) {
		await s.redline.dispose();
		await s.server.close();
	}
});

type Host = { name: string; make(notes: Record<string, string>): Promise<Vault> };

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
	for (const cleanup of cleanups.splice(0)) await cleanup();
});

const HOSTS: Host[] = [
	{
		name: "the sandbox's folder vault (real files)",
		async make(notes) {
			const dir = await createTempDir("redline-move-");
			for (const [path, text] of Object.entries(notes)) {
				await mkdir(dirname(join(dir.path, path)), { recursive: true });
				await writeFile(join(dir.path, path), text);
			}
			const vault = await FolderVault.open(dir.path);
			cleanups.push(async () => {
				vault.close();
				await dir.remove();
			});
			return vault;
		},
	},
	{ name: "MemoryVault", make: (notes) => Promise.resolve(new MemoryVault("Test vault", notes)) },
	{
		name: "the Obsidian fake (fileManager.renameFile)",
		make(notes) {
			const app = new App();
			app.vault.seed(notes);
			return Promise.resolve(new ObsidianVault(app as never));
		},
	},
];

async function stack(host: Host, steps: ScriptStep[], notes: Record<string, string> = NOTES) {
	const server = await startModelServer({ script: scripted(...steps) });
	const vault = await host.make(notes);
	const settings: RedlineSettings = {
		...DEFAULT_SETTINGS,
		mainModel: { baseUrl: server.baseURL, model: "scripted", temperature: 0 },
		applyModel: {},
	};
	const redline = await createRedline({
		vault,
		store: new MemoryStore(),
		settings: () => settings,
		credentials: () => ({}),
		protectedFolders: [],
		titles: "first-words",
		yaml: yamlLibraryCodec,
		noteCatalog: new TextNoteCatalog({ vault, protectedFolders: [] }),
	});
	const s: Stack = {
		server,
		vault,
		redline,
		async notes() {
			const all: Record<string, string> = {};
			for (const { path } of await vault.list("")) all[path] = await vault.read(path);
			return all;
		},
		async ask(content) {
			const created = await redline.service.createThread({});
			if (!created.ok) throw new Error(created.error.message);
			expect((await redline.service.sendMessage({ threadId: created.threadId, content })).ok).toBe(true);
			await s.idle(created.threadId);
			return created.threadId;
		},
		events: (threadId) => readEvents(redline.service, threadId),
		async idle(threadId) {
			await Promise.resolve();
			await Promise.resolve();
			await redline.service.idle(threadId);
		},
	};
	open.push(s);
	return s;
}

const moveCall = (path: string, newPath: string): ScriptStep =>
	reply.toolCalls([{ name: "moveNote", id: "mv", args: { path, newPath } }]);

describe.each(HOSTS)("moveNote over $name", (host) => {
	it("asks first; once approved the note moves and every link follows it; reverting puts all back byte for byte", async () => {
		const s = await stack(host, [moveCall("Projects/Plan.md", "Archive/2025/Roadmap.md"), reply.text("Moved.")]);
		const threadId = await s.ask("Archive the plan as Roadmap");
		let events = await s.events(threadId);
		const [proposed] = ofType(events, "tool_call_proposed");
		expect(proposed?.words?.title).toBe("Move Projects/Plan.md → Archive/2025/Roadmap.md");
		const [declared] = ofType(events, "edit_intent_declared");
		expect(declared).toMatchObject({
			path: "Projects/Plan.md",
			operation: "move",
			description: "move to Archive/2025/Roadmap.md",
		});
		expect(await s.notes()).toEqual(NOTES);
		// Before anyone decides, the card can say how many notes' links the move will update.
		expect(ofType(events, "tool_call_progress")).toEqual([
			expect.objectContaining({ callId: proposed?.callId, phase: "preview", changes: 3 }),
		]);
		expect(ofType(events, "tool_call_decided")).toEqual([]);

		await s.redline.service.decideToolCalls({ threadId, approved: [proposed?.callId ?? ""], denied: [] });
		await s.idle(threadId);
		expect(await s.notes()).toEqual(MOVED);
		events = await s.events(threadId);
		// The preview: the links it would update, counted before the move.
		expect(ofType(events, "tool_call_progress")).toContainEqual(
			expect.objectContaining({ phase: "moving", changes: 3 }),
		);
		const [applied] = ofType(events, "edit_applied");
		expect(applied).toMatchObject({ editId: declared?.editId, path: "Projects/Plan.md" });
		const [completed] = ofType(events, "tool_call_completed");
		expect(completed?.result).toMatchObject({
			status: "success",
			path: "Archive/2025/Roadmap.md",
			data: { linksUpdated: 3, movedTo: "Archive/2025/Roadmap.md" },
		});
		expect(toolResults(s.server.requests[1])[0]?.content).toMatch(
			/Moved Projects\/Plan\.md to Archive\/2025\/Roadmap\.md[^]*links in 3 notes/,
		);
		const history = await s.redline.service.listHistory({ path: "Archive/2025/Roadmap.md" });
		expect(history.ok && history.entries[0]?.kind).toBe("move");

		// The card's Revert (and Undo this turn) address the edit by the path it knew and its versionId.
		const reverted = await s.redline.service.revertHistory({
			path: "Projects/Plan.md",
			versionId: applied?.versionId ?? "",
		});
		expect(reverted).toMatchObject({ ok: true, path: "Projects/Plan.md" });
		expect(await s.notes()).toEqual(NOTES);
		expect(ofType(await s.events(threadId), "edit_reverted")).toMatchObject([{ editId: declared?.editId }]);
	});

	it("refuses a move onto an existing note and moves nothing", async () => {
		const s = await stack(host, [moveCall("Projects/Plan.md", "Daily.md"), reply.text("It exists.")]);
		const threadId = await s.ask("Rename the plan to Daily");
		const [proposed] = ofType(await s.events(threadId), "tool_call_proposed");
		await s.redline.service.decideToolCalls({ threadId, approved: [proposed?.callId ?? ""], denied: [] });
		await s.idle(threadId);
		const events = await s.events(threadId);
		const [completed] = ofType(events, "tool_call_completed");
		expect(completed?.result).toMatchObject({ status: "rejected", data: { reason: "exists" } });
		expect(ofType(events, "edit_applied")).toEqual([]);
		expect(await s.notes()).toEqual(NOTES);
		expect(toolResults(s.server.requests[1])[0]?.content).toMatch(/Daily\.md already exists/);
	});

	it("refuses a hidden path, a non-note and the same path without asking, and moves nothing", async () => {
		for (const newPath of [".hidden/Plan.md", "Plan.txt", ".obsidian/Plan.md", "Projects/Plan.md", "../Plan.md"]) {
			const s = await stack(host, [moveCall("Projects/Plan.md", newPath), reply.text("No.")]);
			const threadId = await s.ask("Move it");
			const events = await s.events(threadId);
			expect(ofType(events, "tool_call_decided")).toMatchObject([]);
			const [completed] = ofType(events, "tool_call_completed");
			expect(completed?.result.status, newPath).not.toBe("success");
			expect(await s.notes()).toEqual(NOTES);
		}
	});
});

describe("a move in the same reply as a drafted edit (one change set)", () => {
	it("is counted while the draft waits, and one Accept all writes the edit and makes the move", async () => {
		const s = await stack(HOSTS[1], [
			reply.toolCalls([
				{
					name: "declareEditIntent",
					id: "ed",
					args: { path: "Unrelated.md", operation: "modify", description: "mention the roadmap" },
				},
				{ name: "moveNote", id: "mv", args: { path: "Projects/Plan.md", newPath: "Archive/2025/Roadmap.md" } },
			]),
			(request) => applyModelReply(request, (text) => text.replace("[[Spec]]", "[[Spec]], see the roadmap")),
			reply.text("Done."),
		]);
		const threadId = await s.ask("Archive the plan and mention it");
		const events = await s.events(threadId);
		expect(ofType(events, "edit_proposed").map((e) => e.path)).toEqual(["Unrelated.md"]);
		const move = ofType(events, "tool_call_proposed").find((e) => e.tool === "moveNote");
		expect(ofType(events, "tool_call_progress")).toContainEqual(
			expect.objectContaining({ callId: move?.callId, phase: "preview", changes: 3 }),
		);
		expect(await s.notes()).toEqual(NOTES);
		const calls = ofType(events, "tool_call_proposed").map((e) => e.callId);
		await s.redline.service.decideToolCalls({ threadId, approved: calls, denied: [] });
		await s.idle(threadId);
		expect(await s.notes()).toEqual({ ...MOVED, "Unrelated.md": "[[Spec]], see the roadmap and `[[Plan]]`\n" });
	});
});
