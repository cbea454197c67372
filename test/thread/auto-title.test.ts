/**
 * Chats name themselves after the first reply (thread service + ScriptedDriver, with a title
 * maker the test controls): thread_renamed by "auto", once, only when the chat has no title, and
 * never over a title the user gave meanwhile. The model side is test/integration/auto-title.test.ts.
 */
import { describe, expect, it, vi } from "vitest";
import { messageTitle, type TitleMaker } from "../../src/thread/auto-title";
import type { StoredEvent } from "../../src/log/events";
import { MAX_IDLE_LOGS } from "../../src/thread/service";
import { eventsOf, makeService, mustCreate, stateOf } from "./support/service";
import { sleep } from "../../src/node/timers";

type Renamed = Extract<StoredEvent, { type: "thread_renamed" }>;
const renames = (events: StoredEvent[]) => events.filter((e): e is Renamed => e.type === "thread_renamed");

/** A title maker that answers when the test says so, and records what it was asked. */
function heldTitles() {
	const asked: string[] = [];
	const waiting: Array<{ resolve: (title: string) => void; reject: (error: Error) => void; signal: AbortSignal }> = [];
	const maker: TitleMaker = {
		title(message, signal) {
			asked.push(message);
			return new Promise((resolve, reject) => {
				waiting.push({ resolve, reject, signal });
				signal.addEventListener("abort", () => reject(new Error("aborted")), { once: true });
			});
		},
	};
	return { maker, asked, waiting };
}

async function until(check: () => boolean): Promise<void> {
	await vi.waitFor(() => expect(check()).toBe(true), { timeout: 5000, interval: 5 });
}

