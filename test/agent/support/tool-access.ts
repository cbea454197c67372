/**
 * Every registered tool against the access floor, by construction: each tool's `access`
 * description is checked against what the tool really does to the vault (a recording vault,
 * with the real apply model over HTTP), and the policy is checked for every path under the
 * floor with every preference. The calls are each tool's own examples (Tool.examples), so a new
 * tool is covered by registering it; one without examples fails here.
 * test/agent/tool-access.test.ts runs it over the default tools.
 */
import { afterEach, describe, expect, it } from "vitest";
import { decide } from "../../../src/agent/approvals";
import { createNoteHistory } from "../../../src/history/note-history";
import { createModelProvider } from "../../../src/llm/model-provider";
import { reply, startModelServer } from "../../../src/sandbox/model-server";
import type { ModelServer } from "../../../src/sandbox/model-server";
import { DEFAULT_SETTINGS } from "../../../src/settings";
import type { RedlineSettings } from "../../../src/settings";
import { MemoryStore } from "../../../src/store/memory-store";
import type { ToolPreference } from "../../../src/log/events";
import { newId } from "../../../src/log/ids";
import { ThreadLog } from "../../../src/log/log";
import { createDefaultTools } from "../../../src/tools/default-tools";
import { ToolRegistry } from "../../../src/tools/registry";
import { NoteIndex } from "../../../src/search/note-index";
import { TextNoteCatalog } from "../../../src/search/text-catalog";
import type { AnyTool } from "../../../src/tools/registry";
import type { ToolResult } from "../../../src/log/tool-result";
import { isSuspended } from "../../../src/tools/tool";
import type { ToolAccess, ToolContext } from "../../../src/tools/tool";
import { AccessFloor } from "../../../src/vault/access-floor";
import { MemoryVault } from "../../../src/vault/memory-vault";
import type { NoteStat, Vault, VaultChange } from "../../../src/vault/vault";
import { noteInPrompt } from "../../composer/harness";
import { DEFAULT_CONFIG_DIR } from "../../../src/vault/paths";
import { yamlLibraryCodec } from "../../../src/sandbox/yaml-library-codec";

const PROTECTED = ".redline/data";
/** Paths under the floor, each a kind of file a planted instruction would go after. */
const UNDER_FLOOR = [
	`${DEFAULT_CONFIG_DIR}/plugins/other/data.json`,
	`${DEFAULT_CONFIG_DIR}/snippets/x.css`,
	`${PROTECTED}/threads/t.md`,
	".env",
	"Private/.secret/plan.md",
	"scripts/run.js",
	"Canvas.canvas",
];
const NOTE = "Notes/A.md";
const FILES: Record<string, string> = {
	[NOTE]: "# A\n\nsecret plans\n",
	"Notes/B.md": "# B\n\nmore secret plans\n",
	...Object.fromEntries(UNDER_FLOOR.map((path) => [path, "secret contents\n"])),
};

type Op = { op: "read" | "exists" | "write" | "list" | "search" | "stat"; path: string };

/**
 * A vault that records every operation, and whose list and search tell everything it holds,
 * hidden and non-note files included: the tools, not the vault, must keep them out of sight.
 */
class RecordingVault implements Vault {
	readonly name = "Recording";
	readonly ops: Op[] = [];
	private readonly inner: MemoryVault;
	private readonly paths: Set<string>;

	constructor(files: Record<string, string>) {
		this.inner = new MemoryVault("inner", files);
		this.paths = new Set(Object.keys(files));
	}
	exists(path: string): Promise<boolean> {
		this.ops.push({ op: "exists", path });
		return this.inner.exists(path);
	}
	read(path: string): Promise<string> {
		this.ops.push({ op: "read", path });
		return this.inner.read(path);
	}
	process(path: string, fn: (current: string) => string): Promise<string> {
		this.ops.push({ op: "write", path });
		return this.inner.process(path, fn);
	}
	async create(path: string, content: string): Promise<void> {
		this.ops.push({ op: "write", path });
		await this.inner.create(path, content);
		this.paths.add(path);
	}
	async rename(from: string, to: string): Promise<void> {
		this.ops.push({ op: "write", path: from }, { op: "write", path: to });
		await this.inner.rename(from, to);
	}
	trash(path: string): Promise<void> {
		this.ops.push({ op: "write", path });
		return this.inner.trash(path);
	}
	/** The same vault, without recording (for background readers such as the search index). */
	unrecorded(): Vault {
		const inner = this.inner;
		const paths = this.paths;
		return {
			name: this.name,
			exists: (path) => inner.exists(path),
			read: (path) => inner.read(path),
			process: (path, fn) => inner.process(path, fn),
			create: (path, content) => inner.create(path, content),
			rename: (from, to) => inner.rename(from, to),
			trash: (path) => inner.trash(path),
			stat: (path) => inner.stat(path),
			// Everything it holds, like list() below: the index, not the vault, must keep files out.
			list: async () => [...paths].sort().map((path) => ({ path, size: 1, mtime: 1 })),
			onChange: (listener) => inner.onChange(listener),
		};
	}
	stat(path: string): Promise<NoteStat> {
		this.ops.push({ op: "stat", path });
		return this.inner.stat(path);
	}
	async list(folder = ""): Promise<NoteStat[]> {
		this.ops.push({ op: "list", path: folder });
		return [...this.paths]
			.filter((p) => folder === "" || p.startsWith(folder.replace(/\/$/, "") + "/"))
			.sort()
			.map((path) => ({ path, size: 1, mtime: 1 }));
	}
	onChange(listener: (change: VaultChange) => void): () => void {
		return this.inner.onChange(listener);
	}
}

