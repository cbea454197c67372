/**
 * Thread titles are at most 200 characters: a title the user gives (create, rename over RPC) that
 * is longer is refused with a clear error and nothing changes; a title a model makes is cut (no
 * ellipsis stored); a long title an older log already holds is listed cut.
 */
import { describe, expect, it } from "vitest";
import { MemoryStore } from "../../src/store/memory-store";
import { threadLogKey } from "../../src/log/log";
import { MAX_TITLE_CHARS } from "../../src/log/title-limit";
import type { TitleMaker } from "../../src/thread/auto-title";
import { eventsOf, makeService, mustCreate, stateOf } from "./support/service";

const huge = "A very long title ".repeat(50_000); // about 900 KB

describe("thread titles", () => {
	it("refuses a 900 KB title on rename and on create, and keeps the one it had", async () => {
		const { service, store } = makeService();
		const threadId = await mustCreate(service, "Plans");
		const renamed = await service.renameThread({ threadId, title: huge });
		expect(renamed).toMatchObject({ ok: false, error: { code: "bad_params" } });
		expect(!renamed.ok && renamed.error.message).toContain(`at most ${MAX_TITLE_CHARS} characters`);
		expect(await service.createThread({ title: huge })).toMatchObject({ ok: false, error: { code: "bad_params" } });
		expect((await stateOf(service, threadId)).title).toBe("Plans");
		expect(await service.renameThread({ threadId, title: "x".repeat(MAX_TITLE_CHARS) })).toEqual({ ok: true });
		await service.close();
		expect((await store.read(threadLogKey(threadId)))?.length).toBeLessThan(2000);
	});

	it("cuts a model's over-long title to 200 characters, on one line, without an ellipsis", async () => {
		const maker: TitleMaker = { title: () => Promise.resolve(`Garden\nplan ${huge}`) };
		const { service } = makeService({ titles: maker });
		const threadId = await mustCreate(service);
		await service.sendMessage({ threadId, content: "Plan the garden" });
		await service.settled(threadId);
		const renamed = (await eventsOf(service, threadId)).find((e) => e.type === "thread_renamed");
		const title = renamed && "title" in renamed ? String(renamed.title) : "";
		expect(title.length).toBeLessThanOrEqual(MAX_TITLE_CHARS);
		expect(title.length).toBeGreaterThan(MAX_TITLE_CHARS - 20);
		expect(title.startsWith("Garden plan A very long title")).toBe(true);
		expect(title).not.toContain("…");
		await service.close();
	});

	it("lists a long title an older log holds cut to 200 characters", async () => {
		const store = new MemoryStore({
			[threadLogKey("t_old")]:
				`${JSON.stringify({ seq: 1, threadId: "t_old", at: "2026-01-01T00:00:00.000Z", type: "thread_created", title: huge, v: 1 })}\n`,
		});
		const { service } = makeService({ store });
		const listed = await service.listThreads();
		const title = (listed.ok && listed.threads[0]?.title) || "";
		expect(title.length).toBeLessThanOrEqual(MAX_TITLE_CHARS);
		expect(title.length).toBeGreaterThan(MAX_TITLE_CHARS - 20);
		await service.close();
	});
});
