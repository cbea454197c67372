/**
 * Review before write (issue 29): how long the user waits for the redline, and for the write after
 * Accept all. Each run is one edit request through the real service (createRedline), the real
 * @langchain/openai client and the scripted model server: main model at 400 ms to first token and
 * 50 tokens/s, apply model at 300 ms and 500 tokens/s, the app's default Apply format (edit blocks).
 * The edit tool is on Prompt and editReview "changes" (the defaults), so the intent is drafted at
 * once and offered as changes (support/review-harness.ts).
 *
 * Cases: a one-line change (a typo in one heading) in notes of about 2k, 10k and 50k tokens. Every
 * run must write exactly the fixed note after Accept all, or the bench fails.
 */
import { startModelServer } from "../src/sandbox/model-server";
import { benchSettings } from "./support/edit-harness";
import { buildNote, withHeadingTypo } from "./support/edit-notes";
import type { OneLineFix } from "./support/edit-notes";
import { createEditScript, MAIN_PACE } from "./support/edit-script";
import type { EditScript } from "./support/edit-script";
import { timeReview } from "./support/review-harness";
import type { ReviewTiming } from "./support/review-harness";
import type { ScriptedPace } from "../src/sandbox/model-server";
import type { BenchRow } from "./run";

const AREA = "review before write";
const NOTE_PATH = "Bench/Long note.md";
/** Rounds per size; rows show the median (one run on a shared machine is mostly the others' turns). */
const ROUNDS = 3;
const SIZES = [
	{ label: "2k", tokens: 2_000 },
	{ label: "10k", tokens: 10_000 },
	{ label: "50k", tokens: 50_000 },
] as const;

interface Measured extends ReviewTiming {
	applyTokens: number;
}

function median(values: readonly number[]): number {
	const sorted = [...values].sort((a, b) => a - b);
	const mid = Math.floor(sorted.length / 2);
	return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** The median of each timing over `rounds` runs of the same case. */
async function medianOf(
	rounds: number,
	once: () => Promise<Measured>,
): Promise<Measured & { spread: [number, number] }> {
	const runs: Measured[] = [];
	for (let i = 0; i < rounds; i++) runs.push(await once());
	const toRedline = runs.map((r) => r.intentToProposed);
	return {
		...runs[0],
		intentToProposed: median(toRedline),
		acceptToApplied: median(runs.map((r) => r.acceptToApplied)),
		spread: [Math.min(...toRedline), Math.max(...toRedline)],
	};
}

async function measure(
	script: EditScript,
	baseURL: string,
	fix: OneLineFix,
	mainPace: ScriptedPace,
): Promise<Measured> {
	script.begin({ path: NOTE_PATH, note: fix.note.text, description: fix.description, change: fix.change, mainPace });
	const settings = benchSettings(baseURL, { approve: "user", editReview: "changes" });
	const timing = await timeReview(settings, NOTE_PATH, fix.note.text, `In ${NOTE_PATH}, ${fix.description}.`);
	if (timing.finalNote !== fix.change(fix.note.text))
		throw new Error("review bench: Accept all did not write exactly the fixed note");
	if (timing.changes !== 1) throw new Error(`review bench: a one-line change was offered as ${timing.changes} changes`);
	return { ...timing, applyTokens: script.applyOutputTokens() };
}

function sizeName(fix: OneLineFix, label: string): string {
	return `${label} note (${fix.note.tokens.toLocaleString("en-US")} tokens)`;
}

export async function run(): Promise<BenchRow[]> {
	const script = createEditScript();
	const server = await startModelServer({ script: script.script });
	try {
		const fixes = SIZES.map((size) => withHeadingTypo(buildNote(size.tokens)));
		// Warm-up (module loading, JIT, first connection) outside the measured runs.
		await measure(script, server.baseURL, withHeadingTypo(buildNote(300)), { firstTokenMs: 0, tokensPerSecond: 0 });
		const runs: Array<Measured & { spread: [number, number] }> = [];
		for (const fix of fixes) runs.push(await medianOf(ROUNDS, () => measure(script, server.baseURL, fix, MAIN_PACE)));

		const rows: BenchRow[] = SIZES.map((size, i) => ({
			area: AREA,
			metric: `intent declared → redline visible (edit_proposed at a subscriber), one-line change, ${sizeName(fixes[i], size.label)}; apply output ${runs[i].applyTokens} tokens; median of ${ROUNDS}, range ${runs[i].spread.map((ms) => ms.toFixed(0)).join("–")} ms`,
			value: runs[i].intentToProposed,
			unit: "ms",
			target: "≤ 1500 ms each, flat",
		}));
		rows.push(
			{
				area: AREA,
				metric: "intent → redline, 50k note / 2k note",
				value: runs[2].intentToProposed / runs[0].intentToProposed,
				unit: "x",
				target: "~1x (flat)",
			},
			{
				area: AREA,
				metric: `Accept all (reviewEdit) → edit_applied at a subscriber, ${sizeName(fixes[2], "50k")}; median of ${ROUNDS}`,
				value: runs[2].acceptToApplied,
				unit: "ms",
				target: "≤ 100 ms",
			},
			{
				area: AREA,
				metric: `Accept all (reviewEdit) → edit_applied, 2k / 10k notes (for comparison)`,
				value: `${runs[0].acceptToApplied.toFixed(1)} / ${runs[1].acceptToApplied.toFixed(1)}`,
				unit: "ms",
			},
			{
				area: AREA,
				metric: "note",
				value:
					"Intent declared: edit_intent_declared reaching the subscriber (it streams from the call's arguments, before the call is whole); " +
					"redline visible: edit_proposed reaching it. The draft starts when the main model's call is complete, so the row includes the rest of " +
					"the call's arguments at 50 tokens/s, the apply model's 300 ms to first token and its edit blocks at 500 tokens/s.",
				unit: "",
			},
		);
		return rows;
	} finally {
		await server.close();
	}
}
