/**
 * The context meter's estimate of the NEXT request (issue 33, v1.context.measure), through the real
 * LangChain client and the scripted server: before a message is sent, the service answers what
 * the request it starts will hold, and that request's context_measured (appended just before it is
 * sent, by the code that fitted it) is the very same numbers, over a 30-turn thread that compacts.
 * A new chat's estimate is its system prompt, tools and standing instructions before anything is
 * sent; a long message, a pinned note or a chip moves it before sending.
 */
import { describe, expect, it, vi } from "vitest";
import type { ThreadEvent } from "../../src/log/events";
import { reply } from "../../src/sandbox/model-server";
import type { NextRequest } from "../../src/thread/context-measure";
import { readNoteTool } from "../../src/tools/read-note";
import { harness, ofType } from "./support/harness";
import type { Harness } from "./support/harness";
import { largeNotes, readingScript } from "./support/long-thread";
import { HOSTS, stack } from "./support/redline-stack";

const INSTRUCTIONS = "# Instructions\n- Never touch Journal/.\n- Name meeting notes YYYY-MM-DD Topic.";

async function measure(
	h: Pick<Harness, "service">,
	params: Parameters<Harness["service"]["measureContext"]>[0],
): Promise<NextRequest> {
	const answer = await h.service.measureContext(params);
	if (!answer.ok) throw new Error(answer.error.message);
	return answer.measured;
}

/** The numbers an estimate states, as a context_measured event holds them. */
function asMeasured(estimate: NextRequest): Omit<NextRequest, "compactsFirst"> {
	const { compactsFirst: _, ...measured } = estimate;
	return measured;
}

/** The numbers a request's context_measured holds. */
function carriedBy(event: Extract<ThreadEvent, { type: "context_measured" }> | undefined) {
	if (!event) throw new Error("no context_measured");
	const { seq: _s, at: _a, threadId: _t, type: _y, ...carried } = event;
	return carried;
}

describe("the next request's estimate", () => {
	it("in a new chat, before anything is sent, is the system prompt, the tools and the standing instructions, and the first request holds exactly that", async () => {
		const h = await harness({
			notes: { ...largeNotes(2, 2000), "Redline/Instructions.md": INSTRUCTIONS },
			script: readingScript(),
			tools: [readNoteTool],
		});
		h.settings.mainModel.contextTokens = 8192;
		const empty = await measure(h, {});
		expect(empty.parts.system).toBeGreaterThan(50);
		expect(empty.parts.tools).toBeGreaterThan(20);
		expect(empty.parts.instructions).toBeGreaterThan(10);
		expect(empty.parts.toolResults).toBe(0);
		expect(empty.window).toBe(8192);
		expect(empty.tokens).toBe(Object.values(empty.parts).reduce((sum, n) => sum + n, 0));

		const content = "Read Notes/Note 1.md";
		const typed = await measure(h, { draft: { content } });
		expect(typed.tokens).toBeGreaterThan(empty.tokens);
		const long = await measure(h, { draft: { content: `${content} ${"and tell me more ".repeat(200)}` } });
		expect(long.parts.conversation - typed.parts.conversation).toBeGreaterThan(600);

		const threadId = await h.newThread();
		expect(await measure(h, { threadId, draft: { content } })).toEqual(typed);
		await h.send(threadId, content);
		const [first] = ofType(await h.events(threadId), "context_measured");
		expect(carriedBy(first)).toEqual(asMeasured(typed));
	});

	it(
		"equals the context_measured of the request each message then starts, over a 30-turn thread that compacts, and is within 2 % of prompt_tokens",
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
			let exact = 0;
			let compactedFirst = 0;
			const deviations: number[] = [];
			let compactedAt: number | undefined;
			const exactTurns: number[] = [];
			for (let turn = 1; turn <= 30; turn++) {
				const content = `Read Notes/Note ${((turn - 1) % 10) + 1}.md`;
				const estimate = await measure(h, { threadId, draft: { content } });
				const seen = (await h.events(threadId)).length;
				await h.send(threadId, content);
				const events = (await h.events(threadId)).slice(seen);
				const [request] = ofType(events, "context_measured");
				const [completed] = ofType(events, "assistant_message_completed");
				if (!request || !completed) throw new Error(`turn ${turn} made no request`);
				const carried = carriedBy(request);
				if (estimate.compactsFirst) {
					// The request compacts earlier messages before it is sent: it holds less than estimated.
					compactedFirst++;
					expect(ofType(events, "context_compacted").length).toBeGreaterThan(0);
					expect(carried.tokens).toBeLessThan(estimate.tokens);
				} else {
					expect(carried).toEqual(asMeasured(estimate));
					exact++;
					exactTurns.push(turn);
				}
				const actual = completed.usage?.promptTokens;
				if (actual === undefined) throw new Error("the scripted server reports prompt_tokens");
				if (turn > 1 && !estimate.compactsFirst) deviations.push(Math.abs(estimate.tokens - actual) / actual);
				if (compactedAt === undefined && ofType(events, "context_compacted").length > 0) compactedAt = turn;
			}
			expect(exact + compactedFirst).toBe(30);
			expect(exact).toBeGreaterThanOrEqual(20);
			expect(Math.max(...deviations)).toBeLessThanOrEqual(0.02);
			// After a compaction the estimate is of the compacted conversation: the next turn's request held exactly it.
			expect(compactedAt).toBeDefined();
			expect(exactTurns).toContain(compactedAt! + 1);
		},
	);
});

