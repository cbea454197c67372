// @vitest-environment happy-dom
/**
 * Loops that stop and a thread budget in the Obsidian host (issue 33): the plugin's own service
 * and agent, the real LangChain client over the desktop transport, the scripted model server and
 * the Obsidian fake. A model that reads the same note forever is stopped at its third call, and
 * the pane says "Stopped a repeated call"; a 2,000-token budget pauses the turn, the pause is
 * still there after the plugin restarts, and the pane's Continue resumes the turn where it stopped.
 */
import { afterEach, describe, expect, it } from "vitest";
import { offersTools, reply, startModelServer, type ModelServer } from "../../src/sandbox/model-server";
import type { ModelScript, RecordedRequest, ScriptStep } from "../../src/sandbox/model-server";
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

const USAGE = { prompt_tokens: 700, completion_tokens: 100 };
const read = (path: string): ScriptStep =>
	reply.toolCalls([{ name: "readNote", args: { path } }], undefined, { usage: USAGE });

/** The agent's steps in order; the chat title's request (no tools) is answered on the side. */
function agentScript(...steps: ScriptStep[]): ModelScript {
	let next = 0;
	return async (request) => {
		if (!offersTools(request)) return reply.text("Notes");
		const step = steps[next++];
		if (!step) throw new Error("script exhausted");
		return typeof step === "function" ? await step(request) : step;
	};
}

const agentRequests = (): RecordedRequest[] => server!.requests.filter(offersTools);

async function lastStatus(service: ThreadService, threadId: string): Promise<string | undefined> {
	const statuses = (await eventsOf(service, threadId)).filter((e) => e.type === "status");
	return (statuses.at(-1) as { status?: string } | undefined)?.status;
}

function pane(app: App): HTMLElement | undefined {
	return app.workspace.getLeavesOfType("redline-chat")[0]?.view.containerEl;
}

async function start(app: App, settings: Record<string, unknown> = {}) {
	return startPlugin(app, {
		settings: { mainModel: { baseUrl: server!.baseURL, model: "scripted" }, transport: "node", ...settings },
		secrets: {},
	});
}

describe("loops that stop, in Obsidian", () => {
	it("stops readNote on the same path at the third call, and the pane says so", async () => {
		const forever = read("Plan.md");
		server = await startModelServer({ script: agentScript(forever, forever, forever, reply.text("Stopping.")) });
		const app = new App({ win: window as never });
		app.vault.seed({ "Plan.md": "# Plan\n" });
		const { plugin } = await start(app);
		const service = await plugin.service();
		const created = await service.createThread({});
		if (!created.ok) throw new Error(created.error.message);
		const { threadId } = created;
		await service.sendMessage({ threadId, content: "Read Plan.md" });
		await until(async () => (await lastStatus(service, threadId)) === "idle");
		const completed = (await eventsOf(service, threadId)).filter((e) => e.type === "tool_call_completed");
		expect(completed.map((e) => (e as { result: { status: string } }).result.status)).toEqual([
			"success",
			"success",
			"rejected",
		]);
		expect((completed[2] as { result: { data?: { reason?: string } } }).result.data?.reason).toBe("repeated");

		app.runCommand("redline:open-chat");
		await until(() => pane(app)?.textContent?.includes("Stopped a repeated call"));
		// The reply is Markdown, rendered by Obsidian's renderer after the card's words.
		await until(() => pane(app)?.textContent?.includes("Stopping."));
		await stopPlugin(plugin);
	});

	it("pauses at a 2,000-token budget, keeps the pause over a restart, and the pane's Continue resumes the turn", async () => {
		server = await startModelServer({
			script: agentScript(read("A.md"), read("B.md"), read("C.md"), reply.text("All read.", { usage: USAGE })),
		});
		const app = new App({ win: window as never });
		app.vault.seed({ "A.md": "alpha", "B.md": "beta", "C.md": "gamma" });
		const budget = { budget: { unit: "tokens", amount: 2000 } };
		const first = await start(app, budget);
		let service = await first.plugin.service();
		const created = await service.createThread({});
		if (!created.ok) throw new Error(created.error.message);
		const { threadId } = created;
		await service.sendMessage({ threadId, content: "Read the notes" });
		await until(async () => (await lastStatus(service, threadId)) === "paused");
		expect(agentRequests()).toHaveLength(3);
		await stopPlugin(first.plugin);

		const second = await start(app, budget);
		service = await second.plugin.service();
		expect(await lastStatus(service, threadId)).toBe("paused");
		app.runCommand("redline:open-chat");
		const card = await until(() => pane(app)?.querySelector<HTMLElement>(".redline-pause-card"));
		expect(card.textContent).toContain("This chat has used 2,400 tokens of its 2,000 tokens budget.");
		const resume = await until(() =>
			Array.from(card.querySelectorAll("button")).find((b) => b.textContent === "Continue (+2,000 tokens)"),
		);
		resume.click();
		await until(() => pane(app)?.textContent?.includes("All read."));
		expect(agentRequests()).toHaveLength(4);
		expect(pane(app)?.querySelector(".redline-pause-card")).toBeNull();
		expect(pane(app)?.textContent).toMatch(/2\.8k in · 400 out/);
		await stopPlugin(second.plugin);
	});
});
