/**
 * A stored title is the chat's name, never a display: it never ends with the "…" a list draws when
 * it runs out of room. The first-words title is the message itself up to the title limit, cut at a
 * word; a model's over-long title is cut at a word too. An automatic title an older version stored
 * with a trailing "…" is read without it (the log is not rewritten): the list shows it without, and
 * Rename starts from it. A "…" the user typed is theirs and stays.
 */
import { describe, expect, it } from "vitest";
import { MemoryStore } from "../../src/store/memory-store";
import { threadLogKey } from "../../src/log/log";
import { cutTitle, MAX_TITLE_CHARS } from "../../src/log/title-limit";
import { messageTitle, type TitleMaker } from "../../src/thread/auto-title";
import { THREAD_INDEX_KEY } from "../../src/thread/thread-index";
import { eventsOf, makeService, mustCreate, stateOf } from "./support/service";

const MESSAGES = [
	"Hi",
	"Add a summary at the top of my note about slow reading",
	"Remove all the headings from my daily note please",
	"Summarize [[Projects/Plan|the plan]]\n\nin three bullets",
	"word ".repeat(120),
	"Supercalifragilisticexpialidocious".repeat(10),
	`${"x".repeat(MAX_TITLE_CHARS - 3)} and more`,
];

const endsWithDisplayEllipsis = (title: string): boolean => /(…|\.\.\.)$/u.test(title);

function line(seq: number, event: Record<string, unknown>): string {
	return `${JSON.stringify({ seq, threadId: "t_old", at: `2026-01-01T00:00:0${seq}.000Z`, ...event })}\n`;
}

/** A log an older version wrote: the first-words title with its display ellipsis stored. */
function olderLog(renamed: { title: string; by?: "auto" | "user" }): MemoryStore {
	return new MemoryStore({
		[threadLogKey("t_old")]:
			line(1, { type: "thread_created", v: 1 }) + line(2, { type: "thread_renamed", ...renamed }),
	});
}

describe("stored titles", () => {
	it.each(MESSAGES)("never end with a display ellipsis: %j", (message) => {
		const title = messageTitle(message);
		expect(endsWithDisplayEllipsis(title)).toBe(false);
		expect(Array.from(title).length).toBeLessThanOrEqual(MAX_TITLE_CHARS);
		expect(title).not.toBe("");
	});

	it("keep the whole first message when it fits, links unwrapped, on one line", () => {
		expect(messageTitle("Add a summary at the top of my note about slow reading")).toBe(
			"Add a summary at the top of my note about slow reading",
		);
		expect(messageTitle("Summarize [[Projects/Plan|the plan]]\n\nin three bullets")).toBe(
			"Summarize the plan in three bullets",
		);
	});

	it("cut a longer message at a word, within the limit", () => {
		const title = messageTitle("word ".repeat(120));
		expect(title).toMatch(/^(word )+word$/);
		expect(title.length).toBeGreaterThan(MAX_TITLE_CHARS - 6);
		// One word longer than the limit is cut where it must be.
		expect(messageTitle("Supercalifragilisticexpialidocious".repeat(10))).toHaveLength(MAX_TITLE_CHARS);
	});

	it("cut a model's over-long title at a word too", () => {
		const title = cutTitle(`Garden plan ${"seedlings ".repeat(40)}`);
		expect(title).toMatch(/^Garden plan (seedlings )+seedlings$/);
	});

	it("are stored whole by the first-words fallback when the title model fails", async () => {
		const failing: TitleMaker = { title: () => Promise.reject(new Error("no model")) };
		const { service } = makeService({ titles: failing });
		const threadId = await mustCreate(service);
		const content = "Add a summary at the top of my note about the garden"; // no driver keyword
		await service.sendMessage({ threadId, content });
		await service.settled(threadId);
		const renamed = (await eventsOf(service, threadId)).filter((e) => e.type === "thread_renamed");
		expect(renamed.map((e) => ("title" in e ? e.title : null))).toEqual([content]);
		await service.close();
	});

	it("read an older automatic title without its stored ellipsis, in the chat and in the list", async () => {
		const store = olderLog({ title: "Add a summary at the top…", by: "auto" });
		const { service } = makeService({ store });
		expect((await stateOf(service, "t_old")).title).toBe("Add a summary at the top");
		const listed = await service.listThreads();
		expect(listed.ok && listed.threads.map((t) => t.title)).toEqual(["Add a summary at the top"]);
		await service.close();
	});

	it("list an older automatic title without its ellipsis even when the saved index still holds it", async () => {
		const store = olderLog({ title: "Add a summary at the top…", by: "auto" });
		const stale = { threadId: "t_old", title: "Add a summary at the top…", createdAt: "2026-01-01T00:00:01.000Z" };
		await store.write(
			THREAD_INDEX_KEY,
			JSON.stringify({ threads: [{ ...stale, updatedAt: "2026-01-01T00:00:02.000Z", lastSeq: 2 }] }),
		);
		const { service } = makeService({ store });
		const listed = await service.listThreads();
		expect(listed.ok && listed.threads.map((t) => t.title)).toEqual(["Add a summary at the top"]);
		await service.close();
	});

	it("keep an ellipsis the user typed", async () => {
		const { service } = makeService({ store: olderLog({ title: "Wait for it…", by: "user" }) });
		expect((await stateOf(service, "t_old")).title).toBe("Wait for it…");
		const threadId = await mustCreate(service);
		expect(await service.renameThread({ threadId, title: "To be continued…" })).toEqual({ ok: true });
		expect((await stateOf(service, threadId)).title).toBe("To be continued…");
		await service.close();
	});
});
