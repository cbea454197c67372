import { describe, expect, it } from "vitest";
import { reply } from "../../src/sandbox/model-server";
import type { RecordedRequest } from "../../src/sandbox/model-server";
import { newId } from "../../src/log/ids";
import { emptyState } from "../../src/log/projection";
import { createDeclareEditIntentTool } from "../../src/tools/declare-edit-intent";
import { editHarness, noteInPrompt } from "../composer/harness";
import { describeWithCorpus, readCorpusNote } from "../support/corpus";
import { setTimeout } from "../../src/node/timers";

const EVERGREEN = "Notes/Evergreen notes turn ideas into objects that you can manipulate.md";
const TART = "References/Brown butter nectarine tart.md";

/** An apply model that edits whatever note it receives. */
function editsNote(change: (note: string) => string) {
	return (request: RecordedRequest) => {
		const user = request.body.messages.find((m) => m.role === "user");
		return reply.text(change(noteInPrompt(typeof user?.content === "string" ? user.content : "")));
	};
}

describe("declareEditIntent: announcing the intent", () => {
	const tool = createDeclareEditIntentTool({
		history: undefined as never,
		models: { apply: () => undefined as never, applySupportsPrediction: () => false },
	});
	const ids = { callId: "call_1", newId };

	it("announces nothing until both path and description are complete", () => {
		expect(tool.announce?.({}, ids)).toBeUndefined();
		expect(tool.announce?.({ path: "A.md", operation: "modify" }, ids)).toBeUndefined();
	});

	it("announces edit_intent_declared with a new editId as soon as path and description are known", () => {
		const event = tool.announce?.({ path: "A.md", description: "remove all headings" }, ids);
		expect(event).toMatchObject({
			type: "edit_intent_declared",
			callId: "call_1",
			path: "A.md",
			operation: "modify",
			description: "remove all headings",
		});
		expect(event && "editId" in event && event.editId).toMatch(/^edit_/);
		expect(tool.announce?.({ path: "A.md", operation: "create", description: "d" }, ids)).toMatchObject({
			operation: "create",
		});
	});

	it("asks the user by default, and says it reads and writes its note (a create only writes it)", () => {
		expect(tool.defaultPreference).toBe("prompt");
		const state = emptyState("t");
		expect(tool.access({ path: "A.md", operation: "modify", description: "d" }, state)).toEqual({
			reads: ["A.md"],
			writes: ["A.md"],
			scans: false,
		});
		expect(tool.access({ path: "A.md", operation: "create", description: "d" }, state)).toEqual({
			reads: [],
			writes: ["A.md"],
			scans: false,
		});
	});

	it("rejects a multi-line description", () => {
		expect(tool.schema.safeParse({ path: "A.md", operation: "modify", description: "a\nb" }).success).toBe(false);
	});
});

