/**
 * Runs one edit request through a real thread service and times what a subscriber sees. Redline's
 * path is createRedline itself; the baseline is the same wiring (AgentRunner, LocalThreadService,
 * note history, models) with a single-phase writeNote tool instead of declareEditIntent.
 * Preferences are "always" on both, so no human approval is inside the timing, unless the run
 * approves as the user does (`approve: "user"`): the intent then waits for its card, and the
 * harness approves it through decideToolCalls once the turn has paused, noting when.
 */
import { AgentRunner } from "../../src/agent/runner";
import { createNoteHistory } from "../../src/history/note-history";
import { createModelProvider } from "../../src/llm/model-provider";
import { benchRedline } from "./bench-redline";
import { DEFAULT_SETTINGS } from "../../src/settings";
import type { ApplyFormat, EditReview, RedlineSettings } from "../../src/settings";
import { MemoryStore } from "../../src/store/memory-store";
import type { StoredEvent } from "../../src/log/events";
import { LocalThreadService } from "../../src/thread/service";
import { listNotesTool } from "../../src/tools/list-notes";
import { readNoteTool } from "../../src/tools/read-note";
import { ToolRegistry } from "../../src/tools/registry";
import { createSearchNotesTool } from "../../src/tools/search-notes";
import { NoteIndex } from "../../src/search/note-index";
import { MemoryVault } from "../../src/vault/memory-vault";
import { writeNoteTool } from "./write-note-tool";

export type EditPath = "two-phase" | "baseline";

export interface BenchOptions {
	applyFormat?: ApplyFormat;
	/** "user": the intent asks, and the harness approves it as the user would (default "policy"). */
	approve?: "policy" | "user";
	/**
	 * With approve "user": "plan" asks about the intent before drafting (the approval starts the
	 * apply model), "changes" drafts first and the approval accepts the draft (the app's default).
	 */
	editReview?: EditReview;
}

export function benchSettings(baseURL: string, options: BenchOptions = {}): RedlineSettings {
	return {
		...DEFAULT_SETTINGS,
		mainModel: { baseUrl: baseURL, model: "bench-main", temperature: 0 },
		applyModel: { baseUrl: baseURL, model: "bench-apply", supportsPredictedOutputs: true },
		applyFormat: options.applyFormat ?? DEFAULT_SETTINGS.applyFormat,
		editReview: options.editReview ?? DEFAULT_SETTINGS.editReview,
		toolDefaults: { declareEditIntent: options.approve === "user" ? "prompt" : "always", writeNote: "always" },
	};
}

interface Wired {
	service: LocalThreadService;
	dispose(): Promise<void>;
}

async function wire(path: EditPath, vault: MemoryVault, settings: () => RedlineSettings): Promise<Wired> {
	const store = new MemoryStore();
	const credentials = () => ({});
	// The title call comes after the turn and would count as an apply request here.
	if (path === "two-phase") return benchRedline({ vault, store, settings, titles: "first-words" });
	const history = createNoteHistory({
		vault,
		store,
		maxEntries: settings().historySize,
		maxNoteBytes: settings().maxNoteBytes,
	});
	const models = createModelProvider(settings, credentials);
	const tools = new ToolRegistry([
		readNoteTool,
		createSearchNotesTool({ index: new NoteIndex({ vault, store, protectedFolders: [] }) }),
		listNotesTool,
		writeNoteTool,
	]);
	const runner = new AgentRunner({ vault, models, tools, settings, protectedFolders: [] });
	const service = new LocalThreadService({ store, driver: runner, history });
	await service.load();
	return {
		service,
		async dispose() {
			await service.close();
			history.dispose();
		},
	};
}

/** Milliseconds after sendMessage at which the subscriber first saw each event type. */
export type Seen = Partial<Record<StoredEvent["type"], number>>;

export interface TurnTiming {
	seen: Seen;
	/** Milliseconds after sendMessage at which the harness approved the intent (approve: "user"). */
	approvedAt?: number;
	/** The note as the vault holds it after the turn. */
	finalNote: string;
}

/** Sends `request` in a new thread over a vault holding `note` at `notePath`; waits for the turn to end. */
export async function timeTurn(
	path: EditPath,
	settings: RedlineSettings,
	notePath: string,
	note: string,
	request: string,
): Promise<TurnTiming> {
	const vault = new MemoryVault("Bench", { [notePath]: note });
	const wired = await wire(path, vault, () => settings);
	try {
		const { service } = wired;
		const created = await service.createThread({ title: `edit-latency ${path}` });
		if (!created.ok) throw new Error(created.error.message);
		const threadId = created.threadId;
		const seen: Seen = {};
		const proposed: string[] = [];
		let start = 0;
		const errors: string[] = [];
		let caughtUp: () => void = () => undefined;
		const ready = new Promise<void>((resolve) => (caughtUp = resolve));
		const subscription = service.subscribe({ threadId }, (message) => {
			if (message.kind === "caught_up") return caughtUp();
			if (message.kind === "error") return void errors.push(message.error.message);
			if (start === 0) return;
			const at = performance.now() - start;
			const event = message.event;
			seen[event.type] ??= at;
			if (event.type === "error") errors.push(String(event.message));
			if (event.type === "tool_call_proposed" && typeof event.callId === "string") proposed.push(event.callId);
		});
		await ready;
		start = performance.now();
		const sent = await service.sendMessage({ threadId, content: request });
		if (!sent.ok) throw new Error(sent.error.message);
		await service.idle(threadId);
		let approvedAt: number | undefined;
		if (settings.toolDefaults.declareEditIntent === "prompt" && path === "two-phase") {
			// The turn paused on the intent's card: approve it as the Run button does.
			if (proposed.length !== 1)
				throw new Error(`expected one proposed call before the approval, saw ${proposed.length}`);
			approvedAt = performance.now() - start;
			const decided = await service.decideToolCalls({ threadId, approved: proposed, denied: [] });
			if (!decided.ok) throw new Error(decided.error.message);
			await service.idle(threadId);
		}
		subscription.close();
		if (errors.length > 0) throw new Error(`the ${path} turn failed: ${errors.join("; ")}`);
		return { seen, ...(approvedAt === undefined ? {} : { approvedAt }), finalNote: await vault.read(notePath) };
	} finally {
		await wired.dispose();
	}
}