const servers: ModelServer[] = [];
afterEach(async () => {
	await Promise.all(servers.splice(0).map((s) => s.close()));
});

/** The registered tools (and `extra` ones) over a recording vault, a thread log, and an apply model that appends a line. */
async function setup(extra: readonly AnyTool[]) {
	const server = await startModelServer({
		script: (request) => {
			const user = request.body.messages.find((m) => m.role === "user");
			const prompt = typeof user?.content === "string" ? user.content : "";
			return reply.text(
				prompt.includes("<<<BEGIN>>>") ? `${noteInPrompt(prompt)}\nOne more line.` : "# New\n\nA new note.",
			);
		},
	});
	servers.push(server);
	const settings: RedlineSettings = {
		...DEFAULT_SETTINGS,
		mainModel: { baseUrl: server.baseURL, model: "m" },
		applyModel: {},
	};
	const vault = new RecordingVault(FILES);
	const store = new MemoryStore();
	const history = createNoteHistory({ vault, store });
	// The search index reads the vault in the background, on its own schedule (and keeps what
	// the floor refuses out: test/search/note-index.test.ts), so it reads through a view that is
	// not recorded: the ops here are what each tool call itself does.
	const search = new NoteIndex({ vault: vault.unrecorded(), store, protectedFolders: [PROTECTED] });
	const registry = new ToolRegistry([
		...createDefaultTools({
			yaml: yamlLibraryCodec,
			history,
			models: createModelProvider(
				() => settings,
				() => ({}),
			),
			search,
			// Like the index, the catalog reads in the background: through the view that is not recorded.
			catalog: new TextNoteCatalog({ vault: vault.unrecorded(), protectedFolders: [PROTECTED] }),
			drafts: store,
		}),
		...extra,
	]);
	const log = new ThreadLog("thread_access", store);
	log.append({ type: "thread_created" });
	const floor = new AccessFloor([PROTECTED]);
	const context = (callId: string): ToolContext => ({
		threadId: log.threadId,
		callId,
		vault,
		floor,
		state: () => log.state(),
		emit: (event) => void log.append(event),
		progress: () => undefined,
		signal: new AbortController().signal,
		newId,
		commit: (write) => write(),
	});
	/** An intent for path that the user approved and that applied: the strongest pre-approval there is. */
	const standingIntent = (path: string): string => {
		const callId = newId("call");
		const editId = newId("edit");
		log.append({ type: "edit_intent_declared", editId, callId, path, operation: "modify", description: "add a line" });
		log.append({
			type: "tool_call_proposed",
			callId,
			tool: "declareEditIntent",
			args: { path, operation: "modify", description: "add a line" },
			messageId: "m",
		});
		log.append({ type: "tool_call_decided", callId, decision: "approved", by: "user" });
		log.append({ type: "tool_call_completed", callId, result: { status: "success", message: "Edited" } });
		return editId;
	};
	return { vault, registry, log, floor, context, standingIntent };
}

type Setup = Awaited<ReturnType<typeof setup>>;

/**
 * Arguments that make each tool touch `path` (or the vault at large): each tool's own examples
 * (Tool.examples), aimed at the note or at a file under the floor. A tool without examples has
 * no samples, and the suite's first test fails for it.
 */
function samplesFor(s: Setup): Record<string, (path: string) => unknown[]> {
	const samples: Record<string, (path: string) => unknown[]> = {};
	for (const tool of s.registry.list()) {
		if (tool.examples)
			samples[tool.name] = (path) =>
				tool.examples?.({ path, word: "secret", approvedEdit: () => s.standingIntent(path) }) ?? [];
	}
	return samples;
}

/** Runs a call the way the runner does: refused at proposal, or run. */
async function runCall(
	s: Setup,
	tool: AnyTool,
	raw: unknown,
): Promise<{ access: ToolAccess; result: ToolResult | "suspended"; refused: boolean }> {
	const checked = s.registry.checkArgs(tool, raw);
	if (!checked.ok) throw new Error(checked.message);
	const callId = newId("call");
	const announced = tool.announce?.(raw as Record<string, unknown>, { callId, newId });
	if (announced) s.log.append(announced);
	s.log.append({ type: "tool_call_proposed", callId, tool: tool.name, args: raw, messageId: "m" });
	const state = s.log.state();
	const access = tool.access(checked.args, state);
	const refusal = tool.refuse?.(checked.args, { state, floor: s.floor, callId });
	if (refusal) return { access, result: refusal, refused: true };
	s.log.append({ type: "tool_call_decided", callId, decision: "approved", by: "user" });
	const outcome = await tool.run(checked.args, s.context(callId));
	return { access, result: isSuspended(outcome) ? "suspended" : outcome, refused: false };
}