describeWithCorpus("declareEditIntent: applying a real note", () => {
	it("modifies a note with the apply model, writes it through the history and reports the diff", async () => {
		const note = readCorpusNote(EVERGREEN);
		const h = await editHarness({
			notes: { [EVERGREEN]: note },
			replies: [editsNote((n) => n.replace("- etc", "- [[Less is more]]\n- etc"))],
		});
		const { result, editId } = await h.declareAndApply({
			path: EVERGREEN,
			operation: "modify",
			description: "add Less is more to the list",
		});

		expect(result.status).toBe("success");
		expect(await h.vault.read(EVERGREEN)).toBe(note.replace("- etc", "- [[Less is more]]\n- etc"));
		expect(result.data).toMatchObject({ editId, added: 1, removed: 0, rebased: false });
		expect(result.data?.diff).toContain("+- [[Less is more]]");
		expect(result.message).toContain("+- [[Less is more]]");
		expect(h.events("edit_applied")).toMatchObject([
			{ editId, path: EVERGREEN, added: 1, removed: 0, versionId: result.data?.versionId },
		]);
		expect(await h.history.list(EVERGREEN)).toHaveLength(1);
		const phases = h.events("tool_call_progress").map((e) => e.phase);
		expect(phases[0]).toBe("generating");
		expect(phases.at(-1)).toBe("writing");
		expect(h.applyPrompt()).toContain("add Less is more to the list");
	});

	it("reports generating progress as a growing fraction of the note's length, below 1", async () => {
		const note = readCorpusNote(TART);
		const h = await editHarness({
			notes: { [TART]: note },
			replies: [editsNote((n) => n.replace("rating: 7", "rating: 8"))],
		});
		await h.declareAndApply({ path: TART, operation: "modify", description: "set the rating to 8" });
		const fractions = h
			.events("tool_call_progress")
			.flatMap((e) => (e.phase === "generating" && e.fraction !== undefined ? [e.fraction] : []));
		expect(fractions.length).toBeGreaterThan(2);
		expect(fractions).toEqual([...fractions].sort((a, b) => a - b));
		expect(Math.max(...fractions)).toBeLessThanOrEqual(0.99);
		expect(await h.vault.read(TART)).toContain("rating: 8");
	});

	it("rewrites a whole note", async () => {
		const note = readCorpusNote(EVERGREEN);
		const rewritten = "# Evergreen notes\n\nShort version: ideas become objects.\n";
		const h = await editHarness({ notes: { [EVERGREEN]: note }, replies: [reply.text(rewritten)] });
		const { result } = await h.declareAndApply({
			path: EVERGREEN,
			operation: "rewrite",
			description: "rewrite as a two-line summary",
		});
		expect(result.status).toBe("success");
		// The frontmatter stays (a rewrite that does not mention properties keeps them), and so
		// does the note's ending: this one has no final newline.
		const ending = note.endsWith("\n") ? rewritten : rewritten.trimEnd();
		expect(await h.vault.read(EVERGREEN)).toBe(note.slice(0, note.indexOf("---\n", 4) + 4) + ending);
		expect(result.data?.frontmatterRestored).toBe(true);
	});

	it("restores frontmatter the apply model dropped", async () => {
		const note = readCorpusNote(TART);
		const body = note.slice(note.indexOf("---\n", 4) + 4);
		const h = await editHarness({
			notes: { [TART]: note },
			replies: [reply.text(body.replace("favorite summer dessert", "favourite summer dessert"))],
		});
		const { result } = await h.declareAndApply({
			path: TART,
			operation: "modify",
			description: "use British spelling",
		});
		expect(result.status).toBe("success");
		expect(await h.vault.read(TART)).toBe(note.replace("favorite summer dessert", "favourite summer dessert"));
	});

	it("creates a note in folders that do not exist yet", async () => {
		const h = await editHarness({ replies: [reply.text("# Tart shopping\n\n- nectarines\n- butter\n")] });
		const { result } = await h.declareAndApply({
			path: "Lists/Baking/Tart shopping.md",
			operation: "create",
			description: "shopping list for the tart",
		});
		expect(result.status).toBe("success");
		expect(await h.vault.read("Lists/Baking/Tart shopping.md")).toBe("# Tart shopping\n\n- nectarines\n- butter\n");
		expect(h.applyPrompt()).toContain("shopping list for the tart");
		expect(await h.history.list("Lists/Baking/Tart shopping.md")).toMatchObject([{ kind: "create" }]);
	});

	it("refuses to create over an existing note, without calling the apply model", async () => {
		const note = readCorpusNote(EVERGREEN);
		const h = await editHarness({ notes: { [EVERGREEN]: note } });
		const { result } = await h.declareAndApply({ path: EVERGREEN, operation: "create", description: "new note" });
		expect(result).toMatchObject({ status: "rejected", data: { reason: "exists" } });
		expect(result.message).toMatch(/already exists.*modify/);
		expect(h.server.requests).toHaveLength(0);
		expect(await h.vault.read(EVERGREEN)).toBe(note);
	});

	it("refuses to modify a note that does not exist", async () => {
		const h = await editHarness();
		const { result } = await h.declareAndApply({ path: "Missing.md", operation: "modify", description: "fix typos" });
		expect(result).toMatchObject({ status: "rejected", data: { reason: "not-found" } });
		expect(h.server.requests).toHaveLength(0);
	});

	it("rebases onto what the user typed while the apply model was generating", async () => {
		const note = readCorpusNote(EVERGREEN);
		const h = await editHarness({ notes: { [EVERGREEN]: note } });
		h.server.setScript(async (request) => {
			await h.vault.process(EVERGREEN, (t) =>
				t.replace("Evergreen notes can be very short.", "Evergreen notes can be very short (mine)."),
			);
			return editsNote((n) => n.replace("- etc", "- [[Less is more]]\n- etc"))(request);
		});
		const { result } = await h.declareAndApply({
			path: EVERGREEN,
			operation: "modify",
			description: "add Less is more",
		});
		expect(result).toMatchObject({ status: "success", data: { rebased: true } });
		expect(result.message).toMatch(/merged onto their text/);
		expect(await h.vault.read(EVERGREEN)).toBe(
			note
				.replace("Evergreen notes can be very short.", "Evergreen notes can be very short (mine).")
				.replace("- etc", "- [[Less is more]]\n- etc"),
		);
	});

	it("writes nothing when the user edited the same lines meanwhile", async () => {
		const note = readCorpusNote(EVERGREEN);
		const h = await editHarness({ notes: { [EVERGREEN]: note } });
		const mine = note.replace("- etc", "- etc (mine)");
		h.server.setScript(async (request) => {
			await h.vault.process(EVERGREEN, () => mine);
			return editsNote((n) => n.replace("- etc", "- and more"))(request);
		});
		const { result } = await h.declareAndApply({ path: EVERGREEN, operation: "modify", description: "reword etc" });
		expect(result).toMatchObject({ status: "rejected", data: { reason: "conflict" } });
		expect(result.message).toMatch(/user edited the same lines.*nothing was written/);
		expect(await h.vault.read(EVERGREEN)).toBe(mine);
		expect(h.events("edit_applied")).toEqual([]);
	});

	it("writes nothing when the apply output was cut off at its output limit", async () => {
		const note = readCorpusNote(EVERGREEN);
		const h = await editHarness({
			notes: { [EVERGREEN]: note },
			replies: [reply.text(note.slice(0, 600), { finishReason: "length" })],
		});
		const { result, editId } = await h.declareAndApply({
			path: EVERGREEN,
			operation: "modify",
			description: "fix typos",
		});
		expect(result).toMatchObject({ status: "error", data: { reason: "truncated", editId } });
		expect(result.message).toContain("cut off");
		expect(result.message).toContain(`executeEdit with editId "${editId}"`);
		expect(result.data?.output).toBe(note.slice(0, 600));
		expect(await h.vault.read(EVERGREEN)).toBe(note);
	});

	it("strips a code fence and chatter around the apply output", async () => {
		const note = readCorpusNote(EVERGREEN);
		const h = await editHarness({ notes: { [EVERGREEN]: note } });
		h.server.setScript((request) => {
			const changed = editsNote((n) => n.replace("most impactful", "single most impactful"))(request).text ?? "";
			return reply.text(
				`Here is the updated note:\n\n\`\`\`markdown\n${changed}\n\`\`\`\n\nLet me know if you want more changes.`,
			);
		});
		const { result } = await h.declareAndApply({ path: EVERGREEN, operation: "modify", description: "emphasize" });
		expect(result).toMatchObject({
			status: "success",
			data: { stripped: ["leading chatter", "trailing chatter", "code fence"] },
		});
		expect(await h.vault.read(EVERGREEN)).toBe(note.replace("most impactful", "single most impactful"));
	});

	it("refuses a modify that drops more than half of the note", async () => {
		const note = readCorpusNote(EVERGREEN);
		const h = await editHarness({
			notes: { [EVERGREEN]: note },
			replies: [reply.text("Evergreen notes turn ideas into objects.")],
		});
		const { result } = await h.declareAndApply({ path: EVERGREEN, operation: "modify", description: "fix the list" });
		expect(result).toMatchObject({ status: "error", data: { reason: "implausible" } });
		expect(result.message.match(/nothing was written/gi)).toHaveLength(1);
		expect(await h.vault.read(EVERGREEN)).toBe(note);
	});

	it("is a no-op when the apply model returns the note unchanged", async () => {
		const note = readCorpusNote(EVERGREEN);
		const h = await editHarness({ notes: { [EVERGREEN]: note }, replies: [editsNote((n) => n)] });
		const { result } = await h.declareAndApply({ path: EVERGREEN, operation: "modify", description: "nothing" });
		expect(result.status).toBe("no-op");
		expect(await h.history.list(EVERGREEN)).toEqual([]);
	});

	it("sends the current note as the prediction when the apply provider supports it", async () => {
		const note = readCorpusNote(TART);
		const h = await editHarness({
			notes: { [TART]: note },
			prediction: true,
			replies: [editsNote((n) => n.replace("rating: 7", "rating: 9"))],
		});
		await h.declareAndApply({ path: TART, operation: "modify", description: "set rating to 9" });
		expect(h.server.requests[0]?.body.prediction).toEqual({ type: "content", content: note });
		expect(h.server.requests[0]?.body.model).toBe("apply");
	});

	it("sends no prediction when the provider does not support it", async () => {
		const note = readCorpusNote(TART);
		const h = await editHarness({
			notes: { [TART]: note },
			prediction: false,
			replies: [editsNote((n) => n.replace("rating: 7", "rating: 9"))],
		});
		await h.declareAndApply({ path: TART, operation: "modify", description: "set rating to 9" });
		expect(h.server.requests[0]?.body.prediction).toBeUndefined();
	});
});

