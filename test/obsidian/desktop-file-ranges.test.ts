// @vitest-environment happy-dom
/**
 * Ranged reads in Obsidian (issue 32): on desktop the plugin's data folder is on disk and Node's
 * fs is at hand, so ObsidianStore reads a log's size and byte ranges, and a long thread opens from
 * its stored snapshot without reading the whole log first. On mobile (no FileSystemAdapter, no
 * Node) it has no ranged reads and reads whole files, as before.
 *
 * Written first: ObsidianStore had no ranged reads anywhere, so the desktop open read the whole
 * 70 MB log before its snapshot answered.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { DataAdapter } from "obsidian";
import { App, FileSystemAdapter, Platform } from "../fakes/obsidian";
import { desktopFileRanges } from "../../src/obsidian/desktop-file-ranges";
import { ObsidianStore } from "../../src/obsidian/obsidian-store";
import { encodeEvents } from "../../src/log/log-codec";
import type { NewEvent, StoredEvent } from "../../src/log/events";
import { ThreadLog, threadLogKey } from "../../src/log/log";
import { viewSnapshotKey } from "../../src/log/view-snapshot";
import { hasRangedReads } from "../../src/store/store";
import { StoreError } from "../../src/store/keys";
import { mkdtemp, rm } from "../../src/node/fs";
import { join } from "../../src/node/path";
import { tmpdir } from "../../src/node/os";
import { DEFAULT_CONFIG_DIR } from "../../src/vault/paths";
import { asDesktop } from "./support/desktop-require";
import { expectRangedReads } from "../store/store-contract";

const ROOT = `${DEFAULT_CONFIG_DIR}/plugins/redline/data`;

let base = "";
beforeEach(async () => void (base = await mkdtemp(join(tmpdir(), "redline-fsadapter-"))));
afterEach(async () => rm(base, { recursive: true, force: true }));

/** The adapter as the plugin sees it (the fake implements the part of it the plugin uses). */
function diskAdapter(): FileSystemAdapter & DataAdapter {
	return new FileSystemAdapter(base) as FileSystemAdapter & DataAdapter;
}

function desktopStore(adapter = diskAdapter()): ObsidianStore {
	return new ObsidianStore(adapter, ROOT, desktopFileRanges(adapter));
}

describe("ObsidianStore on desktop", () => {
	asDesktop();

	it("reads sizes and byte ranges of what the adapter wrote, as every store with ranged reads does", async () => {
		const store = desktopStore();
		if (!hasRangedReads(store)) throw new Error("expected ranged reads on desktop");
		await expectRangedReads(store);
		// A binary value (the search index's chunks) too.
		await store.writeBytes("search/index/c.bin", new Uint8Array([0, 255, 7, 8]));
		expect(await store.size("search/index/c.bin")).toBe(4);
		expect(await store.readRange("search/index/c.bin", 1, 3)).toEqual(new Uint8Array([255, 7]));
	});

	it("answers null and no bytes under a folder that does not exist", async () => {
		const store = desktopStore();
		if (!hasRangedReads(store)) throw new Error("expected ranged reads on desktop");
		expect(await store.size("nowhere/t.jsonl")).toBeNull();
		expect(await store.readRange("nowhere/t.jsonl", 0, 10)).toEqual(new Uint8Array(0));
	});

	it("refuses keys that could leave its folder, in ranged reads too", async () => {
		const store = desktopStore();
		if (!hasRangedReads(store)) throw new Error("expected ranged reads on desktop");
		await expect(store.size("../../../../outside")).rejects.toBeInstanceOf(StoreError);
		await expect(store.readRange("/etc/passwd", 0, 10)).rejects.toBeInstanceOf(StoreError);
	});

	it("opens a long log from its snapshot before reading the log whole", async () => {
		const adapter = diskAdapter();
		const wholeReads: string[] = [];
		const read = adapter.read.bind(adapter);
		const readBinary = adapter.readBinary.bind(adapter);
		adapter.read = (path) => (wholeReads.push(path), read(path));
		adapter.readBinary = (path) => (wholeReads.push(path), readBinary(path));
		const store = desktopStore(adapter);
		await store.append(threadLogKey(THREAD), encodeEvents(events(100)));
		const first = await ThreadLog.open(store, THREAD, { onSnapshot: () => undefined });
		await first?.seal();
		expect(await store.read(viewSnapshotKey(THREAD))).toContain('"v":2');

		wholeReads.length = 0;
		const logPath = `${ROOT}/${threadLogKey(THREAD)}`;
		let readsBeforeAnswer: string[] | null = null;
		const log = await ThreadLog.open(store, THREAD, {
			onSnapshot: () => void (readsBeforeAnswer = wholeReads.filter((path) => path === logPath)),
		});
		expect(readsBeforeAnswer).toEqual([]);
		// And the log itself is then read in ranges, never whole.
		expect(wholeReads.filter((path) => path === logPath)).toEqual([]);
		expect(log?.state().lastSeq).toBe(401);
	});
});

describe("ObsidianStore without ranged reads", () => {
	it("has none on an adapter that is not a folder on disk (mobile)", () => {
		const adapter = new App().vault.adapter as unknown as DataAdapter;
		const store = new ObsidianStore(adapter, ROOT, desktopFileRanges(adapter));
		expect(hasRangedReads(store)).toBe(false);
	});

	it("has none where Obsidian gives no Node require", () => {
		const previous = (window as { require?: unknown }).require;
		(window as { require?: unknown }).require = undefined;
		try {
			expect(desktopFileRanges(diskAdapter())).toBeNull();
		} finally {
			(window as { require?: unknown }).require = previous;
		}
	});

	describe("in the mobile app", () => {
		asDesktop();
		beforeEach(() => void (Platform.isDesktopApp = false));
		afterEach(() => void (Platform.isDesktopApp = true));

		it("has none, even with a require at hand", () => {
			expect(desktopFileRanges(diskAdapter())).toBeNull();
		});
	});

	it("still reads a long log whole, as bytes", async () => {
		const adapter = diskAdapter();
		const store = new ObsidianStore(adapter, ROOT);
		await store.append(threadLogKey(THREAD), encodeEvents(events(50)));
		const log = await ThreadLog.open(store, THREAD);
		expect(log?.state().lastSeq).toBe(201);
	});
});

const THREAD = "thr_desktop";
const AT = "2026-12-04T10:00:00.000Z";

/** A thread of `turns` user messages, each with a reply, after thread_created. */
function events(turns: number): StoredEvent[] {
	const list: NewEvent[] = [{ type: "thread_created" }];
	for (let t = 0; t < turns; t++)
		list.push(
			{ type: "user_message", messageId: `u${t}`, content: `Question ${t}: café 😀`, pinned: [] },
			{ type: "assistant_message_started", messageId: `a${t}` },
			{ type: "assistant_token", messageId: `a${t}`, text: `Answer ${t}: ${"é".repeat(100)}` },
			{ type: "assistant_message_completed", messageId: `a${t}`, finishReason: "stop" },
		);
	return list.map((event, i): StoredEvent => ({ ...event, seq: i + 1, threadId: THREAD, at: AT }));
}
