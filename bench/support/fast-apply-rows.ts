/**
 * Fast apply (issue 15): the time from the user's approval of an intent to `edit_applied`, with the
 * apply model returning edit blocks (Apply format "Edits", the default) and, in the same run, the
 * whole note ("Whole note"), on the scripted apply model at 300 ms to first token and 500 tokens/s.
 * Each case runs the real service (createRedline) with the intent on "prompt" and editReview
 * "plan" (ask about the plan first), so the harness approves the intent through decideToolCalls as
 * the Run button does and the apply model starts then; the clock starts at that call. The default
 * flow (draft first, then review) is timed by review.bench.ts.
 *
 * Cases: a one-line change (a typo in one heading) in 2k, 10k and 50k-token notes (the 50k
 * whole-note run goes by sections, as the app does for a note past the output limit); "remove all
 * headings" in a 10k-token note with 40 headings; and the fallback: a first reply of malformed
 * blocks, then the whole-note retry, on the 2k note. Every run must write exactly the expected
 * note, or the bench fails.
 */
import type { ScriptedPace } from "../../src/sandbox/model-server";
import type { ApplyFormat } from "../../src/settings";
import type { BenchRow } from "../run";
import { benchSettings, timeTurn } from "./edit-harness";
import { buildNote, buildNoteWithSections, removeHeadings, withHeadingTypo } from "./edit-notes";
import type { BenchNote } from "./edit-notes";
import { APPLY_PACE } from "./edit-script";
import type { EditScript } from "./edit-script";

const AREA = "fast apply";
const NOTE_PATH = "Bench/Long note.md";
const SIZES = [
	{ label: "2k", tokens: 2_000 },
	{ label: "10k", tokens: 10_000 },
	{ label: "50k", tokens: 50_000 },
] as const;

interface Case {
	note: BenchNote;
	description: string;
	change: (text: string) => string;
	malformedFirst?: boolean;
}

interface Measured {
	/** ms from the approval to edit_applied. */
	ms: number;
	applyRequests: number;
	applyTokens: number;
}

async function measure(
	script: EditScript,
	baseURL: string,
	mainPace: ScriptedPace,
	edit: Case,
	format: ApplyFormat,
): Promise<Measured> {
	script.begin({
		path: NOTE_PATH,
		note: edit.note.text,
		description: edit.description,
		change: edit.change,
		mainPace,
		malformedFirst: edit.malformedFirst,
	});
	// "plan": the approval starts the apply model. With the default ("changes") the draft is made
	// before the approval, which then only accepts it: the review bench times that path.
	const settings = benchSettings(baseURL, { applyFormat: format, approve: "user", editReview: "plan" });
	const timing = await timeTurn(
		"two-phase",
		settings,
		NOTE_PATH,
		edit.note.text,
		`In ${NOTE_PATH}, ${edit.description}.`,
	);
	const expected = edit.change(edit.note.text);
	if (timing.finalNote !== expected)
		throw new Error(`fast apply (${format}): the note written is not the expected one (${edit.description})`);
	const applied = timing.seen.edit_applied;
	if (applied === undefined || timing.approvedAt === undefined)
		throw new Error(`fast apply (${format}): no approval or no edit_applied`);
	return {
		ms: applied - timing.approvedAt,
		applyRequests: script.applyRequests(),
		applyTokens: script.applyOutputTokens(),
	};
}

function ms(value: number): string {
	return `${Math.round(value).toLocaleString("en-US")} ms`;
}

function beside(edits: Measured, whole: Measured): string {
	return `whole note in the same run: ${ms(whole.ms)}, ${(whole.ms / edits.ms).toFixed(1)}x slower`;
}

function sizeName(note: BenchNote, label: string): string {
	return `${label} note (${note.tokens.toLocaleString("en-US")} tokens)`;
}

