/**
 * The chat list as both hosts show it (Obsidian's SuggestModal, the pane's own list): every chat
 * with its full title and when it was last active, newest first. Two chats with the same title
 * are told apart by their date: theirs carries the time of day too. Titles are never cut here;
 * only CSS may wrap or clip what does not fit.
 */
import type { ThreadSummary } from "../thread/service-api";

export interface ChatChoice {
	threadId: string;
	title: string;
	/** When the chat was last active, for a person: "2 h ago", "yesterday", "3 Mar". */
	when: string;
	/** The same moment in full (a tooltip, and what a screen reader can ask for). */
	whenFull: string;
	/** ISO time, for a <time> element. */
	at: string;
	current: boolean;
}

/** A chat's name when it has no title yet. */
export function threadLabel(thread: { title?: string; createdAt?: string }): string {
	if (thread.title) return thread.title;
	return thread.createdAt ? `Chat of ${new Date(thread.createdAt).toLocaleString()}` : "New chat";
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

function dayNumber(date: Date): number {
	return Math.floor(new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime() / (24 * HOUR));
}

/** "just now", "5 min ago", "2 h ago", "yesterday", "3 days ago", then the date. */
export function relativeTime(iso: string, now: Date): string {
	const then = new Date(iso);
	const ms = now.getTime() - then.getTime();
	if (Number.isNaN(ms)) return "";
	if (ms < MINUTE) return "just now";
	const days = Math.round(dayNumber(now) - dayNumber(then));
	if (ms < HOUR) return `${Math.floor(ms / MINUTE)} min ago`;
	if (days === 0) return `${Math.floor(ms / HOUR)} h ago`;
	if (days === 1) return "yesterday";
	if (days < 7) return `${days} days ago`;
	return then.toLocaleDateString(undefined, {
		day: "numeric",
		month: "short",
		...(then.getFullYear() === now.getFullYear() ? {} : { year: "numeric" }),
	});
}

function timeOfDay(iso: string, seconds: boolean): string {
	return new Date(iso).toLocaleTimeString(undefined, {
		hour: "2-digit",
		minute: "2-digit",
		...(seconds ? { second: "2-digit" } : {}),
	});
}

/**
 * The chats to list, newest first. current: the chat on screen, with its title as its log has it
 * now (the list's copy may lag a rename), listed even before the list knows it.
 */
export function chatChoices(
	threads: readonly ThreadSummary[],
	current: { threadId: string | null; title: string | undefined },
	now: Date,
): ChatChoice[] {
	const all = [...threads];
	if (current.threadId !== null && !all.some((t) => t.threadId === current.threadId)) {
		const at = now.toISOString();
		all.push({ threadId: current.threadId, createdAt: at, updatedAt: at, lastSeq: 0 });
	}
	all.sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
	const titled = all.map((thread) => {
		const isCurrent = thread.threadId === current.threadId;
		const title = isCurrent && current.title ? current.title : threadLabel(thread);
		return { thread, title, isCurrent };
	});
	const count = (counts: Map<string, number>, key: string) => counts.set(key, (counts.get(key) ?? 0) + 1);
	const titles = new Map<string, number>();
	const minutes = new Map<string, number>();
	const key = (title: string, at: string) => `${title.toLowerCase()}\n${relativeTime(at, now)} ${timeOfDay(at, false)}`;
	for (const { title, thread } of titled) {
		count(titles, title.toLowerCase());
		count(minutes, key(title, thread.updatedAt));
	}
	return titled.map(({ thread, title, isCurrent }) => {
		const at = thread.updatedAt;
		const relative = relativeTime(at, now);
		const twin = (titles.get(title.toLowerCase()) ?? 0) > 1;
		// Twins active in the same minute are told apart by the second.
		const seconds = (minutes.get(key(title, at)) ?? 0) > 1;
		return {
			threadId: thread.threadId,
			title,
			when: twin ? `${relative} · ${timeOfDay(at, seconds)}` : relative,
			whenFull: new Date(at).toLocaleString(),
			at,
			current: isCurrent,
		};
	});
}

/** The chats whose title holds every word typed, in list order (typing filters, as a search box does). */
export function filterChats(choices: readonly ChatChoice[], query: string): ChatChoice[] {
	const words = query.toLowerCase().split(/\s+/u).filter(Boolean);
	if (words.length === 0) return [...choices];
	return choices.filter((choice) => {
		const title = choice.title.toLowerCase();
		return words.every((word) => title.includes(word));
	});
}
