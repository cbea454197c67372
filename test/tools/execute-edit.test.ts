import { describe, expect, it } from "vitest";
import { decide } from "../../src/agent/approvals";
import { reply } from "../../src/sandbox/model-server";
import { revertEvents } from "../../src/thread/history-methods";
import { AccessFloor } from "../../src/vault/access-floor";
import { editHarness } from "../composer/harness";
import { describeWithCorpus, readCorpusNote } from "../support/corpus";

const EVERGREEN = "Notes/Evergreen notes turn ideas into objects that you can manipulate.md";
const PLAN = "# Plan\n\n- write the intro\n- review the draft\n- send it to Anna\n\n## Notes\n\nCall Anna on Monday.\n";

/** A harness with an intent whose apply failed (cut off), so executeEdit has work to do. */
async function withFailedIntent(
	notes: Record<string, string>,
	path: string,
	operation: "create" | "modify" | "rewrite" = "modify",
) {
	const h = await editHarness({ notes, replies: [reply.text("partial", { finishReason: "length" })] });
	const { editId, callId, result } = await h.declareAndApply({ path, operation, description: "tidy the plan" });
	expect(result.data?.reason).toBe("truncated");
	return { h, editId, callId };
}

describe("executeEdit", () => {
	it("tells the model to declare the intent first when the editId is unknown", async () => {
		const h = await editHarness({ notes: { "Plan.md": PLAN } });
		const result = await h.executeEdit({ editId: "edit_nope", edits: [{ search: "Anna", replace: "Bea" }] });
		expect(result.status).toBe("error");
		expect(result.message).toMatch(/Call declareEditIntent first/);
	});

	it("needs no new approval once its intent was approved and applied, and asks otherwise", async () => {
		const h = await editHarness({ notes: { "Plan.md": PLAN } });
		const complete = (callId: string, status: "success" | "error" | "rejected") =>
			h.log.append({ type: "tool_call_completed", callId, result: { status, message: status } });
		const applied = h.propose(h.declare, { path: "Plan.md", operation: "modify", description: "a" }, "approved");
		complete(applied, "success");
		const failed = h.propose(h.declare, { path: "Plan.md", operation: "modify", description: "b" }, "approved");
		complete(failed, "error");
		const refused = h.propose(h.declare, { path: "Plan.md", operation: "modify", description: "c" }, "approved");
		complete(refused, "rejected");
		const notRunYet = h.propose(h.declare, { path: "Plan.md", operation: "modify", description: "d" }, "approved");
		const pending = h.propose(h.declare, { path: "Plan.md", operation: "modify", description: "e" }, "pending");
		const denied = h.propose(h.declare, { path: "Plan.md", operation: "modify", description: "f" }, "denied");
		const state = h.log.state();
		const preApproved = (callId: string) =>
			h.execute.preApproved?.({ editId: state.toolCalls[callId]?.editId ?? "", edits: [] }, state);
		expect(preApproved(applied)).toBe(true);
		for (const callId of [failed, refused, notRunYet, pending, denied]) expect(preApproved(callId)).toBe(false);
		expect(h.execute.preApproved?.({ editId: "edit_unknown", edits: [] }, state)).toBe(false);
		expect(h.execute.defaultPreference).toBe("prompt");
	});

	it("refuses to write for an intent the user declined", async () => {
		const h = await editHarness({ notes: { "Plan.md": PLAN } });
		const callId = h.propose(h.declare, { path: "Plan.md", operation: "modify", description: "c" }, "denied");
		const editId = h.log.state().toolCalls[callId]?.editId ?? "";
		const result = await h.executeEdit({ editId, edits: [{ search: "Monday", replace: "Tuesday" }] });
		expect(result).toMatchObject({ status: "rejected", data: { reason: "denied" } });
		expect(await h.vault.read("Plan.md")).toBe(PLAN);
	});

	it("refuses an executeEdit for an intent the user declined at once, without a card to approve first", async () => {
		const h = await editHarness({ notes: { "Plan.md": PLAN } });
		const callId = h.propose(h.declare, { path: "Plan.md", operation: "modify", description: "c" }, "denied");
		const editId = h.log.state().toolCalls[callId]?.editId ?? "";
		// Before: no refusal, so the user got a card whose Run could only end in "declined".
		const refused = h.execute.refuse?.(
			{ editId, content: "# Plan\n\ngone\n" },
			{ state: h.log.state(), floor: new AccessFloor([]), callId: "call_next" },
		);
		expect(refused).toMatchObject({ status: "rejected", path: "Plan.md", data: { editId, reason: "denied" } });
		expect(refused?.message).toContain('The user declined the edit intent "c" for Plan.md; nothing was written.');
	});

	it("asks again once the user reverted the intent's edit, and not after they put it back", async () => {
		const h = await editHarness({
			notes: { "Plan.md": PLAN },
			replies: [reply.text(PLAN.replace("Monday", "Tuesday"))],
		});
		const { editId, result } = await h.declareAndApply({
			path: "Plan.md",
			operation: "modify",
			description: "move the call to Tuesday",
		});
		expect(result.status).toBe("success");
		const next = { editId, content: PLAN.replace("Monday", "Friday") };
		const policy = () => decide(h.execute, next, h.log.state(), {}, new AccessFloor([]));
		expect(policy()).toBe("approve");
		/** "Revert last change", with the edit_reverted events every revert route appends. */
		const undoLast = async () => {
			const outcome = await h.history.revert("Plan.md");
			if (outcome.status !== "written") throw new Error(outcome.status);
			for (const { event } of revertEvents(outcome.entry)) h.log.append(event);
		};
		// Before: the reverted intent still approved the next write, so it went in without a card.
		await undoLast();
		expect(await h.vault.read("Plan.md")).toBe(PLAN);
		expect(policy()).toBe("ask");
		await undoLast();
		expect(await h.vault.read("Plan.md")).toBe(PLAN.replace("Monday", "Tuesday"));
		expect(policy()).toBe("approve");
	});

	it("applies search/replace edits without any model and reports the diff", async () => {
		const { h, editId } = await withFailedIntent({ "Plan.md": PLAN }, "Plan.md");
		const requests = h.server.requests.length;
		const result = await h.executeEdit({
			editId,
			edits: [{ search: "Call Anna on Monday.", replace: "Call Anna on Tuesday." }],
		});
		expect(result).toMatchObject({
			status: "success",
			path: "Plan.md",
			data: { editId, added: 1, removed: 1, rebased: false },
		});
		expect(result.message).toContain("+Call Anna on Tuesday.");
		expect(await h.vault.read("Plan.md")).toBe(PLAN.replace("Monday", "Tuesday"));
		expect(h.server.requests.length).toBe(requests);
		expect(h.events("edit_applied")).toMatchObject([{ editId, path: "Plan.md" }]);
	});

	it("reports an ambiguous search with the lines of each match and writes nothing", async () => {
		const { h, editId } = await withFailedIntent({ "Plan.md": PLAN }, "Plan.md");
		const result = await h.executeEdit({ editId, edits: [{ search: "Anna", replace: "Bea" }] });
		expect(result).toMatchObject({
			status: "error",
			data: { reason: "edits-failed", failures: [{ kind: "ambiguous", lines: [5, 9] }] },
		});
		expect(await h.vault.read("Plan.md")).toBe(PLAN);
	});

	it("reports a search that is not found with the nearest candidates and writes nothing", async () => {
		const { h, editId } = await withFailedIntent({ "Plan.md": PLAN }, "Plan.md");
		const result = await h.executeEdit({ editId, edits: [{ search: "- reveiw the drafts", replace: "x" }] });
		expect(result.status).toBe("error");
		expect(result.message).toMatch(
			/not found\. Nearest candidates:\nline 4 \(similarity [0-9.]+\):\n- review the draft/,
		);
		expect(await h.vault.read("Plan.md")).toBe(PLAN);
	});

	it("matches whitespace-tolerantly in a CRLF note and keeps it CRLF", async () => {
		const crlf = "# Plan\r\n\r\n-   write  the intro   \r\n- review the draft\r\n";
		const { h, editId } = await withFailedIntent({ "Plan.md": crlf }, "Plan.md");
		const result = await h.executeEdit({
			editId,
			edits: [{ search: "- write the intro\n- review the draft", replace: "- write the intro\n- proofread the draft" }],
		});
		expect(result).toMatchObject({ status: "success", data: { tolerant: [0] } });
		expect(await h.vault.read("Plan.md")).toBe("# Plan\r\n\r\n- write the intro\r\n- proofread the draft\r\n");
	});

	it("writes full content and keeps a BOM and the frontmatter the content dropped", async () => {
		const note = "\uFEFF---\nstatus: draft\n---\n# Plan\n\nOld body.\n";
		const { h, editId } = await withFailedIntent({ "Plan.md": note }, "Plan.md", "rewrite");
		const result = await h.executeEdit({ editId, content: "# Plan\n\nNew body." });
		expect(result).toMatchObject({ status: "success", data: { frontmatterRestored: true } });
		expect(await h.vault.read("Plan.md")).toBe("\uFEFF---\nstatus: draft\n---\n# Plan\n\nNew body.\n");
	});

	it("creates the note of a create intent from content", async () => {
		const { h, editId } = await withFailedIntent({}, "Ideas/New.md", "create");
		const result = await h.executeEdit({ editId, content: "# New\n\nFirst idea." });
		expect(result.status).toBe("success");
		expect(await h.vault.read("Ideas/New.md")).toBe("# New\n\nFirst idea.\n");
	});

	it("refuses edits for a note a create intent has not created", async () => {
		const { h, editId } = await withFailedIntent({}, "Ideas/New.md", "create");
		const result = await h.executeEdit({ editId, edits: [{ search: "a", replace: "b" }] });
		expect(result.status).toBe("error");
		expect(result.message).toMatch(/does not exist yet: pass its content/);
	});

	it("needs exactly one of content and edits", async () => {
		const { h, editId } = await withFailedIntent({ "Plan.md": PLAN }, "Plan.md");
		expect((await h.executeEdit({ editId })).status).toBe("error");
		expect((await h.executeEdit({ editId, content: "x", edits: [{ search: "a", replace: "b" }] })).message).toMatch(
			/exactly one/,
		);
		expect(h.execute.schema.safeParse({ editId, edits: [] }).success).toBe(false);
	});

	it("refuses content that shows nothing (blank, or only zero-width characters) for a short note, under every operation, and writes nothing", async () => {
		const short = "# Plan\n\n- paint the door\n";
		for (const operation of ["modify", "rewrite"] as const) {
			for (const content of ["   \n\n", "\u200b", "\u200b\n\u2060 \n", "\u200d\u200c"]) {
				const { h, editId } = await withFailedIntent({ "Plan.md": short }, "Plan.md", operation);
				const result = await h.executeEdit({ editId, content });
				expect(result, `${operation} ${JSON.stringify(content)}`).toMatchObject({
					status: "error",
					data: { reason: "empty" },
				});
				expect(result.message).toMatch(/^The content is empty/);
				if (content.trim() !== "") expect(result.message).toContain("only invisible characters (U+");
				expect(await h.vault.read("Plan.md")).toBe(short);
			}
		}
	});

	it("refuses edits that leave a note showing nothing but a zero-width space", async () => {
		const short = "# Plan\n\n- paint the door\n";
		const { h, editId } = await withFailedIntent({ "Plan.md": short }, "Plan.md");
		const result = await h.executeEdit({
			editId,
			edits: [{ search: "# Plan\n\n- paint the door\n", replace: "\u200b" }],
		});
		expect(result).toMatchObject({ status: "error", data: { reason: "empty" } });
		expect(result.message).toContain("The edits leave the note empty, as it holds only invisible characters (U+200B)");
		expect(await h.vault.read("Plan.md")).toBe(short);
	});

	it("is a no-op when the edits change nothing", async () => {
		const { h, editId } = await withFailedIntent({ "Plan.md": PLAN }, "Plan.md");
		const result = await h.executeEdit({ editId, edits: [{ search: "Monday", replace: "Monday" }] });
		expect(result.status).toBe("no-op");
	});
});

