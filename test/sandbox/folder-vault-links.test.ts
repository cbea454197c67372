/**
 * Issue 14, symbolic links inside a FolderVault: the access floor judges a path by its name, so
 * a link named like a note (notes/x.md -> ../.obsidian/plugins/other/data.json) or a linked
 * folder (linked -> .obsidian/plugins/other) would let the tools read, show or write a file the
 * floor refuses, with no card. The vault follows a link only to where the floor lets a note go
 * without asking; listings leave the other links out and count them. Real files and real
 * symlinks in a temp folder; before the fix the data.json's key reached the model and the edit
 * overwrote it.
 */
import { describe, expect, it } from "vitest";
import { createNoteHistory } from "../../src/history/note-history";
import { FolderVault } from "../../src/sandbox/folder-vault";
import { reply, scripted } from "../../src/sandbox/model-server";
import type { ScriptStep } from "../../src/sandbox/model-server";
import { createDeclareEditIntentTool } from "../../src/tools/declare-edit-intent";
import { createExecuteEditTool } from "../../src/tools/execute-edit";
import { listNotesTool } from "../../src/tools/list-notes";
import { readNoteTool } from "../../src/tools/read-note";
import { createSearchNotesTool } from "../../src/tools/search-notes";
import { NoteIndex } from "../../src/search/note-index";
import { MemoryStore } from "../../src/store/memory-store";
import { DEFAULT_CONFIG_DIR } from "../../src/vault/paths";
import { harness, ofType } from "../agent/support/harness";
import type { Harness } from "../agent/support/harness";
import { tempDir } from "../support/temp";
import { expectVaultError } from "../vault/vault-contract";
import { mkdir, readdir, readFile, symlink, writeFile } from "../../src/node/fs";
import { dirname, join } from "../../src/node/path";

const SECRET = '{"apiKey":"sk-other-plugin-SECRET"}';
const PLUGIN = `${DEFAULT_CONFIG_DIR}/plugins/other`;

/**
 * A vault with a plugin's data in the config folder, a .env, a script, a note outside the
 * vault, and links to each of them from notes/, plus one link to a real note in the vault.
 */
async function linkedVault(): Promise<{ vault: FolderVault; root: string; outside: string }> {
	const base = await tempDir("redline-links-");
	const root = join(base, "vault");
	const outside = join(base, "outside");
	const files: Record<string, string> = {
		"vault/notes/real.md": "a real note",
		"vault/a.md": "alpha",
		[`vault/${PLUGIN}/data.json`]: SECRET,
		[`vault/${PLUGIN}/notes.md`]: "zanzibar plugin notes",
		"vault/.env": "TOKEN=env-SECRET",
		"vault/scripts/run.js": "console.log('run')",
		"outside/secret.md": "outside SECRET",
	};
	for (const [path, text] of Object.entries(files)) {
		const file = join(base, ...path.split("/"));
		await mkdir(dirname(file), { recursive: true });
		await writeFile(file, text);
	}
	const link = (target: string, path: string) => symlink(target, join(root, ...path.split("/")));
	await link(`../${PLUGIN}/data.json`, "notes/x.md");
	await link(`../${PLUGIN}/notes.md`, "notes/plugin.md");
	await link("../.env", "notes/env.md");
	await link("../scripts/run.js", "notes/run.md");
	await link(join(outside, "secret.md"), "notes/out.md");
	await link("real.md", "notes/alias.md");
	await link(PLUGIN, "linked");
	const vault = await FolderVault.open(root, { watch: false });
	return { vault, root, outside };
}

