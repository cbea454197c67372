/**
 * Turns raw fs.watch noise into VaultChange events for a FolderVault. fs.watch reports names, not
 * what happened, and reports our own writes too; so events are debounced per path, then each path
 * is compared with the state last known (from the initial scan and from the vault's own writes).
 * A path whose size and mtime match what the vault itself wrote is an echo and stays silent.
 */
import { isHiddenPath, isNotePath, isUnder } from "../vault/paths";
import type { NoteStat, VaultChange } from "../vault/vault";
import {
	lstat,
	lstatSync,
	readdirSync,
	watch,
	type DirEntry as Dirent,
	type FolderWatcher as FSWatcher,
} from "../node/fs";
import { join, sep } from "../node/path";
import { clearTimeout, nextImmediate, setTimeout } from "../node/timers";

export interface FileState {
	size: number;
	mtimeMs: number;
}

/** What the watcher knows about the vault: note path -> last seen state. */
export class KnownFiles {
	private readonly states = new Map<string, FileState>();

	set(path: string, state: FileState): void {
		this.states.set(path, state);
	}
	get(path: string): FileState | undefined {
		return this.states.get(path);
	}
	delete(path: string): void {
		this.states.delete(path);
	}
	under(folder: string): string[] {
		return [...this.states.keys()].filter((path) => isUnder(path, folder) && path !== folder);
	}
}

/** Scanning yields to the event loop after this much work, so a large vault never blocks the server. */
const SCAN_SLICE_MS = 8;

/**
 * Every visible note under dir (relative paths with "/"), with its state; skips dot-folders.
 * Symbolic links are never followed (no loops, no note seen twice, nothing reached outside):
 * those named like a note go to `links`, if given, for the vault to judge where they lead.
 * The calls are synchronous (a few microseconds each; the promise API costs several times more
 * CPU per file, see folder-vault.ts) and the scan yields every SCAN_SLICE_MS.
 */
export async function scanNotes(root: string, folder: string, links?: string[]): Promise<Map<string, FileState>> {
	const found = new Map<string, FileState>();
	const folders = [folder];
	let sliceStart = performance.now();
	for (let rel = folders.pop(); rel !== undefined; rel = folders.pop()) {
		let entries: Dirent[];
		const dir = rel === "" ? root : join(root, ...rel.split("/"));
		try {
			entries = readdirSync(dir, { withFileTypes: true });
		} catch {
			continue; // vanished or not a folder: nothing under it
		}
		for (const [i, entry] of entries.entries()) {
			// A folder of thousands of notes is thousands of lstats: slices within a folder too
			// (a 50k-note vault's folder of 10k notes blocked the event loop for 150 ms).
			if (i % 128 === 127 && performance.now() - sliceStart >= SCAN_SLICE_MS) {
				await nextImmediate();
				sliceStart = performance.now();
			}
			if (entry.name.startsWith(".")) continue;
			const child = rel === "" ? entry.name : `${rel}/${entry.name}`;
			if (entry.isDirectory()) folders.push(child);
			else if (entry.isFile() && isNotePath(child)) {
				// The folder's path joined once: path.join per file was a fifth of listing a large vault.
				const st = lstatOrNull(dir + sep + entry.name);
				if (st) found.set(child, { size: st.size, mtimeMs: st.mtimeMs });
			} else if (entry.isSymbolicLink() && isNotePath(child)) links?.push(child);
		}
		if (performance.now() - sliceStart >= SCAN_SLICE_MS) {
			await nextImmediate();
			sliceStart = performance.now();
		}
	}
	return found;
}

/**
 * The scan's notes as a listing, built in slices too: 50,000 entries made into objects in one go
 * held the event loop for about 50 ms (a warm start's longest block, at the search index's 50k bench).
 */
export async function listedNotes(found: ReadonlyMap<string, FileState>): Promise<NoteStat[]> {
	const listed: NoteStat[] = [];
	let sliceStart = performance.now();
	for (const [path, s] of found) {
		listed.push({ path, size: s.size, mtime: s.mtimeMs });
		if ((listed.length & 1023) === 0 && performance.now() - sliceStart >= SCAN_SLICE_MS) {
			await nextImmediate();
			sliceStart = performance.now();
		}
	}
	return listed;
}

function lstatOrNull(path: string): { size: number; mtimeMs: number } | null {
	try {
		return lstatSync(path);
	} catch {
		return null; // vanished since the folder was read
	}
}

export class FolderWatch {
	private watcher: FSWatcher | null = null;
	private readonly pending = new Set<string>();
	private timer: ReturnType<typeof setTimeout> | null = null;
	private flushing: Promise<void> = Promise.resolve();

	constructor(
		private readonly root: string,
		private readonly known: KnownFiles,
		private readonly ready: Promise<void>,
		private readonly emit: (change: VaultChange) => void,
		private readonly debounceMs: number,
	) {}

	start(): void {
		try {
			this.watcher = watch(this.root, { recursive: true }, (_event, filename) => {
				if (filename) this.note(filename.toString());
			});
			this.watcher.on("error", (error) => {
				console.warn("[redline] watching the vault folder failed; external changes will go unnoticed", error);
				this.stop();
			});
		} catch (error) {
			console.warn("[redline] cannot watch the vault folder; external changes will go unnoticed", error);
		}
	}

	stop(): void {
		this.watcher?.close();
		this.watcher = null;
		if (this.timer) clearTimeout(this.timer);
		this.timer = null;
		this.pending.clear();
	}

	/** Resolves when every change noticed so far has been handled (for tests and shutdown). */
	idle(): Promise<void> {
		return this.flushing;
	}

	private note(filename: string): void {
		const rel = filename.split(sep).join("/");
		if (rel === "" || isHiddenPath(rel)) return;
		this.pending.add(rel);
		if (this.timer) clearTimeout(this.timer);
		this.timer = setTimeout(() => {
			this.timer = null;
			const paths = [...this.pending];
			this.pending.clear();
			this.flushing = this.flushing.then(() => this.flush(paths));
		}, this.debounceMs);
	}

	private async flush(paths: string[]): Promise<void> {
		await this.ready;
		for (const rel of paths.sort()) {
			try {
				await this.reconcile(rel);
			} catch (error) {
				console.warn(`[redline] could not check a change to ${rel}`, error);
			}
		}
	}

	/** Compares one reported path (a note or a folder) with what is known, and emits the difference. */
	private async reconcile(rel: string): Promise<void> {
		const st = await lstat(join(this.root, ...rel.split("/"))).catch(() => null);
		if (st?.isFile() && isNotePath(rel)) {
			this.compare(rel, { size: st.size, mtimeMs: st.mtimeMs });
			return;
		}
		// A folder appeared, vanished or moved (or a note vanished): rescan what lies there.
		const now = st?.isDirectory() ? await scanNotes(this.root, rel) : new Map<string, FileState>();
		for (const path of this.known.under(rel).concat(this.known.get(rel) ? [rel] : [])) {
			if (!now.has(path)) {
				this.known.delete(path);
				this.emit({ type: "delete", path });
			}
		}
		for (const [path, state] of now) this.compare(path, state);
	}

	private compare(path: string, state: FileState): void {
		const before = this.known.get(path);
		this.known.set(path, state);
		if (!before) this.emit({ type: "create", path });
		else if (before.size !== state.size || before.mtimeMs !== state.mtimeMs) this.emit({ type: "modify", path });
	}
}