describe("declareEditIntent: note formats", () => {
	it("keeps a CRLF note with a BOM in its format while the model sees plain LF text", async () => {
		const note = "\uFEFF# Plan\r\n\r\n- one\r\n- two\r\n- three\r\n";
		const h = await editHarness({
			notes: { "Plan.md": note },
			replies: [editsNote((n) => n.replace("- two", "- two and a half"))],
		});
		const { result } = await h.declareAndApply({ path: "Plan.md", operation: "modify", description: "extend two" });
		expect(result.status).toBe("success");
		expect(noteInPrompt(h.applyPrompt())).toBe("# Plan\n\n- one\n- two\n- three\n");
		expect(await h.vault.read("Plan.md")).toBe("\uFEFF# Plan\r\n\r\n- one\r\n- two and a half\r\n- three\r\n");
		expect(result.data?.diff).not.toContain("\r");
	});

	it("emits the intent itself when the runner did not announce it", async () => {
		const h = await editHarness({ notes: { "A.md": "alpha\n" }, replies: [reply.text("beta\n")] });
		const callId = newId("call");
		const args = { path: "A.md", operation: "rewrite" as const, description: "say beta" };
		h.log.append({ type: "tool_call_proposed", callId, tool: "declareEditIntent", args, messageId: "m" });
		const result = await h.declare.run(args, h.context(callId));
		const declared = h.events("edit_intent_declared");
		expect(declared).toMatchObject([{ callId, path: "A.md", operation: "rewrite", description: "say beta" }]);
		expect(result).toMatchObject({ status: "success", data: { editId: declared[0]?.editId } });
	});

	it("stops when the user stops the apply, writing nothing", async () => {
		const note = Array.from({ length: 40 }, (_, i) => `Line ${i} of a note that takes a while to stream.`).join("\n");
		const controller = new AbortController();
		const h = await editHarness({ notes: { "Slow.md": note } });
		h.server.setScript(() => {
			setTimeout(() => controller.abort(), 100);
			return reply.text(note.replace("Line 3", "LINE 3"), { pace: { firstTokenMs: 0, tokensPerSecond: 20 } });
		});
		const { result } = await h.declareAndApply(
			{ path: "Slow.md", operation: "modify", description: "capitalize" },
			controller.signal,
		);
		expect(result).toMatchObject({ status: "error", data: { reason: "aborted" } });
		expect(await h.vault.read("Slow.md")).toBe(note);
	});
});

