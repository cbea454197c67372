/**
 * The corpus of misbehaving apply-model outputs (test/fixtures/apply-outputs/, see its README):
 * each entry streams from the scripted model server through the real ChatOpenAI client and
 * declareEditIntent's whole apply path into a real history, and ends exactly as it says:
 * written as X, or refused with the note and its history unchanged.
 */
import { describe, expect, it } from "vitest";
import { reply } from "../../src/sandbox/model-server";
import type { EditOperation } from "../../src/log/events";
import { editHarness } from "./harness";
import { readdirSync, readFileSync } from "../../src/node/fs";
import { fileURLToPath, join } from "../../src/node/path";

const DIR = fileURLToPath(new URL("../fixtures/apply-outputs", import.meta.url));
const FINISH_REASONS = ["stop", "length", "content_filter", "tool_calls"] as const;
type FinishReason = (typeof FINISH_REASONS)[number];

interface Entry {
	name: string;
	operation: Exclude<EditOperation, "delete" | "move">;
	description: string;
	note: string | null;
	output: string;
	finishReason: FinishReason;
	expect: { written: string } | { refused: string };
}

/** A string, or lines joined with "\n". */
function text(value: unknown, where: string): string {
	if (typeof value === "string") return value;
	if (Array.isArray(value) && value.every((line) => typeof line === "string")) return value.join("\n");
	throw new Error(`${where}: expected a string or an array of lines`);
}

function parseEntry(raw: Record<string, unknown>, where: string): Entry {
	const operation = raw.operation;
	if (operation !== "create" && operation !== "modify" && operation !== "rewrite")
		throw new Error(`${where}: bad operation`);
	const finishReason = (raw.finishReason ?? "stop") as FinishReason;
	if (!FINISH_REASONS.includes(finishReason)) throw new Error(`${where}: bad finishReason`);
	const expected = raw.expect as Record<string, unknown> | undefined;
	const outcome =
		expected && "written" in expected
			? { written: text(expected.written, `${where}.expect.written`) }
			: expected && typeof expected.refused === "string"
				? { refused: expected.refused }
				: undefined;
	if (!outcome) throw new Error(`${where}: expect must be { written } or { refused }`);
	if (typeof raw.name !== "string" || typeof raw.description !== "string")
		throw new Error(`${where}: name and description are strings`);
	const note = raw.note === null ? null : text(raw.note, `${where}.note`);
	if ((note === null) !== (operation === "create"))
		throw new Error(`${where}: a create has note null, and only a create`);
	return {
		name: raw.name,
		operation,
		description: raw.description,
		note,
		output: text(raw.output, `${where}.output`),
		finishReason,
		expect: outcome,
	};
}

function loadCorpus(): Array<{ file: string; entry: Entry }> {
	const entries: Array<{ file: string; entry: Entry }> = [];
	for (const file of readdirSync(DIR)
		.filter((f) => f.endsWith(".json"))
		.sort()) {
		const list = JSON.parse(readFileSync(join(DIR, file), "utf8")) as Array<Record<string, unknown>>;
		list.forEach((raw, i) => entries.push({ file, entry: parseEntry(raw, `${file}[${i}]`) }));
	}
	return entries;
}

const corpus = loadCorpus();
const PATH = "Corpus/Note.md";

describe("the corpus of misbehaving apply outputs", () => {
	it("covers every kind of misbehaviour the issue lists", () => {
		const files = new Set(corpus.map((c) => c.file));
		for (const file of [
			"wrappers.json",
			"chatter.json",
			"truncations.json",
			"empty.json",
			"markers.json",
			"sections.json",
			"formats.json",
		])
			expect(files).toContain(file);
		expect(new Set(corpus.map((c) => c.entry.finishReason))).toEqual(new Set(FINISH_REASONS));
		expect(corpus.length).toBeGreaterThanOrEqual(50);
	});

	for (const { file, entry } of corpus) {
		const expected = entry.expect;
		const outcome = "written" in expected ? "written as expected" : `refused (${expected.refused}), nothing written`;
		it(`${file}: ${entry.name}: ${outcome}`, async () => {
			const h = await editHarness({
				notes: entry.note === null ? {} : { [PATH]: entry.note },
				replies: [reply.text(entry.output, { finishReason: entry.finishReason })],
			});
			const { result } = await h.declareAndApply({
				path: PATH,
				operation: entry.operation,
				description: entry.description,
			});
			if ("written" in expected) {
				expect(result.status, result.message).toBe("success");
				expect(await h.vault.read(PATH)).toBe(expected.written);
				expect(await h.history.list(PATH)).toHaveLength(1);
			} else {
				expect(result.status, result.message).not.toBe("success");
				expect(result.data?.reason, result.message).toBe(expected.refused);
				expect(result.message).toMatch(/nothing was written/i);
				if (entry.note === null) expect(await h.vault.exists(PATH)).toBe(false);
				else expect(await h.vault.read(PATH)).toBe(entry.note);
				expect(await h.history.list(PATH)).toEqual([]);
				expect(h.events("edit_applied")).toEqual([]);
			}
		});
	}
});