function touched(ops: readonly Op[], kinds: Op["op"][]): string[] {
	return ops.filter((o) => kinds.includes(o.op)).map((o) => o.path);
}

/**
 * The suite: every registered tool, and the `extra` ones a test adds (test/tools/one-file-tool.test.tsx),
 * against the access floor.
 */
export function describeToolAccess(extra: readonly AnyTool[] = []): void {
	describe("every registered tool against the access floor", () => {
		it("has samples for every registered tool", async () => {
			const s = await setup(extra);
			expect(Object.keys(samplesFor(s)).sort()).toEqual(s.registry.names().sort());
		});

		it("reads, writes and scans only what its access description says", async () => {
			for (const path of [NOTE, ...UNDER_FLOOR]) {
				const s = await setup(extra);
				for (const tool of s.registry.list()) {
					for (const args of samplesFor(s)[tool.name]?.(path) ?? []) {
						const before = s.vault.ops.length;
						const { access, refused } = await runCall(s, tool, args);
						const ops = s.vault.ops.slice(before);
						const where = `${tool.name} ${JSON.stringify(args)}`;
						if (refused) expect(ops, where).toEqual([]);
						for (const read of touched(ops, ["read"])) expect(access.reads, where).toContain(read);
						for (const write of touched(ops, ["write"])) expect(access.writes, where).toContain(write);
						for (const probe of touched(ops, ["exists"]))
							expect([...access.reads, ...access.writes], where).toContain(probe);
						if (touched(ops, ["list", "search", "stat"]).length > 0) expect(access.scans, where).toBe(true);
					}
				}
			}
		});

		it("never runs a read or write under the floor without a card, whatever the preference", async () => {
			for (const path of UNDER_FLOOR) {
				for (const preference of ["prompt", "always"] as ToolPreference[]) {
					const s = await setup(extra);
					for (const tool of s.registry.list()) {
						for (const args of samplesFor(s)[tool.name]?.(path) ?? []) {
							const checked = s.registry.checkArgs(tool, args);
							if (!checked.ok) throw new Error(checked.message);
							const state = { ...s.log.state(), preferences: { [tool.name]: preference } };
							const access = tool.access(checked.args, state);
							const touches = [...access.reads, ...access.writes].some((p) => s.floor.check(p) !== null);
							if (!touches) continue;
							const where = `${tool.name} ${JSON.stringify(args)} (${preference})`;
							const refused = tool.refuse?.(checked.args, { state, floor: s.floor, callId: "c_new" });
							if (refused) {
								expect(refused.status, where).not.toBe("success");
								continue;
							}
							expect(decide(tool, checked.args, state, {}, s.floor), where).toBe("ask");
						}
					}
				}
			}
		});

		it("never writes under the floor, even for a standing approved intent: the edit tools refuse and write nothing", async () => {
			for (const path of UNDER_FLOOR) {
				const s = await setup(extra);
				for (const name of ["declareEditIntent", "executeEdit"]) {
					const tool = s.registry.get(name);
					if (!tool) throw new Error(name);
					for (const args of samplesFor(s)[name]?.(path) ?? []) {
						const before = s.vault.ops.length;
						const { result } = await runCall(s, tool, args);
						expect(result === "suspended" ? "suspended" : result.status, `${name} ${path}`).not.toBe("success");
						expect(touched(s.vault.ops.slice(before), ["write"]), `${name} ${path}`).toEqual([]);
					}
				}
				expect(await s.vault.read(path)).toBe(FILES[path]);
			}
		});

		it("keeps what listings and searches show to notes outside hidden and protected folders, and says how many were left out", async () => {
			const s = await setup(extra);
			for (const tool of s.registry.list()) {
				for (const args of samplesFor(s)[tool.name]?.(NOTE) ?? []) {
					const checked = s.registry.checkArgs(tool, args);
					if (!checked.ok || !tool.access(checked.args, s.log.state()).scans) continue;
					const { result } = await runCall(s, tool, args);
					if (result === "suspended") throw new Error("a scan never suspends");
					const shown = JSON.stringify(result);
					for (const path of UNDER_FLOOR) expect(shown, `${tool.name} ${path}`).not.toContain(path);
					const folder = (args as { folder?: string }).folder;
					const inScope = UNDER_FLOOR.filter((path) => folder === undefined || path.startsWith(`${folder}/`)).length;
					expect(result.data?.leftOut, `${tool.name} ${JSON.stringify(args)}`).toBe(inScope);
					// Both count files: the search index never holds the files under the floor, so it cannot know whether they would match.
					if (inScope > 0)
						expect(result.message).toContain(
							`(${inScope} files left out: hidden, in a protected folder, or not a note`,
						);
				}
			}
		});
	});
}