describe("declareEditIntent: failures the model can act on", () => {
	it("refuses a path that is not a Markdown note", async () => {
		const h = await editHarness({ notes: { "data.json": "{}" } });
		const { result } = await h.declareAndApply({ path: "data.json", operation: "modify", description: "add a key" });
		expect(result.status).toBe("rejected");
		expect(result.message).toMatch(/not a Markdown note/);
		expect(h.server.requests).toHaveLength(0);
	});

	it("refuses a path outside the vault", async () => {
		const h = await editHarness();
		const { result } = await h.declareAndApply({ path: "../outside.md", operation: "create", description: "escape" });
		expect(result.status).toBe("error");
	});

	it("reports an apply model failure as an error the user can retry, writing nothing", async () => {
		const h = await editHarness({
			notes: { "A.md": "alpha\n" },
			replies: [reply.httpError(500, { message: "upstream exploded" })],
		});
		const { result } = await h.declareAndApply({ path: "A.md", operation: "modify", description: "say beta" });
		expect(result).toMatchObject({ status: "error", data: { reason: "model-error" } });
		expect(result.message).toMatch(/apply model failed/);
		expect(await h.vault.read("A.md")).toBe("alpha\n");
	});
});

describe("declareEditIntent: paths", () => {
	it("announces the path as the vault names it", () => {
		const tool = createDeclareEditIntentTool({
			history: undefined as never,
			models: { apply: () => undefined as never, applySupportsPrediction: () => false },
		});
		expect(tool.announce?.({ path: "./Notes//A.md", description: "d" }, { callId: "c", newId })).toMatchObject({
			path: "Notes/A.md",
		});
	});
});
