/**
 * A pinned note stays in view for the whole thread: through the real client and the scripted
 * model server, its latest read reaches the model after dozens of turns of elision and
 * compaction, in a well-formed request; unpinned, it is shortened like any other result.
 * (Written before the fix: on main the read was summarised away within a dozen turns.)
 */
import { describe, expect, it } from "vitest";
import { messageText } from "../../src/sandbox/model-server";
import type { RecordedRequest } from "../../src/sandbox/model-server";
import { readNoteTool } from "../../src/tools/read-note";
import { harness, ofType } from "./support/harness";
import { isSummaryRequest, largeNotes, readingScript } from "./support/long-thread";

const lastMain = (requests: RecordedRequest[]): RecordedRequest => {
	const request = requests.filter((r) => !isSummaryRequest(r)).at(-1);
	if (!request) throw new Error("no model request");
	return request;
};

/** Every tool message answers a call of the assistant message right before its run of results. */
function expectWellFormed(request: RecordedRequest): void {
	let open = new Set<string>();
	for (const message of request.body.messages) {
		if (message.role === "tool") {
			expect(open.has(message.tool_call_id ?? "")).toBe(true);
			continue;
		}
		open = new Set((message.tool_calls ?? []).map((call) => call.id));
	}
}

describe("a pinned note in a long thread", () => {
	it(
		"still reaches the model on turn 60, read once on turn 2, across compactions and a restart; unpinned, it does not",
		{ timeout: 600_000 },
		async () => {
			const h = await harness({ notes: largeNotes(10, 4000), script: readingScript(), tools: [readNoteTool] });
			h.settings.mainModel.contextTokens = 4096;
			const threadId = await h.newThread();
			expect(
				(await h.service.pinItem({ threadId, operation: "pin", pinnedItem: { path: "Notes/Note 10.md" } })).ok,
			).toBe(true);
			const pinnedText = "- Item 5 of note 10:";
			for (let n = 1; n <= 60; n++) {
				if (n === 40) await h.restart();
				await h.send(threadId, n === 2 ? "Read Notes/Note 10.md" : `Read Notes/Note ${(n % 9) + 1}.md`);
			}
			const events = await h.events(threadId);
			expect(ofType(events, "error")).toEqual([]);
			const turn2 = ofType(events, "user_message")[1].seq;
			const compactions = ofType(events, "context_compacted");
			expect(compactions.at(-1)?.fromSeq).toBeLessThanOrEqual(turn2);
			expect(compactions.at(-1)?.toSeq).toBeGreaterThan(turn2);
			const turn60 = lastMain(h.server.requests);
			expect(messageText(turn60.body.messages[0])).toContain(
				`Pinned note "Notes/Note 10.md", as you last read it:\nNotes/Note 10.md (`,
			);
			expect(JSON.stringify(turn60.body.messages)).toContain(pinnedText);
			expectWellFormed(turn60);

			expect(
				(await h.service.pinItem({ threadId, operation: "unpin", pinnedItem: { path: "Notes/Note 10.md" } })).ok,
			).toBe(true);
			await h.send(threadId, "Read Notes/Note 3.md");
			const turn61 = lastMain(h.server.requests);
			expect(JSON.stringify(turn61.body.messages)).not.toContain(pinnedText);
			expectWellFormed(turn61);
		},
	);

	it("is never elided while pinned, and elided as before once unpinned", { timeout: 120_000 }, async () => {
		const h = await harness({ notes: largeNotes(4, 4000), script: readingScript(), tools: [readNoteTool] });
		h.settings.mainModel.contextTokens = 6144;
		const threadId = await h.newThread();
		await h.service.pinItem({ threadId, operation: "pin", pinnedItem: { path: "Notes/Note 1.md" } });
		for (const n of [1, 2, 3, 4, 2]) await h.send(threadId, `Read Notes/Note ${n}.md`);
		// Elision alone: no summary has replaced any turn.
		expect(ofType(await h.events(threadId), "context_compacted")).toEqual([]);
		const stubs = (request: RecordedRequest): string[] =>
			request.body.messages
				.filter((m) => m.role === "tool" && messageText(m).startsWith("[Result left out"))
				.map(messageText);
		const pinned = lastMain(h.server.requests);
		expect(stubs(pinned).length).toBeGreaterThan(0);
		expect(stubs(pinned).some((stub) => stub.includes("Note 1.md"))).toBe(false);
		expect(JSON.stringify(pinned.body.messages)).toContain("- Item 5 of note 1:");

		await h.service.pinItem({ threadId, operation: "unpin", pinnedItem: { path: "Notes/Note 1.md" } });
		await h.send(threadId, "Read Notes/Note 2.md");
		expect(stubs(lastMain(h.server.requests)).some((stub) => stub.includes("Note 1.md"))).toBe(true);
	});

	it(
		"says the pinned notes are too large when their reads alone do not fit the window",
		{ timeout: 120_000 },
		async () => {
			const notes = { ...largeNotes(2, 4000), "Notes/Note 9.md": largeNotes(1, 20_000)["Notes/Note 1.md"] };
			for (const pinned of [true, false]) {
				const h = await harness({ notes, script: readingScript(), tools: [readNoteTool] });
				const threadId = await h.newThread();
				if (pinned) await h.service.pinItem({ threadId, operation: "pin", pinnedItem: { path: "Notes/Note 9.md" } });
				await h.send(threadId, "Read Notes/Note 9.md");
				h.server.setContextLimit({ tokens: 4096 });
				await h.send(threadId, "Read Notes/Note 1.md");
				const errors = ofType(await h.events(threadId), "error");
				if (!pinned) {
					// Unpinned, the big read is shortened and the turn is answered.
					expect(errors).toEqual([]);
					continue;
				}
				expect(errors).toHaveLength(1);
				expect(errors[0].message).toContain("does not fit the model's context window (4,096 tokens)");
				expect(errors[0].message).toContain("pinned notes' last reads alone are too large for it");
				expect(errors[0].message).toContain("unpin a note");
			}
		},
	);
});
