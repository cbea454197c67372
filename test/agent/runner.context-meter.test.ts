/**
 * The context meter (issue 33) shows what each request carried: context_measured, recorded before
 * every model call by the code that fitted the request, must match the provider's own count of
 * that request (usage.prompt_tokens, which the scripted server counts from the request's JSON)
 * within 2 %, over a 30-turn thread that compacts, through the real LangChain client. Its parts
 * add up to its total, and the standing instructions are a part of their own. (Measured: at most
 * 1.5 % off; leaving the tool definitions out of the meter puts it 9 % off and fails.)
 */
import { describe, expect, it } from "vitest";
import { readNoteTool } from "../../src/tools/read-note";
import { harness, ofType } from "./support/harness";
import { largeNotes, readingScript } from "./support/long-thread";

const INSTRUCTIONS = "# Instructions\n- Never touch Journal/.\n- Name meeting notes YYYY-MM-DD Topic.";

describe("the context meter", () => {
	it(
		"matches the provider's prompt_tokens within 2 % on every request of a 30-turn thread with compaction",
		{ timeout: 240_000 },
		async () => {
			const h = await harness({
				notes: { ...largeNotes(10, 6000), "Redline/Instructions.md": INSTRUCTIONS },
				script: readingScript(),
				tools: [readNoteTool],
				charsPerToken: 3,
			});
			h.settings.mainModel.contextTokens = 8192;
			const threadId = await h.newThread();
			for (let turn = 1; turn <= 30; turn++) await h.send(threadId, `Read Notes/Note ${((turn - 1) % 10) + 1}.md`);

			const events = await h.events(threadId);
			expect(ofType(events, "error")).toEqual([]);
			expect(ofType(events, "context_compacted").length).toBeGreaterThan(0);
			const measured = ofType(events, "context_measured");
			const completed = ofType(events, "assistant_message_completed");
			expect(measured).toHaveLength(completed.length);
			expect(measured.length).toBeGreaterThanOrEqual(60);
			const deviations: number[] = [];
			measured.forEach((meter, i) => {
				const actual = completed[i].usage?.promptTokens;
				if (actual === undefined) throw new Error("the scripted server reports prompt_tokens");
				const parts = meter.parts;
				expect(
					parts.system + parts.tools + parts.instructions + parts.pinned + parts.conversation + parts.toolResults,
				).toBe(meter.tokens);
				expect(meter.window).toBe(8192);
				expect(parts.instructions).toBeGreaterThan(0);
				// The first request has no calibration yet: the estimate alone, before any usage came back.
				if (i > 0) deviations.push(Math.abs(meter.tokens - actual) / actual);
			});
			expect(Math.max(...deviations)).toBeLessThanOrEqual(0.02);
			const state = await h.state(threadId);
			expect(state.context?.tokens).toBe(measured.at(-1)?.tokens);
		},
	);
});
