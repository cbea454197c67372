/**
 * Change sets (issue 31), through the real service (createRedline), the real @langchain/openai
 * client and the scripted model server, timed at a subscriber as the pane sees them:
 * - one model step declares a one-line edit in each of 8 notes (the main model answering at
 *   once); from the first intent reaching the subscriber to all 8 redlines (edit_proposed)
 *   reaching it, with the apply model at 300 ms to first token and 500 tokens/s, about 1 s a
 *   draft; drafted 4 at a time (the default), then one at a time (draftsAtOnce 1) for comparison;
 * - Undo this turn (v1.thread.undoTurn) of a turn that wrote 12 notes of about 10k tokens each,
 *   from the call to its answer (every note back, byte for byte, or the bench fails).
 */
import { benchRedline } from "./support/bench-redline";
import { applyModelReply, hasTool, splitTokens, startModelServer, toolResults } from "../src/sandbox/model-server";
import type { ModelScript, RecordedRequest, ScriptedPace, ScriptedReply } from "../src/sandbox/model-server";
import type { RedlineSettings } from "../src/settings";
import { MemoryStore } from "../src/store/memory-store";
import { isKnownEvent } from "../src/log/events";
import { MemoryVault } from "../src/vault/memory-vault";
import { benchSettings } from "./support/edit-harness";
import { buildNote } from "./support/edit-notes";
import type { BenchRow } from "./run";

const AREA = "change sets";
/**
 * The main model answers at once: the row times the drafting of a change set, as the issue's
 * arithmetic does (8 drafts of ~1 s: ≈ 8 s one at a time). At 50 tokens/s the 8 calls' arguments
 * alone would stream for ~4 s, and drafting starts when the reply is whole.
 */
const MAIN_PACE: ScriptedPace = { firstTokenMs: 0, tokensPerSecond: 0 };
const APPLY_PACE: ScriptedPace = { firstTokenMs: 300, tokensPerSecond: 500 };
const DRAFT_NOTES = 8;
const UNDO_NOTES = 12;
const UNDO_TOKENS = 10_000;
const ROUNDS = 3;
const FINAL = "Done.";

/**
 * A note whose one long line the edit rewrites: the apply model's edit block repeats it and its
 * new version, about 350 tokens, so each draft takes about 1 s at the apply pace.
 */
function draftNote(i: number): string {
	const words = Array.from({ length: 80 }, (_, w) => `word${(w * 7 + i) % 97}`).join(" ");
	return `# Note ${i}\n\nstatus: open; ${words}\n\nThe end.\n`;
}
const closeStatus = (text: string): string => text.replace("status: open;", "status: closed;");

/** The main model declares one intent per path in one step; the apply model makes `change`. */
function changeSetScript(
	paths: readonly string[],
	change: (text: string) => string,
	applyPace: ScriptedPace,
): ModelScript {
	return (request: RecordedRequest): ScriptedReply => {
		if (!hasTool(request, "declareEditIntent")) return applyModelReply(request, change, { pace: applyPace });
		if (toolResults(request).length > 0) return { text: FINAL, pace: MAIN_PACE };
		return {
			toolCalls: paths.map((path) => ({
				name: "declareEditIntent",
				arguments: { path, operation: "modify", description: `close the status in ${path}` },
			})),
			pace: MAIN_PACE,
		};
	};
}

interface TurnRun {
	/** ms from the first edit_intent_declared to the last edit_proposed, at the subscriber. */
	intentsToRedlines: number;
	/** ms of undoTurn, when asked for. */
	undoMs?: number;
}

