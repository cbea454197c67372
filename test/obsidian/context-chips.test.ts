// @vitest-environment happy-dom
/**
 * Context chips in the Obsidian pane (issue 33): the plugin's own service and agent, the real
 * LangChain client to the scripted model server, the Obsidian fake. Typed into the pane's message
 * box, `#` offers the vault's tags from the metadataCache (frontmatter and inline, nested ones
 * under their parents, those that start with what was typed first, kept current as notes change),
 * `/` its folders and `[[` its notes; a tag chip and a folder chip picked with the keyboard show
 * their notes before sending, and the message carries exactly those (user_message.context).
 */
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { offersTools, reply, startModelServer, type ModelServer } from "../../src/sandbox/model-server";
import type { StoredEvent } from "../../src/log/events";
import type { ThreadService } from "../../src/thread/service-api";
import { App } from "../fakes/obsidian";
import { asDesktop } from "./support/desktop-require";
import { eventsOf } from "./support/events";
import { startPlugin, stopPlugin } from "./support/plugin";
import { until } from "./support/until";

let server: ModelServer | undefined;
asDesktop();
afterEach(async () => {
	await server?.close();
	server = undefined;
});

const NOTES: Record<string, string> = {
	"Projects/Alpha.md": "---\ntags: [project/alpha]\n---\n# Alpha\nThe alpha plan.",
	"Projects/Beta.md": "# Beta\nWork on #project/beta and #todo.",
	"Projects/Gamma.md": "# Gamma\nNo tags here.",
	"Journal/Monday.md": "# Monday\nA word on #project/alpha.",
	"Inbox/Call.md": "---\ntags:\n  - todo\n---\n# Call\nCall the plumber.",
};

function pane(app: App): HTMLElement {
	const leaf = app.workspace.getLeavesOfType("redline-chat")[0];
	if (!leaf) throw new Error("no Redline view");
	return leaf.view.containerEl;
}

/** The picker's options once it lists some, as the pane shows them. */
async function options(app: App, label: string): Promise<string[]> {
	const list = await until(() => pane(app).querySelector(`[role=listbox][aria-label='${label}']`));
	return [...list.querySelectorAll("[role=option]")].map((option) => option.textContent ?? "");
}

/** A set chip's notes as its list shows them, once it has counted them ("Projects/Alpha.md"). */
async function chipNotes(app: App, name: string, count: number): Promise<string[]> {
	const list = await until(() => {
		const found = pane(app).querySelector(`[aria-label='Notes ${name} adds']`);
		return found && found.children.length === count ? found : null;
	});
	return [...list.children].map((item) => (item.textContent ?? "").replace(/ · \d+ tokens$/u, ""));
}

