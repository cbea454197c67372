/**
 * Pins say what they do (issue 30), through the service, the real client and the scripted model:
 * a note pinned for the next message reaches the model with that message and is unpinned by an
 * event the service appends when the message is sent, so the next request about another note
 * does not carry it; a pin kept for every message in the chat reaches every request, and both
 * kinds survive a reload as they were.
 */
import { describe, expect, it } from "vitest";
import { reply, scripted } from "../../src/sandbox/model-server";
import type { RecordedRequest } from "../../src/sandbox/model-server";
import { readNoteTool } from "../../src/tools/read-note";
import { harness, ofType } from "./support/harness";

const NOTES = { "Daily.md": "# Daily\nmilk\n", "Travel.md": "# Travel\nKyoto\n", "Recipes.md": "# Recipes\n" };

/** Everything the model was told in a request (system prompt and messages). */
const told = (request: RecordedRequest | undefined): string => JSON.stringify(request?.body.messages ?? []);
/** The last user message of a request. */
const lastUser = (request: RecordedRequest | undefined): string =>
	JSON.stringify((request?.body.messages ?? []).filter((m) => m.role === "user").at(-1));

describe("pins and the messages they go with", () => {
	it("a pin for the next message goes with that message only, and its clearing is an event", async () => {
		const h = await harness({
			notes: NOTES,
			tools: [readNoteTool],
			script: scripted(reply.text("Summary of Daily."), reply.text("Travel is about Kyoto.")),
		});
		const threadId = await h.newThread();
		expect(
			(
				await h.service.pinItem({
					threadId,
					operation: "pin",
					pinnedItem: { path: "Daily.md", scope: "message" },
				})
			).ok,
		).toBe(true);
		await h.send(threadId, "Summarize this");
		expect(lastUser(h.server.requests[0])).toContain('[Pinned notes: \\"Daily.md\\"]');

		const events = await h.events(threadId);
		const sent = ofType(events, "user_message")[0];
		const cleared = ofType(events, "item_unpinned");
		expect(sent?.pinned).toEqual([{ path: "Daily.md", scope: "message" }]);
		expect(cleared.map((e) => e.item)).toEqual([{ path: "Daily.md", scope: "message" }]);
		expect(cleared[0].seq).toBeGreaterThan(sent.seq);
		expect((await h.state(threadId)).pinned).toEqual([]);

		await h.send(threadId, "What is Travel.md about?");
		expect(told(h.server.requests[1])).toContain("Travel.md about?");
		expect(lastUser(h.server.requests[1])).not.toContain("Daily.md");
		expect(told(h.server.requests[1])).not.toContain("pinned these notes");
	});

	it("a pin kept for the chat goes with every message, and both kinds survive a reload", async () => {
		const h = await harness({
			notes: NOTES,
			tools: [readNoteTool],
			script: scripted(reply.text("One."), reply.text("Two."), reply.text("Three.")),
		});
		const threadId = await h.newThread();
		const pin = (path: string, scope: "message" | "chat") =>
			h.service.pinItem({ threadId, operation: "pin", pinnedItem: { path, scope } });
		// Pinned for one message, then switched to kept from its chip.
		await pin("Daily.md", "message");
		expect((await pin("Daily.md", "chat")).ok).toBe(true);
		expect((await h.state(threadId)).pinned).toEqual([{ path: "Daily.md", scope: "chat" }]);
		await h.send(threadId, "First");
		await h.send(threadId, "Second");
		expect(lastUser(h.server.requests[1])).toContain("Daily.md");
		expect(told(h.server.requests[1])).toContain('The user pinned these notes as context: \\"Daily.md\\"');

		await pin("Travel.md", "message");
		await h.restart();
		expect((await h.state(threadId)).pinned).toEqual([
			{ path: "Daily.md", scope: "chat" },
			{ path: "Travel.md", scope: "message" },
		]);
		await h.send(threadId, "Third");
		expect(lastUser(h.server.requests[2])).toContain('[Pinned notes: \\"Daily.md\\", \\"Travel.md\\"]');
		expect((await h.state(threadId)).pinned).toEqual([{ path: "Daily.md", scope: "chat" }]);
	});

	it("a pin from a log written before scopes is kept, as it always was", async () => {
		const h = await harness({
			notes: NOTES,
			tools: [readNoteTool],
			script: scripted(reply.text("One."), reply.text("Two.")),
		});
		const threadId = await h.newThread();
		await h.service.pinItem({ threadId, operation: "pin", pinnedItem: { path: "Recipes.md" } });
		await h.send(threadId, "First");
		await h.send(threadId, "Second");
		expect(lastUser(h.server.requests[1])).toContain("Recipes.md");
		expect(ofType(await h.events(threadId), "item_unpinned")).toEqual([]);
	});
});
