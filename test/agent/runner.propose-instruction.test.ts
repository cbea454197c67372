/**
 * proposeInstruction (issue 33), through the real stack (createRedline) and the real LangChain
 * client against the scripted server, over the sandbox's vault and the Obsidian fake's: the
 * agent's proposed addition to the standing instructions is a redline of the instructions note,
 * nothing is written until the user accepts, and once accepted the next request carries it; a
 * rejected one is never written; a missing note is created only on acceptance.
 */
import { afterEach, describe, expect, it } from "vitest";
import { createRedline, type Redline } from "../../src/redline";
import { messageText, reply, scripted, startModelServer, type ModelServer } from "../../src/sandbox/model-server";
import type { ScriptStep } from "../../src/sandbox/model-server";
import { yamlLibraryCodec } from "../../src/sandbox/yaml-library-codec";
import { ObsidianVault } from "../../src/obsidian/obsidian-vault";
import { TextNoteCatalog } from "../../src/search/text-catalog";
import { DEFAULT_SETTINGS, type RedlineSettings } from "../../src/settings";
import { MemoryStore } from "../../src/store/memory-store";
import { MemoryVault } from "../../src/vault/memory-vault";
import type { Vault } from "../../src/vault/vault";
import { App } from "../fakes/obsidian";
import { ofType, readEvents } from "./support/harness";

const NOTE = "Redline/Instructions.md";
const RULES = "# Instructions\n\n- Never touch Journal/.\n";
const ADDITION = "Name meeting notes YYYY-MM-DD Topic.";

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

const running: Array<{ redline: Redline; server: ModelServer }> = [];
afterEach(async () => {
	for (const r of running.splice(0)) {
		await r.redline.dispose();
		await r.server.close();
	}
});

async function stack(vault: Vault, steps: ScriptStep[]) {
	const server = await startModelServer({ script: scripted(...steps) });
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
	running.push({ redline, server });
	const idle = async (threadId: string) => {
		await Promise.resolve();
		await Promise.resolve();
		await redline.service.idle(threadId);
	};
	const created = await redline.service.createThread({});
	if (!created.ok) throw new Error(created.error.message);
	const threadId = created.threadId;
	return {
		server,
		threadId,
		idle: () => idle(threadId),
		async send(content: string) {
			expect((await redline.service.sendMessage({ threadId, content })).ok).toBe(true);
			await idle(threadId);
		},
		events: () => readEvents(redline.service, threadId),
		service: redline.service,
	};
}

const propose = reply.toolCalls([{ name: "proposeInstruction", id: "p1", args: { text: ADDITION } }]);

describe.each(HOSTS)("proposeInstruction over $name", (host) => {
	it("is a redline of the instructions note, written only once accepted, and sent from the next request on", async () => {
		const vault = host.vault({ [NOTE]: RULES });
		const s = await stack(vault, [propose, reply.text("Proposed."), reply.text("Sure.")]);
		await s.send("From now on, name meeting notes by date");
		const [proposed] = ofType(await s.events(), "edit_proposed");
		expect(proposed).toMatchObject({ path: NOTE });
		expect(proposed?.changes.map((c) => c.after).join("")).toContain(`- ${ADDITION}`);
		expect(await vault.read(NOTE)).toBe(RULES);

		const accepted = proposed?.changes.map((c) => c.changeId) ?? [];
		expect(
			(await s.service.reviewEdit({ threadId: s.threadId, editId: proposed?.editId ?? "", accepted, rejected: [] })).ok,
		).toBe(true);
		await s.idle();
		expect(await vault.read(NOTE)).toBe(`${RULES}- ${ADDITION}\n`);
		await s.send("Thanks");
		expect(messageText(s.server.requests.at(-1)?.body.messages[0] ?? { role: "system", content: "" })).toContain(
			ADDITION,
		);
	});

	it("writes nothing when the user rejects it", async () => {
		const vault = host.vault({ [NOTE]: RULES });
		const s = await stack(vault, [propose, reply.text("Understood.")]);
		await s.send("Name meeting notes by date");
		const [proposed] = ofType(await s.events(), "edit_proposed");
		const rejected = proposed?.changes.map((c) => c.changeId) ?? [];
		expect(
			(await s.service.reviewEdit({ threadId: s.threadId, editId: proposed?.editId ?? "", accepted: [], rejected })).ok,
		).toBe(true);
		await s.idle();
		expect(await vault.read(NOTE)).toBe(RULES);
		expect(ofType(await s.events(), "edit_applied")).toEqual([]);
	});

	it("creates the instructions note when there is none, only once accepted", async () => {
		const vault = host.vault({ "Other.md": "x" });
		const s = await stack(vault, [propose, reply.text("Proposed.")]);
		await s.send("Name meeting notes by date");
		const [proposed] = ofType(await s.events(), "edit_proposed");
		expect(await vault.exists(NOTE)).toBe(false);
		expect(
			(await s.service.decideToolCalls({ threadId: s.threadId, approved: [proposed?.callId ?? ""], denied: [] })).ok,
		).toBe(true);
		await s.idle();
		expect(await vault.read(NOTE)).toBe(`# Instructions\n\n- ${ADDITION}\n`);
	});
});
