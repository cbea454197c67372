/**
 * A change set whose drafts do not all succeed (issue 31), through the real LangChain client and
 * the scripted server: of eight drafts made side by side, one apply call fails and one draft is
 * refused by validation. The other six are offered, each failed one says why, and nothing is
 * written, half-way or otherwise, until the user decides.
 */
import { describe, expect, it } from "vitest";
import { applyModelReply, applyRequestNote, reply, scripted } from "../../src/sandbox/model-server";
import type { ScriptStep } from "../../src/sandbox/model-server";
import { createDeclareEditIntentTool } from "../../src/tools/declare-edit-intent";
import { createExecuteEditTool } from "../../src/tools/execute-edit";
import { readNoteTool } from "../../src/tools/read-note";
import { harness, ofType } from "./support/harness";

const paths = Array.from({ length: 8 }, (_, i) => `Notes/N${i + 1}.md`);
const original = (path: string): string => `# ${path}\n\nstatus: open\n`;
const FAILS = "Notes/N3.md";
const REFUSED = "Notes/N6.md";

/** The apply model's answer for whichever draft asks: N3's call fails, N6 comes back empty, the rest are drafted. */
const applyStep: ScriptStep = (request) => {
	const note = applyRequestNote(request);
	if (note.includes(FAILS)) return reply.httpError(400, { message: "The apply model rejected the request" });
	if (note.includes(REFUSED)) return reply.text("");
	return applyModelReply(request, (text) => text.replace("status: open", "status: closed"));
};

describe("a change set with a failed and a refused draft", () => {
	it("offers the six good drafts, says why the two others failed, and writes nothing", async () => {
		const h = await harness({
			notes: Object.fromEntries(paths.map((path) => [path, original(path)])),
			history: true,
			tools: ({ store, models, history }) => [
				readNoteTool,
				createDeclareEditIntentTool({ history, models, drafts: store }),
				createExecuteEditTool({ history, drafts: store }),
			],
			script: scripted(
				reply.toolCalls(
					paths.map((path, i) => ({
						name: "declareEditIntent",
						id: `intent${i + 1}`,
						args: { path, operation: "modify", description: `close ${path}` },
					})),
				),
				// One draft each, and the whole-note retry the empty reply gets (it comes back empty again).
				...paths.map(() => applyStep),
				applyStep,
			),
		});
		const threadId = await h.newThread();
		await h.send(threadId, "Close all my notes");
		const state = await h.state(threadId);
		expect(state.status).toBe("waiting_for_review");
		const offered = ofType(await h.events(threadId), "edit_proposed").map((e) => e.path);
		expect(offered.sort()).toEqual(paths.filter((p) => p !== FAILS && p !== REFUSED).sort());
		expect(state.openReviews).toHaveLength(6);
		for (const failed of [FAILS, REFUSED]) {
			const call = Object.values(state.toolCalls).find((c) => (c.args as { path?: string }).path === failed);
			expect(call?.phase).toBe("completed");
			expect(call?.result?.status).toMatch(/error|rejected/);
			expect(call?.result?.message).not.toBe("");
			expect(call?.result?.message).toMatch(/nothing (was )?written|not (been )?(changed|written)|unchanged/i);
		}
		for (const path of paths) expect(await h.vault.read(path)).toBe(original(path));
		expect(ofType(await h.events(threadId), "edit_applied")).toEqual([]);
	});
});
