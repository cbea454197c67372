/**
 * Edit latency (issue 5): the same edit request two ways in one run, against the scripted model
 * at a realistic pace (main: 400 ms to first token, 50 tokens/s; apply: 300 ms, 500 tokens/s).
 * Redline's two-phase path (declareEditIntent, then the apply model) and a single-phase baseline
 * (one writeNote call carrying the whole new note), on notes of about 2k, 10k and 50k tokens.
 *
 * The baseline's 10k and 50k runs would take ~200 s and ~1000 s at 50 tokens/s. There the call's
 * arguments stream unpaced (time to first token stays 400 ms) and the stream's duration is
 * rescaled to the rate measured in the 2k run at the real pace. Not "run at 25x and multiply by
 * 25": the scripted server sleeps per token and its timers fire late (>= 1 ms each, more on a
 * busy machine), so a fast run is slower than asked and multiplying would overstate the baseline.
 *
 * Redline's runs use the app's default Apply format (edit blocks). The fast-apply rows (issue 15,
 * support/fast-apply-rows.ts) follow in the same run on the same server: approval → edit_applied
 * with edit blocks and, beside it, with the whole note.
 */
import { startModelServer } from "../src/sandbox/model-server";
import type { ScriptedPace } from "../src/sandbox/model-server";
import { benchSettings, timeTurn } from "./support/edit-harness";
import type { EditPath, TurnTiming } from "./support/edit-harness";
import { buildNote, editDescription, rewriteSectionPlainly } from "./support/edit-notes";
import type { BenchNote } from "./support/edit-notes";
import { createEditScript, MAIN_PACE } from "./support/edit-script";
import { fastApplyRows } from "./support/fast-apply-rows";
import type { EditScript } from "./support/edit-script";
import type { BenchRow } from "./run";

const AREA = "edit latency";
const NOTE_PATH = "Bench/Long note.md";
const SIZES = [
	{ label: "2k", tokens: 2_000, baselineSpeedup: 1 },
	{ label: "10k", tokens: 10_000, baselineSpeedup: Infinity },
	{ label: "50k", tokens: 50_000, baselineSpeedup: Infinity },
] as const;

interface Run {
	timing: TurnTiming;
	mainTokens: number;
	/** Tokens of the one tool call's arguments. */
	callTokens: number;
	applyRequests: number;
	applyTokens: number;
}

/** The pace with tokens `speedup` times faster (Infinity: unpaced); time to first token stays
 * real, so only the stream needs rescaling. */
function faster(pace: ScriptedPace, speedup: number): ScriptedPace {
	return {
		firstTokenMs: pace.firstTokenMs,
		tokensPerSecond: Number.isFinite(speedup) ? pace.tokensPerSecond * speedup : 0,
	};
}

function userRequest(note: BenchNote): string {
	return `In ${NOTE_PATH}, ${editDescription(note.heading)}.`;
}

async function runOnce(
	path: EditPath,
	script: EditScript,
	baseURL: string,
	note: BenchNote,
	mainPace: ScriptedPace,
): Promise<Run> {
	const change = (text: string) => rewriteSectionPlainly(text, note.heading);
	script.begin({ path: NOTE_PATH, note: note.text, description: editDescription(note.heading), change, mainPace });
	const timing = await timeTurn(path, benchSettings(baseURL), NOTE_PATH, note.text, userRequest(note));
	// A bench that measures a broken edit measures nothing: both paths must write the same note.
	if (timing.finalNote !== rewriteSectionPlainly(note.text, note.heading))
		throw new Error(`the ${path} run did not write the expected note`);
	const calls = script.callArgumentTokens();
	if (calls.length !== 1) throw new Error(`the ${path} run made ${calls.length} main-model tool calls, expected 1`);
	return {
		timing,
		mainTokens: script.mainOutputTokens(),
		callTokens: calls[0],
		applyRequests: script.applyRequests(),
		applyTokens: script.applyOutputTokens(),
	};
}

function at(run: Run, type: keyof TurnTiming["seen"]): number {
	const ms = run.timing.seen[type];
	if (ms === undefined) throw new Error(`no ${type} event was seen`);
	return ms;
}

/** ms from the first chunk of the call to its proposal: the arguments streaming. */
function streamMs(run: Run): number {
	return at(run, "tool_call_proposed") - at(run, "assistant_message_started");
}

