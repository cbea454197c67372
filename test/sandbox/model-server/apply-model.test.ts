import { describe, expect, it } from "vitest";
import { applyEditBlocks } from "../../../src/composer/edit-blocks-apply";
import { parseEditBlocks } from "../../../src/composer/edit-blocks";
import { applyModelReply, editBlocksFor, splitTokens } from "../../../src/sandbox/model-server";
import type { RecordedRequest } from "../../../src/sandbox/model-server";

function applied(before: string, blocks: string): string {
	const parsed = parseEditBlocks(blocks);
	if (!parsed.ok) throw new Error(parsed.message);
	const result = applyEditBlocks(before, parsed.blocks);
	if (!result.ok) throw new Error(result.message);
	return result.text;
}

function request(system: string, note: string): RecordedRequest {
	return {
		body: {
			model: "apply",
			messages: [
				{ role: "system", content: system },
				{ role: "user", content: `Change: x\n<<<BEGIN>>>\n${note}\n<<<END>>>` },
			],
		},
		headers: {},
		receivedAt: 0,
		outcome: "pending",
	};
}

describe("scripting the apply model: edit blocks for a change", () => {
	const note = ["# Plan", "", "- item", "- write the intro", "- item", "", "## Notes", "", "Call Anna.", ""].join("\n");

	it("writes one small block for a one-line change", () => {
		const after = note.replace("- write the intro", "- write the opening");
		const blocks = editBlocksFor(note, after);
		expect(blocks).toBe("<<<<<<< SEARCH\n- write the intro\n=======\n- write the opening\n>>>>>>> REPLACE\n");
		expect(splitTokens(blocks).length).toBeLessThan(30);
	});

	it("adds a neighbouring line when the changed line is not unique", () => {
		const after = note.replace("- write the intro\n- item", "- write the intro\n- item two");
		const blocks = editBlocksFor(note, after);
		const parsed = parseEditBlocks(blocks);
		expect(parsed.ok && parsed.blocks.map((b) => b.search.length)).toEqual([2]);
		expect(applied(note, blocks)).toBe(after);
	});

	it("deletes, inserts, and edits the first and last lines", () => {
		for (const after of [
			note.replace("## Notes\n\n", ""),
			note.replace("Call Anna.", "Call Anna.\nAnd Bea."),
			note.replace("# Plan", "# The plan"),
			`${note}More.\n`,
			note.slice(note.indexOf("\n") + 1),
		]) {
			expect(applied(note, editBlocksFor(note, after))).toBe(after);
		}
	});

	it("turns random edits of a note into blocks that reproduce them exactly", () => {
		let seed = 7;
		const random = (n: number) => {
			seed = (seed * 1103515245 + 12345) % 2 ** 31;
			return seed % n;
		};
		const words = ["alpha", "beta", "", "- item", "## Head", "gamma delta"];
		for (let run = 0; run < 300; run++) {
			const lines = Array.from({ length: 3 + random(12) }, () => words[random(words.length)] ?? "");
			const before = lines.join("\n");
			const changed = [...lines];
			for (let k = 0; k < 1 + random(3); k++) {
				const at = random(changed.length + 1);
				const kind = random(3);
				if (kind === 0) changed.splice(at, 1);
				else if (kind === 1) changed.splice(at, 0, `new ${run} ${k}`);
				else changed[Math.min(at, changed.length - 1)] = `edited ${run} ${k}`;
			}
			const after = changed.join("\n");
			if (before === after || before.trim() === "") continue;
			expect(applied(before, editBlocksFor(before, after)), `run ${run}`).toBe(after);
		}
	});

	it("answers in the format the request asks for", () => {
		const change = (n: string) => n.replace("Call Anna.", "Call Bea.");
		expect(applyModelReply(request("Return the complete new note only.", note), change).text).toBe(change(note));
		expect(applyModelReply(request("Reply with blocks:\n<<<<<<< SEARCH\n...", note), change).text).toBe(
			"<<<<<<< SEARCH\nCall Anna.\n=======\nCall Bea.\n>>>>>>> REPLACE\n",
		);
	});
});
