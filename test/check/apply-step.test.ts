/**
 * "Check connection" for the apply model: the sample note's change through the composer's own
 * apply phase (edit blocks, or the whole note), against the scripted model server over real HTTP,
 * with its speed as the time a 2,000-token note takes. Each way an apply model fails is told
 * apart, with its line, its fix and, where one setting is the fix, the action.
 */
import { afterEach, describe, expect, it } from "vitest";
import { APPLY_EDIT_BLOCKS_PROMPT, APPLY_SYSTEM_PROMPT } from "../../src/composer/apply";
import { failureLine, formatReport, type CheckReport, type CheckStep } from "../../src/check/report";
import { checkConnection, type CheckInput } from "../../src/check/run-check";
import { APPLY_SAMPLE } from "../../src/check/samples";
import {
	applyModelReply,
	asksForEditBlocks,
	checkProbeOf,
	checkScript,
	messageText,
	reply,
	sampleChange,
	startModelServer,
	type CheckAnswer,
	type ModelServer,
} from "../../src/sandbox/model-server";
import type { ApplyFormat } from "../../src/settings";
import { nodeFetch } from "../../src/node/fetch";

let server: ModelServer | undefined;
afterEach(async () => {
	await server?.close();
	server = undefined;
});

async function checkApplyModel(
	answer: CheckAnswer | undefined,
	applyFormat: ApplyFormat = "edits",
	extra: Partial<CheckInput> = {},
): Promise<CheckReport> {
	server = await startModelServer({ script: checkScript(answer ? { "apply-edit": answer } : {}) });
	return checkConnection({
		target: "apply",
		endpoint: { baseUrl: server.baseURL, model: "gpt-4.1-mini" },
		apiKey: undefined,
		applyFormat,
		transport: { kind: "fetch", fetch: nodeFetch },
		...extra,
	});
}

function applyStep(report: CheckReport): CheckStep {
	const found = report.steps.find((s) => s.id === "apply-edit");
	if (!found) throw new Error(`no apply step in\n${formatReport(report)}`);
	return found;
}

/** Edit blocks that are not edit blocks: a SEARCH without its divider. */
const MALFORMED = "<<<<<<< SEARCH\n- Buy apples and bread\n>>>>>>> REPLACE\n";

/** A model that writes `blocks` when asked for edit blocks, and the whole note right. */
function blocksThen(blocks: string): CheckAnswer {
	return (request) => (asksForEditBlocks(request) ? reply.text(blocks) : applyModelReply(request, sampleChange));
}

const SLOW = { pace: { firstTokenMs: 50, tokensPerSecond: 10 } };