export async function run(): Promise<BenchRow[]> {
	const script = createEditScript();
	const server = await startModelServer({ script: script.script });
	try {
		const notes = SIZES.map((size) => buildNote(size.tokens));
		// Warm-up (module loading, JIT, first connection) outside the measured runs.
		const tiny = buildNote(300);
		await runOnce("two-phase", script, server.baseURL, tiny, { firstTokenMs: 0, tokensPerSecond: 0 });
		await runOnce("baseline", script, server.baseURL, tiny, { firstTokenMs: 0, tokensPerSecond: 0 });

		const twoPhase: Run[] = [];
		for (const note of notes) twoPhase.push(await runOnce("two-phase", script, server.baseURL, note, MAIN_PACE));
		const baseline: Run[] = [];
		for (const [i, note] of notes.entries())
			baseline.push(
				await runOnce("baseline", script, server.baseURL, note, faster(MAIN_PACE, SIZES[i].baselineSpeedup)),
			);

		// Tokens per ms of the baseline's call arguments at the real pace (the 2k run).
		const realRate = baseline[0].callTokens / streamMs(baseline[0]);
		const baselineFirst = baseline.map((b, i) =>
			SIZES[i].baselineSpeedup === 1
				? at(b, "tool_call_proposed")
				: at(b, "tool_call_proposed") - streamMs(b) + b.callTokens / realRate,
		);
		const baselineWritten = baseline.map(
			(b, i) => baselineFirst[i] + at(b, "tool_call_completed") - at(b, "tool_call_proposed"),
		);

		const rows: BenchRow[] = [];
		SIZES.forEach((size, i) => {
			const name = `${size.label} note (${notes[i].tokens.toLocaleString("en-US")} tokens)`;
			const scaled =
				size.baselineSpeedup === 1
					? ""
					: " (args streamed unpaced, stream time rescaled to the 2k run's measured rate)";
			rows.push(
				{
					area: AREA,
					metric: `two-phase: sendMessage → edit_intent_declared, ${name}`,
					value: at(twoPhase[i], "edit_intent_declared"),
					unit: "ms",
					target: "< 1500 ms, flat",
				},
				{
					area: AREA,
					metric: `two-phase: sendMessage → note written (edit_applied, edit blocks), ${name}`,
					value: at(twoPhase[i], "edit_applied"),
					unit: "ms",
				},
				{
					area: AREA,
					metric: `two-phase: main-model output tokens per edit, ${name}`,
					value: twoPhase[i].mainTokens,
					unit: "tokens",
					target: "same at every size",
				},
				{
					area: AREA,
					metric: `baseline: sendMessage → first feedback (tool_call_proposed), ${name}${scaled}`,
					value: baselineFirst[i],
					unit: "ms",
				},
				{
					area: AREA,
					metric: `baseline: sendMessage → note written (tool_call_completed), ${name}${scaled}`,
					value: baselineWritten[i],
					unit: "ms",
				},
				{
					area: AREA,
					metric: `baseline: main-model output tokens per edit, ${name}`,
					value: baseline[i].mainTokens,
					unit: "tokens",
				},
			);
		});
		const intents = twoPhase.map((r) => at(r, "edit_intent_declared"));
		rows.push(
			{
				area: AREA,
				metric: "baseline first feedback / two-phase intent, 2k note",
				value: baselineFirst[0] / intents[0],
				unit: "x",
				target: ">= 25x",
			},
			{
				area: AREA,
				metric: "two-phase intent, 50k note / 2k note",
				value: intents[2] / intents[0],
				unit: "x",
				target: "~1x (flat)",
			},
			{
				area: AREA,
				metric: "two-phase main-model output tokens, 50k note / 2k note",
				value: twoPhase[2].mainTokens / twoPhase[0].mainTokens,
				unit: "x",
				target: "1x",
			},
			{ area: AREA, metric: "two-phase apply requests, 50k note", value: twoPhase[2].applyRequests, unit: "requests" },
			{
				area: AREA,
				metric: "pace check: main model, measured (2k baseline call, asked 50)",
				value: realRate * 1000,
				unit: "tokens/s",
			},
			{
				area: AREA,
				metric: "note",
				value:
					`Notes: ${notes[0].source === "corpus" ? "kepano-vault corpus prose" : "generated prose (corpus absent)"} under ## headings; the edit rewrites one named section. ` +
					"declareEditIntent and writeNote set to always, so no human approval is in the timing. " +
					"The baseline shows nothing before its call's arguments are complete (single-phase plugins), so its first feedback is tool_call_proposed. " +
					"Main-model tokens: text plus tool-call argument JSON of every main reply in the turn (the final reply included). " +
					"Pace checks: the measured rates of the scripted models (the server paces chunks against a fixed schedule, so they should match what was asked).",
				unit: "",
			},
		);
		rows.push(...(await fastApplyRows(script, server.baseURL, MAIN_PACE)));
		return rows;
	} finally {
		await server.close();
	}
}
