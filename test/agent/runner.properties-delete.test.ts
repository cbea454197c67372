/**
 * setProperties and deleteNote end to end (issue 31): the real stack (createRedline: history,
 * tools, agent, service) with the real ChatOpenAI against the scripted model server, over a
 * MemoryVault with the yaml library and over the Obsidian fake's vault with Obsidian's YAML.
 * A property change is offered as a redline of the frontmatter, written once accepted, and
 * reverted like any edit; a delete moves the note to the trash, and its revert gives back the
 * identical bytes; a frontmatter that is not valid YAML is refused and not rewritten.
 */
import { TextNoteCatalog } from "../../src/search/text-catalog";
import { afterEach, describe, expect, it } from "vitest";
import { createRedline, type Redline } from "../../src/redline";
import { reply, scripted, startModelServer, toolResults, type ModelServer } from "../../src/sandbox/model-server";
import type { ScriptStep } from "../../src/sandbox/model-server";
import { yamlLibraryCodec } from "../../src/sandbox/yaml-library-codec";
import { obsidianYaml } from "../../src/obsidian/obsidian-yaml";
import { ObsidianVault } from "../../src/obsidian/obsidian-vault";
import { DEFAULT_SETTINGS, type RedlineSettings } from "../../src/settings";
import { MemoryStore } from "../../src/store/memory-store";
import type { ThreadEvent } from "../../src/log/events";
import { MemoryVault } from "../../src/vault/memory-vault";
import type { Vault } from "../../src/vault/vault";
import type { YamlCodec } from "../../src/composer/properties/yaml-codec";
import { App } from "../fakes/obsidian";
import { ofType, readEvents } from "./support/harness";

const PLAN = "---\r\ntitle: 'Plan: Q3'\r\ndraft: true\r\ncreated: 2024-01-05\r\n---\r\n# Plan\r\n\r\nBody stays.\r\n";

