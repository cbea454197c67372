/**
 * History benches (issue 6): reverting a 1 MB note 10 versions back, and what an entry costs in
 * the store against the size of the text it changed. Issue 32: the bytes the sandbox's store (a
 * FolderStore on a real temp folder) is written per one-line edit of a 1 MB note, beside a 10 KB
 * one: one edit, and the mean over 300 edits (compactions included).
 */
import { createNoteHistory } from "../src/history/note-history";
import { mkdtemp, rm } from "../src/node/fs";
import { tmpdir } from "../src/node/os";
import { join } from "../src/node/path";
import { FolderStore } from "../src/sandbox/folder-store";
import { MemoryStore } from "../src/store/memory-store";
import { CountingStore } from "../test/support/counting-store";
import { MemoryVault } from "../src/vault/memory-vault";
import type { BenchRow } from "./run";
import { agentEditBytes } from "./support/agent-edit-bytes";

const LINE = "A line of prose in a long note, with some words in it";

function bigNote(bytes: number): string {
	const lines: string[] = [];
	for (let i = 0, size = 0; size < bytes; i++) {
		const line = `${LINE} #${i}\n`;
		lines.push(line);
		size += line.length;
	}
	return lines.join("");
}

/** Replaces line `index` of text (cheap string surgery, as an apply model's output would be). */
function replaceLine(text: string, index: number, replacement: string): string {
	let start = 0;
	for (let i = 0; i < index; i++) start = text.indexOf("\n", start) + 1;
	const end = text.indexOf("\n", start);
	return text.slice(0, start) + replacement + text.slice(end);
}

async function revertTenBack(userEdits: boolean): Promise<number> {
	const note = bigNote(1024 * 1024);
	const vault = new MemoryVault("bench", { "Big.md": note });
	const history = createNoteHistory({ vault, store: new MemoryStore(), maxEntries: 11 });
	let firstVersion = "";
	for (let v = 0; v < 11; v++) {
		const base = await vault.read("Big.md");
		const outcome = await history.write({
			path: "Big.md",
			base,
			proposed: replaceLine(base, 100 + v * 1500, `Edited by the agent, version ${v}`),
			description: `v${v}`,
		});
		if (outcome.status !== "written") throw new Error(`bench setup failed: ${outcome.status}`);
		if (v === 0) firstVersion = outcome.entry.versionId;
		if (userEdits) await vault.process("Big.md", (t) => replaceLine(t, 50 + v * 1500, `Typed by the user ${v}`));
	}
	const start = performance.now();
	const outcome = await history.revert("Big.md", firstVersion);
	const ms = performance.now() - start;
	if (outcome.status !== "written") throw new Error(`bench revert failed: ${outcome.status}`);
	history.dispose();
	return ms;
}

async function median(times: number, fn: () => Promise<number>): Promise<number> {
	const values: number[] = [];
	for (let i = 0; i < times; i++) values.push(await fn());
	values.sort((a, b) => a - b);
	return values[Math.floor(values.length / 2)];
}

async function entryBytes(changed: string): Promise<{ bytes: number; changedBytes: number }> {
	const note = bigNote(64 * 1024);
	const vault = new MemoryVault("bench", { "N.md": note });
	const store = new MemoryStore();
	const history = createNoteHistory({ vault, store });
	const proposed = replaceLine(note, 500, changed);
	const outcome = await history.write({ path: "N.md", base: note, proposed, description: "Rewrite one paragraph" });
	if (outcome.status !== "written") throw new Error("bench setup failed");
	history.dispose();
	const removedLine = note.split("\n")[500];
	const encoder = new TextEncoder();
	return {
		bytes: encoder.encode(JSON.stringify(outcome.entry)).length,
		changedBytes: encoder.encode(changed + removedLine).length,
	};
}

/**
 * Bytes written to the store (the note is in the vault, not counted) by one one-line edit of a note
 * of `bytes`, after a first edit made its record; and the mean over `edits` more.
 */
async function bytesPerEdit(bytes: number, edits: number): Promise<{ one: number; mean: number }> {
	const dir = await mkdtemp(join(tmpdir(), "redline-history-bench-"));
	try {
		const note = bigNote(bytes);
		const lineCount = note.split("\n").length - 1;
		const vault = new MemoryVault("bench", { "N.md": note });
		const store = new CountingStore(new FolderStore(dir));
		const history = createNoteHistory({ vault, store });
		const edit = async (i: number) => {
			const base = await vault.read("N.md");
			const proposed = replaceLine(base, (i * 37) % lineCount, `Edited by the agent, edit ${i}`);
			const outcome = await history.write({ path: "N.md", base, proposed, description: `edit ${i}` });
			if (outcome.status !== "written") throw new Error(`bench edit failed: ${outcome.status}`);
		};
		await edit(0);
		store.reset();
		await edit(1);
		const one = store.written();
		store.reset();
		for (let i = 2; i < edits + 2; i++) await edit(i);
		history.dispose();
		return { one, mean: store.written() / edits };
	} finally {
		await rm(dir, { recursive: true, force: true });
	}
}

export async function run(): Promise<BenchRow[]> {
	const rows: BenchRow[] = [];
	const small = await bytesPerEdit(10 * 1024, 300);
	const large = await bytesPerEdit(1024 * 1024, 300);
	rows.push({
		area: "history",
		metric: `store bytes written per one-line edit, 1 MB note, beyond the note (10 KB note: ${small.one} B)`,
		value: large.one,
		unit: "B",
		target: "<= 20480",
	});
	rows.push({
		area: "history",
		metric: `same, mean over 300 edits with compactions, 1 MB note (10 KB note: ${Math.round(small.mean)} B)`,
		value: Math.round(large.mean),
		unit: "B",
		target: "<= 20480",
	});
	const agentSmall = await agentEditBytes(10 * 1024);
	const agentLarge = await agentEditBytes(1024 * 1024);
	rows.push({
		area: "history",
		metric:
			`bytes written per one-line agent edit through createRedline, 1 MB note: log ${agentLarge.later.log} B + history ${agentLarge.later.history} B ` +
			`(10 KB note: ${agentSmall.later.total} B; the note's first edit writes its base once: ${agentLarge.first} B)`,
		value: agentLarge.later.total,
		unit: "B",
		target: "<= 20480",
	});
	rows.push({
		area: "history",
		metric: "revert 10 versions back, 1 MB note, no user edits (median of 5)",
		value: await median(5, () => revertTenBack(false)),
		unit: "ms",
		target: "< 50",
	});
	rows.push({
		area: "history",
		metric: "revert 10 versions back, 1 MB note, user edits between (median of 5)",
		value: await median(5, () => revertTenBack(true)),
		unit: "ms",
		target: "< 50",
	});
	for (const [label, changed] of [
		["one line (~60 B)", "A rewritten line of prose, a little longer than the old one"],
		["one paragraph (~10 KB)", "Rewritten paragraph text. ".repeat(400)],
	] as const) {
		const { bytes, changedBytes } = await entryBytes(changed);
		rows.push({
			area: "history",
			metric: `stored bytes per entry, change of ${label}: changed text ${changedBytes} B`,
			value: bytes,
			unit: "B",
			target: `<= ${2 * changedBytes + 512} (2x + 512)`,
		});
	}
	return rows;
}