async function runTurn(
	baseURL: string,
	notes: Record<string, string>,
	change: (text: string) => string,
	settingsOf: (base: RedlineSettings) => RedlineSettings,
	undo: boolean,
): Promise<TurnRun> {
	const vault = new MemoryVault("Bench", notes);
	const settings = settingsOf(benchSettings(baseURL, { approve: "user", editReview: "changes" }));
	const redline = await benchRedline({ vault, store: new MemoryStore(), settings, titles: "first-words" });
	const { service } = redline;
	try {
		const created = await service.createThread({ title: "change set bench" });
		if (!created.ok) throw new Error(created.error.message);
		const threadId = created.threadId;
		let firstIntent: number | undefined;
		let lastProposed = 0;
		let proposed = 0;
		let applied = 0;
		const offered: string[] = [];
		let caughtUp: () => void = () => undefined;
		const ready = new Promise<void>((resolve) => (caughtUp = resolve));
		const subscription = service.subscribe({ threadId }, (message) => {
			if (message.kind === "caught_up") return caughtUp();
			if (message.kind !== "event" || !isKnownEvent(message.event)) return;
			const event = message.event;
			if (event.type === "edit_intent_declared") firstIntent ??= performance.now();
			if (event.type === "edit_proposed") {
				proposed++;
				lastProposed = performance.now();
				offered.push(event.callId);
			}
			if (event.type === "edit_applied") applied++;
			if (event.type === "error") throw new Error(`bench: the turn failed: ${event.message}`);
		});
		await ready;
		const sent = await service.sendMessage({ threadId, content: "Close the status of each of these notes" });
		if (!sent.ok) throw new Error(sent.error.message);
		await service.idle(threadId);
		const count = Object.keys(notes).length;
		if (proposed !== count || firstIntent === undefined)
			throw new Error(`bench: ${proposed} of ${count} drafts were offered`);
		const run: TurnRun = { intentsToRedlines: lastProposed - firstIntent };
		if (undo) {
			const decided = await service.decideToolCalls({
				threadId,
				approved: offered,
				denied: [],
			});
			if (!decided.ok) throw new Error(decided.error.message);
			await new Promise((resolve) => setTimeout(resolve, 0));
			await service.idle(threadId);
			if (applied !== count) throw new Error(`bench: ${applied} of ${count} drafts were written`);
			for (const [path, text] of Object.entries(notes))
				if ((await vault.read(path)) !== change(text)) throw new Error(`bench: ${path} was not written as drafted`);
			const messageId = sent.messageId;
			const start = performance.now();
			const undone = await service.undoTurn({ threadId, messageId });
			run.undoMs = performance.now() - start;
			if (!undone.ok || undone.notUndone.length > 0) throw new Error("bench: Undo this turn left notes changed");
			for (const [path, text] of Object.entries(notes))
				if ((await vault.read(path)) !== text) throw new Error(`bench: ${path} is not back byte for byte`);
		}
		subscription.close();
		return run;
	} finally {
		await redline.dispose();
	}
}

function median(values: readonly number[]): number {
	const sorted = [...values].sort((a, b) => a - b);
	return sorted[Math.floor(sorted.length / 2)];
}

export async function run(): Promise<BenchRow[]> {
	const draftPaths = Array.from({ length: DRAFT_NOTES }, (_, i) => `Set/Note ${i + 1}.md`);
	const draftNotes = Object.fromEntries(draftPaths.map((path, i) => [path, draftNote(i + 1)]));
	const big = buildNote(UNDO_TOKENS).text;
	const undoPaths = Array.from({ length: UNDO_NOTES }, (_, i) => `Big/Note ${i + 1}.md`);
	const undoNotes = Object.fromEntries(undoPaths.map((path, i) => [path, `status: open ${i}\n\n${big}`]));
	const closeFirstLine = (text: string): string => text.replace(/^status: open/, "status: closed");

	let script: ModelScript = changeSetScript(draftPaths, closeStatus, APPLY_PACE);
	const server = await startModelServer({ script: (request, context) => script(request, context) });
	try {
		// Warm-up (module loading, JIT, first connection) outside the measured runs.
		script = changeSetScript(draftPaths.slice(0, 2), closeStatus, { firstTokenMs: 0, tokensPerSecond: 0 });
		await runTurn(
			server.baseURL,
			Object.fromEntries(draftPaths.slice(0, 2).map((p) => [p, draftNotes[p]])),
			closeStatus,
			(s) => s,
			true,
		);

		script = changeSetScript(draftPaths, closeStatus, APPLY_PACE);
		const bounded: number[] = [];
		const sequential: number[] = [];
		for (let i = 0; i < ROUNDS; i++) {
			bounded.push((await runTurn(server.baseURL, draftNotes, closeStatus, (s) => s, false)).intentsToRedlines);
			sequential.push(
				(await runTurn(server.baseURL, draftNotes, closeStatus, (s) => ({ ...s, draftsAtOnce: 1 }), false))
					.intentsToRedlines,
			);
		}
		const applyTokens = splitTokens(draftNote(1)).length;

		script = changeSetScript(undoPaths, closeFirstLine, { firstTokenMs: 0, tokensPerSecond: 0 });
		const undos: number[] = [];
		for (let i = 0; i < ROUNDS; i++)
			undos.push((await runTurn(server.baseURL, undoNotes, closeFirstLine, (s) => s, true)).undoMs ?? NaN);

		return [
			{
				area: AREA,
				metric: `${DRAFT_NOTES} one-line edits in ${DRAFT_NOTES} notes declared in one step (main model instant): first intent → all ${DRAFT_NOTES} redlines at a subscriber, drafted 4 at a time (apply 300 ms + 500 tok/s, ~${applyTokens}-token line); median of ${ROUNDS}`,
				value: median(bounded),
				unit: "ms",
				target: "≤ 3000 ms",
			},
			{
				area: AREA,
				metric: `the same, drafted one at a time (draftsAtOnce 1), for comparison; median of ${ROUNDS}`,
				value: median(sequential),
				unit: "ms",
				target: "≈ 8000 ms (sequential)",
			},
			{
				area: AREA,
				metric: `Undo this turn (v1.thread.undoTurn), ${UNDO_NOTES} notes of ~${(UNDO_TOKENS / 1000).toFixed(0)}k tokens, every note back byte for byte; median of ${ROUNDS}`,
				value: median(undos),
				unit: "ms",
				target: "≤ 300 ms",
			},
		];
	} finally {
		await server.close();
	}
}