describe("automatic chat titles", () => {
	it("are made once the first reply is in and the turn let go, from the first message, by auto", async () => {
		const titles = heldTitles();
		const { service } = makeService({ titles: titles.maker });
		const threadId = await mustCreate(service);
		await service.sendMessage({ threadId, content: "Plan the garden for spring" });
		await until(() => titles.asked.length === 1);
		// The turn is over before the title is asked for: the call never competes with it.
		expect((await stateOf(service, threadId)).status).toBe("idle");
		expect(titles.asked).toEqual(["Plan the garden for spring"]);
		titles.waiting[0]?.resolve("Spring garden plan");
		await service.settled(threadId);
		expect(renames(await eventsOf(service, threadId))).toMatchObject([{ title: "Spring garden plan", by: "auto" }]);
		const listed = await service.listThreads();
		expect(listed.ok && listed.threads[0]?.title).toBe("Spring garden plan");

		await service.sendMessage({ threadId, content: "And the roses?" });
		await service.settled(threadId);
		expect(titles.asked).toHaveLength(1);
		await service.close();
	});

	it("are made when the first reply waits for approval, without waiting for the user", async () => {
		const titles = heldTitles();
		const { service } = makeService({ titles: titles.maker });
		const threadId = await mustCreate(service);
		await service.sendMessage({ threadId, content: "read my daily note" });
		await until(() => titles.asked.length === 1);
		expect((await stateOf(service, threadId)).status).toBe("waiting_for_approval");
		titles.waiting[0]?.resolve("Daily note");
		await service.settled(threadId);
		expect((await stateOf(service, threadId)).title).toBe("Daily note");
		await service.close();
	});

	it("fall back to the message itself when the title call fails or gives nothing", async () => {
		for (const outcome of ["fails", "empty"] as const) {
			const titles = heldTitles();
			const { service } = makeService({ titles: titles.maker });
			const threadId = await mustCreate(service);
			const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
			await service.sendMessage({
				threadId,
				content: "Remove all headings from [[Daily/2026-11-28|today's note]] and tidy the lists",
			});
			await until(() => titles.waiting.length === 1);
			if (outcome === "fails") titles.waiting[0]?.reject(new Error("HTTP 500"));
			else titles.waiting[0]?.resolve("  ");
			await service.settled(threadId);
			warn.mockRestore();
			expect(renames(await eventsOf(service, threadId))).toMatchObject([
				{ title: "Remove all headings from today's note and tidy the lists", by: "auto" },
			]);
			await service.close();
		}
	});

	it("are not made for a chat that has a title: given at creation, or renamed by the user", async () => {
		const titles = heldTitles();
		const { service } = makeService({ titles: titles.maker });
		const named = await mustCreate(service, "Garden");
		const renamed = await mustCreate(service);
		await service.renameThread({ threadId: renamed, title: "Roses" });
		for (const threadId of [named, renamed]) {
			await service.sendMessage({ threadId, content: "Hello there" });
			await service.settled(threadId);
		}
		expect(titles.asked).toEqual([]);
		expect(renames(await eventsOf(service, renamed))).toMatchObject([{ title: "Roses", by: "user" }]);
		await service.close();
	});

	it("are dropped when the user renames the chat while the title is being made", async () => {
		const titles = heldTitles();
		const { service } = makeService({ titles: titles.maker });
		const threadId = await mustCreate(service);
		await service.sendMessage({ threadId, content: "Plan the garden" });
		await until(() => titles.waiting.length === 1);
		await service.renameThread({ threadId, title: "My garden" });
		titles.waiting[0]?.resolve("Garden plan");
		await service.settled(threadId);
		expect(renames(await eventsOf(service, threadId)).map((e) => [e.title, e.by])).toEqual([["My garden", "user"]]);
		await service.close();
	});

	it("are not made after a failed first reply (the next good one titles the chat)", async () => {
		const titles = heldTitles();
		const { service } = makeService({ titles: titles.maker });
		const threadId = await mustCreate(service);
		await service.sendMessage({ threadId, content: "throw please" });
		await service.settled(threadId);
		expect(titles.asked).toEqual([]);
		await service.sendMessage({ threadId, content: "Plan the garden" });
		await until(() => titles.asked.length === 1);
		// From the chat's first message, as promised, even though its first reply failed.
		expect(titles.asked).toEqual(["throw please"]);
		await service.close();
	});

	it("keep the chat's log loaded while the title is made, however many chats are idle meanwhile", async () => {
		const titles = heldTitles();
		const { service } = makeService({ titles: titles.maker });
		const ids: string[] = [];
		for (let i = 0; i < MAX_IDLE_LOGS + 4; i++) {
			const threadId = await mustCreate(service);
			ids.push(threadId);
			await service.sendMessage({ threadId, content: `Chat number ${i}` });
			await service.idle(threadId);
		}
		await until(() => titles.waiting.length === ids.length);
		// Let the service unload what it considers idle.
		await sleep(20);
		titles.waiting.forEach((w, i) => w.resolve(`Title ${i}`));
		for (const threadId of ids) await service.settled(threadId);
		for (const [i, threadId] of ids.entries()) expect((await stateOf(service, threadId)).title).toBe(`Title ${i}`);
		await service.close();
	});

	it("survive a restart without a second title; one in flight when Redline quits is made after the next reply", async () => {
		const titles = heldTitles();
		const first = makeService({ titles: titles.maker });
		const threadId = await mustCreate(first.service);
		await first.service.sendMessage({ threadId, content: "Plan the garden" });
		await until(() => titles.waiting.length === 1);
		await first.service.close();
		expect(titles.waiting[0]?.signal.aborted).toBe(true);
		expect(renames(await eventsOf(makeService({ store: first.store }).service, threadId))).toEqual([]);

		const again = heldTitles();
		const second = makeService({ store: first.store, titles: again.maker });
		await second.service.sendMessage({ threadId, content: "And the roses?" });
		await until(() => again.waiting.length === 1);
		again.waiting[0]?.resolve("Garden plan");
		await second.service.settled(threadId);
		await second.service.close();

		const third = heldTitles();
		const reopened = makeService({ store: first.store, titles: third.maker });
		await reopened.service.sendMessage({ threadId, content: "And the tulips?" });
		await reopened.service.settled(threadId);
		expect(third.asked).toEqual([]);
		expect(renames(await eventsOf(reopened.service, threadId)).map((e) => e.title)).toEqual(["Garden plan"]);
		await reopened.service.close();
	});
});

describe("messageTitle", () => {
	it("is the message on one line, links unwrapped, never marked with a stored ellipsis", () => {
		expect(messageTitle("Hi")).toBe("Hi");
		expect(messageTitle("Remove all headings from Daily.md")).toBe("Remove all headings from Daily.md");
		expect(messageTitle("Remove all the headings from my daily note please")).toBe(
			"Remove all the headings from my daily note please",
		);
		expect(messageTitle("Summarize [[Projects/Plan]]\n\nin three bullets")).toBe(
			"Summarize Projects/Plan in three bullets",
		);
	});
});
