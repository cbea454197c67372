/**
 * capResult, the floor under every tool's result (issue 25): what the log keeps and the pane gets
 * is bounded, the message the model reads, the data for the UI and the path alike.
 */
import { describe, expect, it } from "vitest";
import { capResult, MAX_RESULT_CHARS, MAX_RESULT_DATA_CHARS, MAX_RESULT_PATH_CHARS } from "../../src/agent/result-caps";
import { toolResult } from "../../src/log/tool-result";

const MB = 1024 * 1024;

describe("capResult", () => {
	it("leaves a result within every cap as it is", () => {
		const result = toolResult.success("Read it.", {
			path: "Projects/Plan.md",
			data: { totalLines: 3, lines: ["a", "b"] },
		});
		expect(capResult(result)).toBe(result);
	});

	it("cuts data past its cap by dropping its largest fields first, keeping the small ones a card reads, and names what it dropped", () => {
		const result = toolResult.success("Edited Plan.md.", {
			path: "Plan.md",
			data: {
				editId: "e1",
				versionId: "v1",
				reason: "exists",
				blob: "y".repeat(5 * MB),
				hits: Array.from({ length: 4000 }, (_, i) => ({ path: `n${i}.md`, snippet: "z".repeat(40) })),
			},
		});
		const capped = capResult(result);
		expect(JSON.stringify(capped.data).length).toBeLessThanOrEqual(MAX_RESULT_DATA_CHARS);
		expect(capped.data).toMatchObject({
			editId: "e1",
			versionId: "v1",
			reason: "exists",
			cutForSize: ["blob", "hits"],
		});
		expect(capped.message).toBe("Edited Plan.md.");
	});

	it("shortens a path past its cap as a quoted path is, keeping its start and end", () => {
		const path = `${"Projects/".repeat(10)}${"x".repeat(5 * MB)}.md`;
		const capped = capResult(toolResult.error("No note there.", { path }));
		expect(capped.path?.length).toBeLessThan(MAX_RESULT_PATH_CHARS);
		expect(capped.path).toMatch(/^Projects\/Projects\//);
		expect(capped.path?.endsWith(`x.md (${path.length.toLocaleString("en-US")} characters)`)).toBe(true);
	});

	it("still cuts a message past its cap with a note on how to read on", () => {
		const capped = capResult(toolResult.success("y".repeat(2 * MAX_RESULT_CHARS)));
		expect(capped.message.length).toBeLessThan(MAX_RESULT_CHARS + 1000);
		expect(capped.message).toContain("readNote reads a note in pages");
	});
});