export async function fastApplyRows(script: EditScript, baseURL: string, mainPace: ScriptedPace): Promise<BenchRow[]> {
	const rows: BenchRow[] = [];
	const fixes = SIZES.map((size) => withHeadingTypo(buildNote(size.tokens)));
	// Warm-up outside the measured runs (the tiny note's own typo fix, both formats).
	const tiny = withHeadingTypo(buildNote(300));
	await measure(script, baseURL, { firstTokenMs: 0, tokensPerSecond: 0 }, tiny, "edits");
	await measure(script, baseURL, { firstTokenMs: 0, tokensPerSecond: 0 }, tiny, "whole");

	const oneLine: Array<{ edits: Measured; whole: Measured }> = [];
	for (const fix of fixes)
		oneLine.push({
			edits: await measure(script, baseURL, mainPace, fix, "edits"),
			whole: await measure(script, baseURL, mainPace, fix, "whole"),
		});
	SIZES.forEach((size, i) => {
		const { edits, whole } = oneLine[i];
		const name = sizeName(fixes[i].note, size.label);
		const sections = size.tokens > 12_000 ? " (whole note: by the named section)" : "";
		rows.push({
			area: AREA,
			metric: `approval → edit_applied, one-line change, ${name}; ${beside(edits, whole)}${sections}`,
			value: edits.ms,
			unit: "ms",
			target: "≤ 1500 ms each, flat",
		});
	});
	SIZES.forEach((size, i) => {
		const { edits, whole } = oneLine[i];
		rows.push({
			area: AREA,
			metric: `apply-model output tokens, one-line change, ${sizeName(fixes[i].note, size.label)}; whole note: ${whole.applyTokens.toLocaleString("en-US")} tokens`,
			value: edits.applyTokens,
			unit: "tokens",
			target: "≤ 60 each",
		});
	});
	rows.push({
		area: AREA,
		metric: "one-line change, 50k note / 2k note (edit blocks)",
		value: (oneLine[2]?.edits.ms ?? 0) / (oneLine[0]?.edits.ms ?? 1),
		unit: "x",
		target: "~1x (flat)",
	});

	const headingsNote = buildNoteWithSections(10_000, 40);
	const headings: Case = { note: headingsNote, description: "remove all headings", change: removeHeadings };
	const headingCount = (headingsNote.text.match(/^## /gm) ?? []).length;
	const hEdits = await measure(script, baseURL, mainPace, headings, "edits");
	const hWhole = await measure(script, baseURL, mainPace, headings, "whole");
	rows.push(
		{
			area: AREA,
			metric: `approval → edit_applied, "remove all headings", ${sizeName(headingsNote, "10k")} with ${headingCount} headings; ${beside(hEdits, hWhole)}`,
			value: hEdits.ms,
			unit: "ms",
			target: "≤ 5000 ms (whole note ≈ 20 s)",
		},
		{
			area: AREA,
			metric: `apply-model output tokens, "remove all headings", 10k note; whole note: ${hWhole.applyTokens.toLocaleString("en-US")} tokens`,
			value: hEdits.applyTokens,
			unit: "tokens",
		},
	);

	// measure() throws unless the note written is exactly the fixed one.
	const fallback = await measure(script, baseURL, mainPace, { ...fixes[0], malformedFirst: true }, "edits");
	const whole2k = oneLine[0]?.whole ?? fallback;
	rows.push(
		{
			area: AREA,
			metric: `fallback: malformed blocks → whole-note retry, ${sizeName(fixes[0].note, "2k")}`,
			value: "written correctly",
			unit: "",
			target: "written correctly",
		},
		{
			area: AREA,
			metric: "fallback: apply calls (malformed blocks, then the whole note)",
			value: fallback.applyRequests,
			unit: "requests",
			target: "2 (one extra)",
		},
		{
			area: AREA,
			metric: `fallback: approval → edit_applied, 2k note; ${beside(fallback, whole2k).replace(/, [\d.]+x slower$/, "")}`,
			value: fallback.ms,
			unit: "ms",
		},
	);

	const rateRun = oneLine[1]?.whole;
	if (rateRun) {
		rows.push({
			area: AREA,
			metric: "pace check: apply model, measured (10k whole-note run, asked 500)",
			value: rateRun.applyTokens / ((rateRun.ms - APPLY_PACE.firstTokenMs) / 1000),
			unit: "tokens/s",
		});
	}
	rows.push({
		area: AREA,
		metric: "note",
		value:
			'Approval → edit_applied: declareEditIntent on Ask with "Ask me about the plan first" (editReview plan), approved through decideToolCalls once the turn paused (as Run does); the apply model at 300 ms to first token and 500 tokens/s answers ' +
			"in the format the request asks for (src/sandbox/model-server/apply-model.ts). Edit blocks send the whole note and no prediction; whole note sends a prediction, which the scripted server does not use to go faster. " +
			"One-line change: a typo planted in one heading; the description names that heading, so the 50k whole-note run regenerates only its section.",
		unit: "",
	});
	return rows;
}