interface Stack {
	server: ModelServer;
	vault: Vault;
	redline: Redline;
	trashed(): string[];
	/** Sends a message in a new thread and waits for the drive to return. */
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

type Host = {
	name: string;
	make(notes: Record<string, string>): { vault: Vault; yaml: YamlCodec; trashed(): string[] };
};

const HOSTS: Host[] = [
	{
		name: "the sandbox's vault and the yaml library",
		make(notes) {
			const vault = new MemoryVault("Test vault", notes);
			return { vault, yaml: yamlLibraryCodec, trashed: () => vault.trashed().map((t) => t.path) };
		},
	},
	{
		name: "the Obsidian fake and Obsidian's YAML",
		make(notes) {
			const app = new App();
			app.vault.seed(notes);
			return {
				vault: new ObsidianVault(app as never),
				yaml: obsidianYaml,
				trashed: () => [...app.fileManager.trashed],
			};
		},
	},
];

async function stack(host: Host, steps: ScriptStep[], notes: Record<string, string> = { "Plan.md": PLAN }) {
	const server = await startModelServer({ script: scripted(...steps) });
	const made = host.make(notes);
	const settings: RedlineSettings = {
		...DEFAULT_SETTINGS,
		mainModel: { baseUrl: server.baseURL, model: "scripted", temperature: 0 },
		applyModel: {},
	};
	const redline = await createRedline({
		vault: made.vault,
		store: new MemoryStore(),
		settings: () => settings,
		credentials: () => ({}),
		protectedFolders: [],
		titles: "first-words",
		yaml: made.yaml,
		noteCatalog: new TextNoteCatalog({ vault: made.vault, protectedFolders: [] }),
	});
	const s: Stack = {
		server,
		vault: made.vault,
		redline,
		trashed: () => made.trashed(),
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

const setProps = (args: Record<string, unknown>): ScriptStep =>
	reply.toolCalls([{ name: "setProperties", id: "props", args: { path: "Plan.md", ...args } }]);

describe.each(HOSTS)("setProperties over $name", (host) => {
	it("offers the frontmatter change as a redline, writes it once accepted, and reverts it like any edit", async () => {
		const s = await stack(host, [
			setProps({ set: { status: "done", tags: ["project", "q3"] }, remove: ["draft"] }),
			reply.text("Done."),
		]);
		const threadId = await s.ask("Mark Plan.md done");
		let events = await s.events(threadId);
		// Drafted at once, nothing written, offered as changes of the frontmatter only.
		expect(await s.vault.read("Plan.md")).toBe(PLAN);
		const [declared] = ofType(events, "edit_intent_declared");
		expect(declared).toMatchObject({ path: "Plan.md", operation: "modify" });
		const [proposed] = ofType(events, "edit_proposed");
		expect(proposed?.editId).toBe(declared?.editId);
		const before = proposed?.changes.map((c) => c.before).join("") ?? "";
		const after = proposed?.changes.map((c) => c.after).join("") ?? "";
		expect(before).toContain("draft: true");
		expect(after).toContain("status: done");
		expect(after).not.toContain("Body stays.");
		expect(s.server.requests).toHaveLength(1);

		const editId = proposed?.editId ?? "";
		const accepted = proposed?.changes.map((c) => c.changeId) ?? [];
		expect((await s.redline.service.reviewEdit({ threadId, editId, accepted, rejected: [] })).ok).toBe(true);
		await s.idle(threadId);
		const written = await s.vault.read("Plan.md");
		expect(written).toBe(
			"---\r\ntitle: 'Plan: Q3'\r\ncreated: 2024-01-05\r\nstatus: done\r\ntags:\r\n  - project\r\n  - q3\r\n---\r\n# Plan\r\n\r\nBody stays.\r\n",
		);
		events = await s.events(threadId);
		const [applied] = ofType(events, "edit_applied");
		expect(applied).toMatchObject({ editId, path: "Plan.md" });
		expect(toolResults(s.server.requests[1])[0]?.content).toMatch(/Plan\.md/);

		const reverted = await s.redline.service.revertHistory({ path: "Plan.md", versionId: applied?.versionId ?? "" });
		expect(reverted.ok).toBe(true);
		expect(await s.vault.read("Plan.md")).toBe(PLAN);
		expect(ofType(await s.events(threadId), "edit_reverted")).toMatchObject([{ editId }]);
	});

	it("creates the frontmatter of a note without one when the change is approved", async () => {
		const s = await stack(host, [setProps({ set: { due: "2025-01-31" } }), reply.text("Done.")], {
			"Plan.md": "# Plan\n",
		});
		const threadId = await s.ask("Add a due date");
		const [proposed] = ofType(await s.events(threadId), "edit_proposed");
		const decided = await s.redline.service.decideToolCalls({
			threadId,
			approved: [proposed?.callId ?? ""],
			denied: [],
		});
		expect(decided.ok).toBe(true);
		await s.idle(threadId);
		expect(await s.vault.read("Plan.md")).toBe("---\ndue: 2025-01-31\n---\n# Plan\n");
	});

	it("refuses a note whose frontmatter is not valid YAML, asks nothing and writes nothing", async () => {
		const broken = "---\ntitle: [unclosed\n---\n# Plan\n";
		const s = await stack(host, [setProps({ set: { status: "done" } }), reply.text("It cannot be changed.")], {
			"Plan.md": broken,
		});
		const threadId = await s.ask("Mark Plan.md done");
		const events = await s.events(threadId);
		expect(ofType(events, "edit_proposed")).toEqual([]);
		const [completed] = ofType(events, "tool_call_completed");
		expect(completed?.result).toMatchObject({ status: "rejected", data: { reason: "invalid-yaml" } });
		expect(await s.vault.read("Plan.md")).toBe(broken);
		expect(toolResults(s.server.requests[1])[0]?.content).toMatch(/not valid YAML[^]*nothing was written/);
	});
});

describe.each(HOSTS)("deleteNote over $name", (host) => {
	it("asks first; once approved the note is in the trash, and reverting gives back identical bytes", async () => {
		const s = await stack(host, [
			reply.toolCalls([{ name: "deleteNote", id: "del", args: { path: "Plan.md" } }]),
			reply.text("Deleted."),
		]);
		const threadId = await s.ask("Delete Plan.md");
		let events = await s.events(threadId);
		const [proposed] = ofType(events, "tool_call_proposed");
		expect(proposed?.words?.title).toBe("Delete Plan.md (moves it to the trash)");
		expect(ofType(events, "edit_intent_declared")).toMatchObject([{ path: "Plan.md", operation: "delete" }]);
		expect(await s.vault.exists("Plan.md")).toBe(true);

		await s.redline.service.decideToolCalls({ threadId, approved: [proposed?.callId ?? ""], denied: [] });
		await s.idle(threadId);
		expect(await s.vault.exists("Plan.md")).toBe(false);
		expect(s.trashed()).toEqual(["Plan.md"]);
		events = await s.events(threadId);
		const [applied] = ofType(events, "edit_applied");
		expect(applied).toMatchObject({ path: "Plan.md", added: 0, removed: 8 });
		expect(toolResults(s.server.requests[1])[0]?.content).toMatch(/Moved Plan\.md to the trash/);

		const reverted = await s.redline.service.revertHistory({ path: "Plan.md", versionId: applied?.versionId ?? "" });
		expect(reverted.ok).toBe(true);
		expect(await s.vault.read("Plan.md")).toBe(PLAN);
		expect(ofType(await s.events(threadId), "edit_reverted")).toMatchObject([{ editId: applied?.editId }]);
	});

	it("refuses a file under the access floor without asking, and deletes nothing", async () => {
		const s = await stack(
			host,
			[reply.toolCalls([{ name: "deleteNote", id: "del", args: { path: ".hidden/x.md" } }]), reply.text("No.")],
			{ "Plan.md": PLAN, ".hidden/x.md": "secret\n" },
		);
		const threadId = await s.ask("Delete .hidden/x.md");
		const [completed] = ofType(await s.events(threadId), "tool_call_completed");
		expect(completed?.result).toMatchObject({ status: "rejected", data: { reason: "hidden" } });
		expect(await s.vault.exists(".hidden/x.md")).toBe(true);
		expect(s.trashed()).toEqual([]);
	});
});