describeWithCorpus("executeEdit on a real note", () => {
	it("refuses content that drops more than half of a note under a modify intent", async () => {
		const note = readCorpusNote(EVERGREEN);
		const { h, editId } = await withFailedIntent({ [EVERGREEN]: note }, EVERGREEN);
		const result = await h.executeEdit({ editId, content: "Evergreen notes are great." });
		expect(result).toMatchObject({ status: "error", data: { reason: "implausible" } });
		expect(await h.vault.read(EVERGREEN)).toBe(note);
	});

	it("follows up an applied edit under the same intent", async () => {
		const note = readCorpusNote(EVERGREEN);
		const h = await editHarness({
			notes: { [EVERGREEN]: note },
			replies: [reply.text(note.replace("- etc", "- and so on"))],
		});
		const { editId, result } = await h.declareAndApply({
			path: EVERGREEN,
			operation: "modify",
			description: "replace etc",
		});
		expect(result.status).toBe("success");
		const fix = await h.executeEdit({ editId, edits: [{ search: "- and so on", replace: "- and more" }] });
		expect(fix.status).toBe("success");
		expect(await h.vault.read(EVERGREEN)).toBe(note.replace("- etc", "- and more"));
		expect(await h.history.list(EVERGREEN)).toHaveLength(2);
	});
});
