/**
 * The empty chat's example requests (issue 30): a first-time user sees what Redline can do with
 * the notes they have. Built from what the host knows: the note open in the editor and the
 * vault's note paths (their folders stand in for topics: a folder with many notes is a subject
 * the user writes about). Each is a label for the button and the text it puts in the message box
 * (a note as a [[link]], as Obsidian writes it, so the model knows which note is meant).
 */
import { displayPath } from "../vault/display-path";

export interface SuggestedRequest {
	/** The button's text. */
	label: string;
	/** What clicking it writes in the message box (never sent by the click). */
	text: string;
}

const MAX = 4;
const MIN = 3;

/** Said when the vault gives nothing to build from (no active note, no folders). */
const GENERIC: SuggestedRequest[] = [
	{ label: "List the notes I changed this week", text: "List the notes I changed this week" },
	{ label: "Find notes about…", text: "Find notes about " },
	{ label: "Make a reading list from my notes", text: "Make a reading list from my notes" },
];

export function suggestedRequests(activeNote: string | null, notePaths: readonly string[]): SuggestedRequest[] {
	const list: SuggestedRequest[] = [];
	const note = activeNote !== null && /\.md$/i.test(activeNote) ? activeNote : null;
	if (note) {
		const link = `[[${note.replace(/\.md$/i, "")}]]`;
		const name = displayPath(baseName(note));
		list.push({ label: `Summarize ${name}`, text: `Summarize ${link}` });
		list.push({ label: `Add tags to ${name}`, text: `Add tags to ${link}` });
	}
	const folders = foldersByNotes(notePaths);
	const topic = folders[0];
	if (topic !== undefined) {
		const name = topic.slice(topic.lastIndexOf("/") + 1);
		list.push({ label: `Find notes about ${displayPath(name)}`, text: `Find notes about ${name}` });
	}
	// The reading list from another folder than the one named already, and than the active note's:
	// that note has its own requests.
	const own = note === null ? null : parentOf(note);
	const source = folders.find((folder) => folder !== topic && folder !== own) ?? topic;
	if (source !== undefined) {
		list.push({
			label: `Make a reading list from ${displayPath(source)}/`,
			text: `Make a reading list from the notes in ${source}/`,
		});
	}
	for (const generic of GENERIC) {
		if (list.length >= MIN) break;
		const kind = generic.text.split(" ").slice(0, 2).join(" ");
		if (!list.some((s) => s.text.startsWith(kind))) list.push(generic);
	}
	return list.slice(0, MAX);
}

/** The folders that hold notes, the fullest first (ties by name, so the list is stable). */
function foldersByNotes(paths: readonly string[]): string[] {
	const counts = new Map<string, number>();
	for (const path of paths) {
		if (!/\.md$/i.test(path)) continue;
		const folder = parentOf(path);
		if (folder !== "") counts.set(folder, (counts.get(folder) ?? 0) + 1);
	}
	return [...counts.entries()]
		.sort(([a, n], [b, m]) => m - n || (a < b ? -1 : a > b ? 1 : 0))
		.map(([folder]) => folder);
}

function parentOf(path: string): string {
	const slash = path.lastIndexOf("/");
	return slash < 0 ? "" : path.slice(0, slash);
}

function baseName(path: string): string {
	return path.slice(path.lastIndexOf("/") + 1).replace(/\.md$/i, "");
}
