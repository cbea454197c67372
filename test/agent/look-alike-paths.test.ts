/**
 * A path the model gives that holds a character a person cannot see (a zero-width space, a bidi
 * override, a C1 control, a line separator) could name a note that reads exactly like another
 * one. Such a call gets a clear error result at once, naming the character; no card asks the user
 * about a name they could not tell apart, and nothing is written.
 */
import { describe, expect, it } from "vitest";
import { createNoteHistory } from "../../src/history/note-history";
import { reply, scripted, toolResults } from "../../src/sandbox/model-server";
import { createDeclareEditIntentTool } from "../../src/tools/declare-edit-intent";
import { readNoteTool } from "../../src/tools/read-note";
import { harness } from "./support/harness";

const SHED = "Projects/Garden shed.md";
const NOTE = "# Garden shed\n\nPaint the door.\n";

const FORMS = [
	["a zero-width space", "\u200b", "U+200B"],
	["a zero-width joiner", "\u200d", "U+200D"],
	["a byte order mark", "\ufeff", "U+FEFF"],
	["a right-to-left override", "\u202e", "U+202E"],
	["a right-to-left isolate", "\u2067", "U+2067"],
	["a C1 control", "\u0085", "U+0085"],
	["a line separator", "\u2028", "U+2028"],
	["a paragraph separator", "\u2029", "U+2029"],
] as const;

async function setup(call: { name: string; args: Record<string, unknown> }) {
	return harness({
		notes: { [SHED]: NOTE },
		tools: ({ vault, store, models }) => [
			readNoteTool,
			createDeclareEditIntentTool({ history: createNoteHistory({ vault, store }), models }),
		],
		script: scripted(reply.toolCalls([{ name: call.name, id: "call", args: call.args }]), reply.text("Done.")),
	});
}

describe("paths with a character nobody can see", () => {
	it.each(FORMS)(
		"readNote of a path with %s gets an error naming the character, not the note",
		async (_form, char, code) => {
			const h = await setup({ name: "readNote", args: { path: `Projects/Garden shed${char}.md` } });
			const threadId = await h.newThread();
			await h.send(threadId, "Read the shed note");
			const state = await h.state(threadId);
			expect(state.pendingApprovals).toEqual([]);
			const result = state.toolCalls.call?.result;
			expect(result).toMatchObject({ status: "error" });
			expect(result?.message).toContain(`(${code})`);
			// The path is quoted with the character escaped, so the message reads differently from the real note's name.
			expect(result?.message).toContain(`Projects/Garden shed\\u${code.slice(2)}.md`);
			expect(result?.message).not.toContain(char);
			expect(result?.message).not.toContain(NOTE.trim());
			expect(toolResults(h.server.requests[1])[0].content).toContain(`(${code})`);
		},
	);

	it.each(FORMS)(
		"declareEditIntent for a new note with %s is refused at once, without a card, and creates nothing",
		async (_form, char, code) => {
			const h = await setup({
				name: "declareEditIntent",
				args: { path: `Projects/Garden shed${char}.md`, operation: "create", description: "start a shed note" },
			});
			const threadId = await h.newThread();
			await h.send(threadId, "Make a shed note");
			const state = await h.state(threadId);
			expect(state.pendingApprovals).toEqual([]);
			expect(state.toolCalls.call?.result).toMatchObject({ status: "error" });
			expect(state.toolCalls.call?.result?.message).toContain(`(${code})`);
			expect((await h.vault.list("")).map((stat) => stat.path)).toEqual([SHED]);
			expect(await h.vault.read(SHED)).toBe(NOTE);
		},
	);
});
