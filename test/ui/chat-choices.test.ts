/**
 * The chat list's data, as both hosts show it: full titles (never cut), relative dates, newest
 * first, and two chats with the same title told apart by their dates.
 */
import { describe, expect, it } from "vitest";
import { chatChoices, filterChats, relativeTime } from "../../src/ui/chat-choices";
import type { ThreadSummary } from "../../src/thread/service-api";

const NOW = new Date(2026, 10, 28, 15, 0, 0);
const ago = (ms: number) => new Date(NOW.getTime() - ms).toISOString();
const MIN = 60_000;
const HOUR = 60 * MIN;
const chat = (threadId: string, title: string | undefined, updatedAt: string): ThreadSummary => ({
	threadId,
	...(title !== undefined ? { title } : {}),
	createdAt: updatedAt,
	updatedAt,
	lastSeq: 1,
});

describe("relativeTime", () => {
	it.each([
		[ago(20_000), "just now"],
		[ago(5 * MIN), "5 min ago"],
		[ago(2 * HOUR), "2 h ago"],
		[ago(15 * HOUR), "15 h ago"],
		[ago(16 * HOUR), "yesterday"],
		[ago(30 * HOUR), "yesterday"],
		[ago(3 * 24 * HOUR), "3 days ago"],
	])("says %s as %j", (at, said) => expect(relativeTime(at, NOW)).toBe(said));

	it("gives the date past a week, with the year only when it is another", () => {
		expect(relativeTime(new Date(2026, 2, 3, 9).toISOString(), NOW)).toBe(
			new Date(2026, 2, 3).toLocaleDateString(undefined, { day: "numeric", month: "short" }),
		);
		expect(relativeTime(new Date(2025, 2, 3, 9).toISOString(), NOW)).toContain("2025");
	});
});

describe("chatChoices", () => {
	const long = `Add a summary at the top of ${"every note ".repeat(15)}`.trim();

	it("lists newest first with full titles, and twins differ by their date", () => {
		const choices = chatChoices(
			[
				chat("a", long, ago(26 * HOUR)),
				chat("b", "Remove all headings from Daily/2026-11-28.md", ago(2 * HOUR)),
				chat("c", "Remove all headings from Daily/2026-11-28.md", ago(2 * HOUR + 20 * MIN)),
				chat("d", "Remove all headings from Daily/2026-11-28.md", ago(2 * HOUR + 20 * MIN + 15_000)),
			],
			{ threadId: "a", title: undefined },
			NOW,
		);
		expect(choices.map((c) => c.threadId)).toEqual(["b", "c", "d", "a"]);
		expect(choices[3]).toMatchObject({ title: long, when: "yesterday", current: true });
		const twins = choices.slice(0, 3).map((c) => c.when);
		expect(new Set(twins).size).toBe(3);
		for (const when of twins) expect(when).toMatch(/^2 h ago · /);
	});

	it("names the chat on screen by its log's title, and lists it before the list knows it", () => {
		const choices = chatChoices([chat("a", "Old name", ago(HOUR))], { threadId: "new", title: "Brand new" }, NOW);
		expect(choices.map((c) => [c.threadId, c.title, c.when])).toEqual([
			["new", "Brand new", "just now"],
			["a", "Old name", "1 h ago"],
		]);
		expect(chatChoices([chat("a", "Old name", ago(HOUR))], { threadId: "a", title: "Renamed" }, NOW)[0]?.title).toBe(
			"Renamed",
		);
	});
});

describe("filterChats", () => {
	it("keeps the chats whose title holds every word typed, in any case", () => {
		const choices = chatChoices(
			[chat("a", "Plan the garden", ago(MIN)), chat("b", "Tidy the daily note", ago(2 * MIN))],
			{ threadId: null, title: undefined },
			NOW,
		);
		expect(filterChats(choices, "").map((c) => c.threadId)).toEqual(["a", "b"]);
		expect(filterChats(choices, "THE garden").map((c) => c.threadId)).toEqual(["a"]);
		expect(filterChats(choices, "daily tidy").map((c) => c.threadId)).toEqual(["b"]);
		expect(filterChats(choices, "zebra")).toEqual([]);
	});
});