describe("FolderVault: links to what the access floor refuses", () => {
	it("refuses to read a note-named link into the config folder, a hidden file or a non-note, saying where it leads", async () => {
		const { vault } = await linkedVault();
		try {
			await expectVaultError(vault.read("notes/x.md"), "protected-link", "notes/x.md");
			await expect(vault.read("notes/x.md")).rejects.toThrow(`${PLUGIN}/data.json`);
			await expectVaultError(vault.stat("notes/x.md"), "protected-link");
			await expectVaultError(vault.read("notes/env.md"), "protected-link");
			await expectVaultError(vault.read("notes/run.md"), "protected-link");
			await expect(vault.read("notes/run.md")).rejects.toThrow("not a Markdown note");
			await expectVaultError(vault.read("notes/out.md"), "outside-vault");
		} finally {
			vault.close();
		}
	});

	it("refuses a linked folder into the config folder for reads, listings, creates and moves", async () => {
		const { vault, root } = await linkedVault();
		try {
			await expectVaultError(vault.read("linked/notes.md"), "protected-link");
			await expectVaultError(vault.read("linked/data.json"), "protected-link");
			await expectVaultError(vault.list("linked"), "protected-link");
			await expectVaultError(vault.create("linked/new.md", "planted"), "protected-link");
			await expectVaultError(vault.rename("a.md", "linked/a.md"), "protected-link");
			expect((await readdir(join(root, ...PLUGIN.split("/")))).sort()).toEqual(["data.json", "notes.md"]);
			expect(await vault.read("a.md")).toBe("alpha");
		} finally {
			vault.close();
		}
	});

	it("never writes through a link to a refused file: process, create, rename and trash leave the target as it was", async () => {
		const { vault, root } = await linkedVault();
		try {
			await expectVaultError(
				vault.process("notes/x.md", () => "overwritten"),
				"protected-link",
			);
			await expectVaultError(
				vault.process("notes/run.md", () => "overwritten"),
				"protected-link",
			);
			await expectVaultError(
				vault.process("notes/out.md", () => "overwritten"),
				"outside-vault",
			);
			await expectVaultError(vault.create("notes/x.md", "x"), "protected-link");
			await expectVaultError(vault.rename("notes/x.md", "stolen.md"), "protected-link");
			await expectVaultError(vault.trash("notes/x.md"), "protected-link");
			expect(await readFile(join(root, ...PLUGIN.split("/"), "data.json"), "utf8")).toBe(SECRET);
			expect(await readFile(join(root, "scripts", "run.js"), "utf8")).toBe("console.log('run')");
			expect(await vault.exists("stolen.md")).toBe(false);
		} finally {
			vault.close();
		}
	});

	it("still follows a link to a note inside the vault", async () => {
		const { vault } = await linkedVault();
		try {
			expect(await vault.read("notes/alias.md")).toBe("a real note");
		} finally {
			vault.close();
		}
	});

	it("lists note-named links with where they lead, and never lists through a linked folder", async () => {
		const { vault } = await linkedVault();
		try {
			const listed = await vault.list("");
			const links = Object.fromEntries(listed.filter((n) => n.linkedTo !== undefined).map((n) => [n.path, n.linkedTo]));
			expect(links).toEqual({
				"notes/alias.md": "notes/real.md",
				"notes/env.md": ".env",
				"notes/out.md": null,
				"notes/plugin.md": `${PLUGIN}/notes.md`,
				"notes/run.md": "scripts/run.js",
				"notes/x.md": `${PLUGIN}/data.json`,
			});
			expect(listed.map((n) => n.path).filter((p) => p.startsWith("linked"))).toEqual([]);
			expect(listed.find((n) => n.path === "a.md")?.linkedTo).toBeUndefined();
		} finally {
			vault.close();
		}
	});
});

/** A thread over the linked vault with the given tools; the model's steps are scripted. */
async function agentOver(
	vault: FolderVault,
	script: ScriptStep[],
	tools: "read" | "edit",
): Promise<{ h: Harness; threadId: string }> {
	const h = await harness({
		vault,
		script: scripted(...script),
		tools: ({ store, models }) => {
			if (tools === "read") {
				const index = new NoteIndex({ vault, store: new MemoryStore(), protectedFolders: [DEFAULT_CONFIG_DIR] });
				return [readNoteTool, listNotesTool, createSearchNotesTool({ index })];
			}
			const history = createNoteHistory({ vault, store });
			return [readNoteTool, createDeclareEditIntentTool({ history, models }), createExecuteEditTool({ history })];
		},
	});
	return { h, threadId: await h.newThread() };
}