describe("checking the apply model with an edit of a sample note", () => {
	it("passes a model whose edit blocks make the change, and says how long a 2,000-token note takes", async () => {
		const report = await checkApplyModel(undefined);
		expect(
			report.steps.map((s) => [s.id, s.status]),
			formatReport(report),
		).toEqual([
			["endpoint", "pass"],
			["streaming", "pass"],
			["context", "pass"],
			["apply-edit", "pass"],
			["transport", "pass"],
		]);
		const step = applyStep(report);
		expect(step.title).toBe("Apply (edit blocks)");
		expect(step.figure).toMatch(
			/^2 edit blocks made the change in \d+\.\d+ s; written whole, a 2,000-token note takes about \d+ s \(measured on the edit blocks: first token after \d+\.\d+ s, \d+ tokens\/s\)$/,
		);
		expect(report.usable).toBe(true);
	});

	it("sends the apply model's real prompt with the fixed sample note, never a note of the vault", async () => {
		await checkApplyModel(undefined);
		const apply = server!.requests.filter((r) =>
			messageText(r.body.messages.at(-1) ?? { role: "user" }).includes(APPLY_SAMPLE.path),
		);
		expect(apply).toHaveLength(1);
		expect(messageText(apply[0].body.messages[0])).toBe(APPLY_EDIT_BLOCKS_PROMPT);
		const prompt = messageText(apply[0].body.messages[1]);
		expect(prompt).toContain(`<<<BEGIN>>>\n${APPLY_SAMPLE.note}\n<<<END>>>`);
		expect(prompt).toContain(APPLY_SAMPLE.description);
		// Every request of the apply model's check is one of the check's probes.
		expect(server!.requests.every((r) => checkProbeOf(r) !== undefined)).toBe(true);
	});

	it("fails a model that writes malformed edit blocks, offering Whole note, having checked that the whole note works", async () => {
		const report = await checkApplyModel(blocksThen(MALFORMED));
		const step = applyStep(report);
		expect(step).toMatchObject({
			status: "fail",
			figure: "malformed edit blocks; the whole-note retry made the change",
			fix: "Set Apply format to Whole note (Redline settings), then check again.",
			action: { kind: "set-apply-format", format: "whole" },
		});
		expect(step.cause).toMatch(
			/^This model does not write edit blocks reliably: its edit blocks are malformed \(it wrote "<<<<<<< SEARCH\\n- Buy apples and bread\\n>>>>>>> REPLACE"\)\. Each edit would try them first, then retry with the whole note; as whole notes, a 2,000-token note takes about \d+ s \(measured on the whole-note retry: first token after /,
		);
		expect(report.usable).toBe(false);
		// The pane's hint and the settings row say the same.
		expect(failureLine(report)).toMatch(
			/^Apply model, apply \(edit blocks\): This model does not write edit blocks reliably: .* Set Apply format to Whole note \(Redline settings\), then check again\.$/,
		);
	});

	it("passes the same model once Apply format is Whole note", async () => {
		const report = await checkApplyModel(blocksThen(MALFORMED), "whole");
		const step = applyStep(report);
		expect(step).toMatchObject({ status: "pass", title: "Apply (whole note)" });
		expect(step.figure).toMatch(
			/^the whole note came back with the change in \d+\.\d+ s; a 2,000-token note takes about \d+ s \(measured on the whole note: first token after \d+\.\d+ s, \d+ tokens\/s\)$/,
		);
		const apply = server!.requests.filter((r) =>
			messageText(r.body.messages.at(-1) ?? { role: "user" }).includes(APPLY_SAMPLE.path),
		);
		expect(apply.map((r) => messageText(r.body.messages[0]))).toEqual([APPLY_SYSTEM_PROMPT]);
	});

	it("tells edit blocks whose SEARCH is not in the note from malformed ones", async () => {
		const step = applyStep(
			await checkApplyModel(
				blocksThen("<<<<<<< SEARCH\n- Buy oranges and bread\n=======\n- Buy pears and bread\n>>>>>>> REPLACE\n"),
			),
		);
		expect(step).toMatchObject({
			status: "fail",
			figure: "edit blocks that do not apply; the whole-note retry made the change",
			action: { kind: "set-apply-format", format: "whole" },
		});
		expect(step.cause).toMatch(
			/^This model does not write edit blocks reliably: the SEARCH lines of its edit blocks are not in the note/,
		);
	});

	it("tells edit blocks that apply but make another change, and checks the whole note itself", async () => {
		const wrong = "<<<<<<< SEARCH\n- Buy apples and bread\n=======\n- Buy plums and bread\n>>>>>>> REPLACE\n";
		const step = applyStep(await checkApplyModel(blocksThen(wrong)));
		expect(step).toMatchObject({
			status: "fail",
			figure: "edit blocks that make a different change; the whole-note retry made the change",
			action: { kind: "set-apply-format", format: "whole" },
		});
		expect(step.cause).toMatch(
			/^This model does not write edit blocks reliably: its edit blocks applied but did not make the change asked for/,
		);
	});

	it("fails a model that can make the change in neither format, with no one-click fix", async () => {
		const step = applyStep(await checkApplyModel(reply.text("I am sorry, I cannot edit notes.")));
		expect(step).toMatchObject({
			status: "fail",
			figure: "no edit blocks; the whole note did not come back right either",
		});
		expect(step.cause).toMatch(
			/^This model does not write edit blocks reliably: it answered without edit blocks \(it wrote "I am sorry, I cannot edit notes\."\)\. As a whole note: the note came back with lines of it dropped or repeated\.$/,
		);
		expect(step.fix).toMatch(/^Choose another apply model/);
		expect(step.action).toBeUndefined();
	});

	it("offers Edits when the whole note does not come back right but edit blocks work", async () => {
		const step = applyStep(
			await checkApplyModel(
				(request) =>
					asksForEditBlocks(request) ? applyModelReply(request, sampleChange) : reply.text("- Buy pears and bread"),
				"whole",
			),
		);
		expect(step).toMatchObject({
			status: "fail",
			figure: "a wrong or refused note; edit blocks made the change",
			fix: "Set Apply format to Edits (Redline settings), then check again.",
			action: { kind: "set-apply-format", format: "edits" },
		});
		expect(step.cause).toMatch(
			/^The apply model did not return the note with the change: the note came back with lines of it dropped or repeated\. As edit blocks it works \(\d+\.\d+ s for the sample\)\.$/,
		);
	});

	it("fails a slow apply model in the Whole note format: an edit of a 2,000-token note would take minutes", async () => {
		const step = applyStep(await checkApplyModel((request) => applyModelReply(request, sampleChange, SLOW), "whole"));
		expect(step.status, step.figure).toBe("fail");
		expect(step.figure).toMatch(
			/; a 2,000-token note takes about \d{3,} s \(measured on the whole note: first token after \d+\.\d+ s, \d+ tokens\/s\)$/,
		);
		expect(step.cause).toMatch(
			/^The apply model is too slow to be useful: an edit of a 2,000-token note would take about \d{3,} s\.$/,
		);
		expect(step.fix).toMatch(/^Choose a faster apply model/);
	}, 60_000);

	it("warns, for the same model with edit blocks, that its changes are quick but whole notes are slow", async () => {
		const step = applyStep(await checkApplyModel((request) => applyModelReply(request, sampleChange, SLOW)));
		expect(step.status, step.figure).toBe("warn");
		expect(step.cause).toMatch(
			/^Changes are quick as edit blocks, but a rewrite, a new note and the whole-note retry of a 2,000-token note would take about \d{3,} s\.$/,
		);
	}, 60_000);

	it("fails an apply model that does not finish the sample edit in time", async () => {
		const step = applyStep(
			await checkApplyModel(
				(request) => applyModelReply(request, sampleChange, { pace: { firstTokenMs: 60_000, tokensPerSecond: 0 } }),
				"edits",
				{ timeoutMs: 8_000 },
			),
		);
		expect(step).toMatchObject({ status: "fail", figure: "no change made" });
		expect(step.cause).toBe(
			"The apply model did not finish the sample edit: no answer within 8 s. It is too slow to be useful.",
		);
		expect(step.fix).toMatch(/^Choose a faster apply model/);
	}, 60_000);
});