describe("context chips in the Obsidian pane", () => {
	it("# offers the vault's tags from the metadataCache, ranked for what was typed, and follows the notes as they change", async () => {
		const app = new App({ win: window as never });
		app.vault.seed(NOTES);
		const { plugin } = await startPlugin(app);
		app.runCommand("redline:open-chat");
		await until(() => app.workspace.getLeavesOfType("redline-chat")[0]);
		const box = await until(() => pane(app).querySelector<HTMLTextAreaElement>("textarea.redline-input"));
		const user = userEvent.setup({ document: app.doc });

		await user.type(box, "#");
		expect(await options(app, "Tags to add")).toEqual(["#project", "#project/alpha", "#todo", "#project/beta"]);
		await user.type(box, "Pro");
		await until(async () => (await options(app, "Tags to add"))[3] === "#pro");
		expect(await options(app, "Tags to add")).toEqual(["#project", "#project/alpha", "#project/beta", "#pro"]);

		await app.vault.modify(app.vault.getFileByPath("Projects/Gamma.md")!, "# Gamma\nNow #reading.");
		await user.clear(box);
		await user.type(box, "#rea");
		await until(async () => (await options(app, "Tags to add"))[0] === "#reading");
		await app.fileManager.trashFile(app.vault.getFileByPath("Projects/Beta.md")!);
		await user.clear(box);
		await user.type(box, "#project");
		await until(async () => (await options(app, "Tags to add")).join() === "#project,#project/alpha");
		await stopPlugin(plugin);
	});

	it("a tag chip and a folder chip picked with the keyboard show their notes, and the message carries exactly those", async () => {
		server = await startModelServer({
			script: (request) => (offersTools(request) ? reply.text("Read them.") : reply.text("Notes")),
		});
		const app = new App({ win: window as never });
		app.vault.seed(NOTES);
		const { plugin } = await startPlugin(app, {
			settings: { mainModel: { baseUrl: server.baseURL, model: "scripted" }, transport: "node" },
			secrets: {},
		});
		app.runCommand("redline:open-chat");
		await until(() => app.workspace.getLeavesOfType("redline-chat")[0]);
		const box = await until(() => pane(app).querySelector<HTMLTextAreaElement>("textarea.redline-input"));
		const user = userEvent.setup({ document: app.doc });

		await user.type(box, "Summarise #proj");
		await until(async () => (await options(app, "Tags to add")).includes("#project/alpha"));
		await user.keyboard("{ArrowDown}{Enter}");
		expect(box.value).toBe("Summarise #project/alpha ");
		expect(await chipNotes(app, "tag #project/alpha", 2)).toEqual(["Journal/Monday.md", "Projects/Alpha.md"]);

		await user.type(box, "and /Proj");
		expect(await options(app, "Folders to add")).toEqual(["Projects/"]);
		await user.keyboard("{Enter}");
		expect(await chipNotes(app, "folder Projects/", 3)).toEqual([
			"Projects/Alpha.md",
			"Projects/Beta.md",
			"Projects/Gamma.md",
		]);

		// user-event reads "[[" as one "[": four type two.
		await user.type(box, "with [[[[Call");
		expect(await options(app, "Notes to pin")).toEqual(["Inbox/Call.md"]);
		await user.keyboard("{Enter}");
		expect(box.value).toBe("Summarise #project/alpha and with [[Inbox/Call]]");

		await user.keyboard("{Enter}");
		await until(() => pane(app).textContent?.includes("Read them."));
		const service = await plugin.service();
		const threadId = await onlyThread(service);
		const message = (await eventsOf(service, threadId)).find((e) => e.type === "user_message");
		const context = (message as Extract<StoredEvent, { type: "user_message" }> | undefined)?.context ?? [];
		expect(context.map((chip) => ({ item: chip.item, notes: chip.notes.map((note) => note.path) }))).toEqual([
			{ item: { tag: "project/alpha", scope: "message" }, notes: ["Journal/Monday.md", "Projects/Alpha.md"] },
			{
				item: { folder: "Projects", scope: "message" },
				notes: ["Projects/Alpha.md", "Projects/Beta.md", "Projects/Gamma.md"],
			},
		]);
		expect((message as Extract<StoredEvent, { type: "user_message" }>).pinned).toContainEqual({
			path: "Inbox/Call.md",
			scope: "message",
		});
		const sent = JSON.stringify(server.requests.filter(offersTools).at(-1)?.body.messages ?? []);
		expect(sent).toContain("A word on #project/alpha.");
		expect(sent).toContain("No tags here.");
		await stopPlugin(plugin);
	});
});

describe("the context meter in the Obsidian pane", () => {
	it("measures the next request again when the standing instructions note changes, with nothing typed", async () => {
		const app = new App({ win: window as never });
		app.vault.seed({ ...NOTES, "Redline/Instructions.md": "Be brief." });
		const { plugin } = await startPlugin(app, {
			settings: { mainModel: { baseUrl: "http://127.0.0.1:9/v1", model: "scripted" }, transport: "node" },
			secrets: {},
		});
		app.runCommand("redline:open-chat");
		await until(() => app.workspace.getLeavesOfType("redline-chat")[0]);
		const meter = () => pane(app).querySelector(".redline-context-meter-button")?.textContent ?? "";
		const tokens = (label: string) => {
			const found = /^Next request ≈ ([\d.]+)(k?) /u.exec(label);
			return found ? Number(found[1]) * (found[2] ? 1000 : 1) : 0;
		};
		const before = tokens(await until(() => (tokens(meter()) > 0 ? meter() : null)));
		await app.vault.modify(app.vault.getFileByPath("Redline/Instructions.md")!, "Never touch Journal/. ".repeat(400));
		await until(() => tokens(meter()) > before + 1000);
		await stopPlugin(plugin);
	});
});

async function onlyThread(service: ThreadService): Promise<string> {
	const listed = await service.listThreads();
	if (!listed.ok || listed.threads.length !== 1) throw new Error("expected one chat");
	return listed.threads[0].threadId;
}