describe("the tools over a FolderVault with links", () => {
	it("readNote (Always) on a link into the config folder gives an error result, and the model never sees the file", async () => {
		const { vault } = await linkedVault();
		try {
			const { h, threadId } = await agentOver(
				vault,
				[reply.toolCalls([{ name: "readNote", id: "read", args: { path: "notes/x.md" } }]), reply.text("ok")],
				"read",
			);
			await h.send(threadId, "Read notes/x.md");
			const state = await h.state(threadId);
			expect(state.toolCalls.read?.decidedBy).toBe("policy");
			expect(state.toolCalls.read?.result?.status).toBe("error");
			expect(state.toolCalls.read?.result?.message).toContain(`${PLUGIN}/data.json`);
			expect(JSON.stringify(h.server.requests)).not.toContain("SECRET");
		} finally {
			vault.close();
		}
	});

	it("listNotes leaves out links to refused files and counts them; a link to a note is listed", async () => {
		const { vault } = await linkedVault();
		try {
			const { h, threadId } = await agentOver(
				vault,
				[reply.toolCalls([{ name: "listNotes", id: "list", args: {} }]), reply.text("ok")],
				"read",
			);
			await h.send(threadId, "List my notes");
			const result = (await h.state(threadId)).toolCalls.list?.result;
			expect(result?.status).toBe("success");
			expect(result?.data).toMatchObject({ paths: ["a.md", "notes/alias.md", "notes/real.md"], leftOut: 5 });
			expect(result?.message).toContain("5 files left out");
		} finally {
			vault.close();
		}
	});

	it("searchNotes finds nothing through a link into the config folder and counts it as left out", async () => {
		const { vault } = await linkedVault();
		try {
			const { h, threadId } = await agentOver(
				vault,
				[reply.toolCalls([{ name: "searchNotes", id: "search", args: { query: "zanzibar" } }]), reply.text("ok")],
				"read",
			);
			await h.send(threadId, "Search for zanzibar");
			const result = (await h.state(threadId)).toolCalls.search?.result;
			expect(result?.status).toBe("success");
			expect(result?.data).toMatchObject({ hits: [] });
			expect((result?.data as { leftOut: number }).leftOut).toBeGreaterThanOrEqual(5);
			expect(result?.message).not.toContain("notes/plugin.md");
		} finally {
			vault.close();
		}
	});

	it("an approved edit of a link into the config folder writes nothing: the intent is refused, executeEdit too", async () => {
		const { vault, root } = await linkedVault();
		try {
			let h: Harness | undefined;
			const { h: created, threadId } = await agentOver(
				vault,
				[
					reply.toolCalls([
						{
							name: "declareEditIntent",
							id: "intent",
							args: { path: "notes/x.md", operation: "rewrite", description: "replace the key" },
						},
					]),
					reply.text('{"apiKey":"sk-attacker"}'),
					async () => {
						const editId = (await (h as Harness).state(threadId)).editOrder[0] ?? "edit_missing";
						return reply.toolCalls([
							{ name: "executeEdit", id: "exec", args: { editId, content: '{"apiKey":"sk-attacker"}' } },
						]);
					},
					reply.text("Done."),
				],
				"edit",
			);
			h = created;
			await h.service.setToolPreference({ threadId, tool: "declareEditIntent", preference: "always" });
			await h.send(threadId, "Rewrite notes/x.md");
			const state = await h.state(threadId);
			if (state.pendingApprovals.length > 0) await h.decide(threadId, state.pendingApprovals, []);
			expect(await readFile(join(root, ...PLUGIN.split("/"), "data.json"), "utf8")).toBe(SECRET);
			expect(ofType(await h.events(threadId), "edit_applied")).toEqual([]);
			const after = await h.state(threadId);
			expect(after.toolCalls.intent?.result?.status).not.toBe("success");
			expect(JSON.stringify(h.server.requests)).not.toContain("SECRET");
		} finally {
			vault.close();
		}
	});
});