describe.each(HOSTS)("the next request's estimate over $name", (host) => {
	it("moves when a chip is added or a note pinned, before sending, and the request carries what it said", async () => {
		const notes: Record<string, string> = { "Hub.md": "# Hub\nSee [[Alpha]]." };
		for (let n = 1; n <= 12; n++)
			notes[`Projects/Plan ${n}.md`] = `# Plan ${n}\n${"Milestones and owners. ".repeat(30)}`;
		const s = await stack(host, notes, [reply.text("Done."), reply.text("Again.")]);
		const { threadId } = s;
		const content = "Summarise the plans";
		const before = await measure(s, { threadId, draft: { content } });

		const item = { folder: "Projects", scope: "message" as const };
		const previewed = await s.service.previewContext({ threadId, item });
		if (!previewed.ok) throw new Error(previewed.error.message);
		// Asked with the chip as the draft's, and with the chip pinned: the same estimate.
		const drafted = await measure(s, { threadId, draft: { content, pinned: [item] } });
		expect((await s.service.pinItem({ threadId, operation: "pin", pinnedItem: item })).ok).toBe(true);
		const withChip = await measure(s, { threadId, draft: { content } });
		expect(drafted).toEqual(withChip);
		// What the chip's preview said it adds (the preview rounds note by note).
		const added = withChip.parts.pinned - before.parts.pinned;
		expect(Math.abs(added - previewed.preview.tokens)).toBeLessThanOrEqual(previewed.preview.notes.length + 5);
		expect(withChip.tokens - before.tokens).toBeGreaterThan(1000);

		// Asked again as the user types, it reads no note again; a change in the vault is read.
		const reads = vi.spyOn(s.vault, "read");
		const list = vi.spyOn(s.vault, "list");
		await measure(s, { threadId, draft: { content: `${content} now` } });
		expect(reads).not.toHaveBeenCalled();
		expect(list).not.toHaveBeenCalled();
		await s.vault.process("Projects/Plan 1.md", (text) => `${text}\n${"A new milestone. ".repeat(100)}`);
		const grown = await measure(s, { threadId, draft: { content } });
		expect(grown.parts.pinned - withChip.parts.pinned).toBeGreaterThan(300);
		reads.mockRestore();
		list.mockRestore();

		const pin = { path: "Hub.md", scope: "chat" as const };
		expect((await s.service.pinItem({ threadId, operation: "pin", pinnedItem: pin })).ok).toBe(true);
		const withPin = await measure(s, { threadId, draft: { content } });
		expect(withPin.tokens).toBeGreaterThan(grown.tokens);

		await s.send(content);
		const [request] = ofType(await s.events(), "context_measured");
		expect(carriedBy(request)).toEqual(asMeasured(withPin));

		// The chip went with that message; the next one carries only the chat's pin, as estimated.
		const next = await measure(s, { threadId, draft: { content: "And now?" } });
		await s.send("And now?");
		const second = ofType(await s.events(), "context_measured")[1];
		expect(carriedBy(second)).toEqual(asMeasured(next));
	});
});
