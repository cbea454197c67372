/**
 * An in-memory Vault for tests and the browser. Folders are implicit (a folder exists while a
 * note lies under it), like a file system without empty folders. A note may be given as raw
 * bytes (a file that is not valid UTF-8): it is decoded like a file on disk, and refused.
 */
import { ChangeEmitter } from "./change-emitter";
import { planMoveLinks } from "./links/move-links";
import { PathLock } from "./path-lock";
import { isHiddenPath, isNotePath, isUnder, normalizeFolderPath, normalizeVaultPath } from "./paths";
import { decodeNote } from "./utf8";
import { VaultError } from "./vault";
import type { NoteStat, Vault, VaultChange } from "./vault";

interface Entry {
	/** Text, or bytes as given (decoded, and so checked, on every read). */
	content: string | Uint8Array;
	mtime: number;
}

export interface TrashedNote {
	path: string;
	content: string | Uint8Array;
}

export class MemoryVault implements Vault {
	private readonly files = new Map<string, Entry>();
	private readonly trashList: TrashedNote[] = [];
	private readonly changes = new ChangeEmitter();
	private readonly lock = new PathLock();
	private clock = 0;

	constructor(
		readonly name: string,
		initial: Record<string, string | Uint8Array> = {},
	) {
		for (const [path, content] of Object.entries(initial)) {
			this.files.set(normalizeVaultPath(path), { content, mtime: this.tick() });
		}
	}

	/** Every note's content, as it is at this instant (tests: what a crash now would leave). */
	snapshot(): Record<string, string | Uint8Array> {
		return Object.fromEntries(
			[...this.files].map(([path, entry]) => [
				path,
				typeof entry.content === "string" ? entry.content : entry.content.slice(),
			]),
		);
	}

	/** Notes moved to the trash, oldest first (for tests). */
	trashed(): TrashedNote[] {
		return this.trashList.map((note) => ({ ...note }));
	}

	exists(path: string): Promise<boolean> {
		return this.settle(() => {
			const p = normalizeVaultPath(path);
			return this.files.has(p) || this.isFolder(p);
		});
	}

	read(path: string): Promise<string> {
		return this.settle(() => {
			const p = normalizeVaultPath(path);
			return textOf(p, this.entry(p));
		});
	}

	process(path: string, fn: (current: string) => string): Promise<string> {
		return this.settle(() => normalizeVaultPath(path)).then((p) =>
			this.lock.run(p, () =>
				this.settle(() => {
					const current = textOf(p, this.entry(p));
					const next = fn(current);
					if (typeof next !== "string") {
						throw new TypeError(`process(${JSON.stringify(p)}): the function must return a string`);
					}
					if (next === current) return next;
					this.files.set(p, { content: next, mtime: this.tick() });
					this.emit({ type: "modify", path: p });
					return next;
				}),
			),
		);
	}

	create(path: string, content: string): Promise<void> {
		return this.settle(() => {
			const p = normalizeVaultPath(path);
			this.refuseExisting(p);
			this.refuseFileAsFolder(p);
			this.files.set(p, { content, mtime: this.tick() });
			this.emit({ type: "create", path: p });
		});
	}

	rename(from: string, to: string): Promise<void> {
		return this.settle(() => {
			const source = normalizeVaultPath(from);
			const target = normalizeVaultPath(to);
			const entry = this.entry(source);
			if (source === target) return;
			this.refuseExisting(target);
			this.refuseFileAsFolder(target);
			const texts = this.linkUpdates(source, target);
			this.files.delete(source);
			this.files.set(target, { content: entry.content, mtime: entry.mtime });
			this.emit({ type: "rename", path: target, oldPath: source });
			// Then the links, as Obsidian's renameFile updates them (move-links.ts).
			for (const [path, text] of texts) {
				const at = path === source ? target : path;
				this.files.set(at, { content: text, mtime: this.tick() });
				this.emit({ type: "modify", path: at });
			}
		});
	}

	/** The notes whose links a move changes, with their new text (a note that is not UTF-8 has none). */
	private linkUpdates(from: string, to: string): Map<string, string> {
		const notes = new Map<string, string>();
		for (const [path, entry] of this.files) {
			if (!isNotePath(path)) continue;
			try {
				notes.set(path, textOf(path, entry));
			} catch {
				// not text: no links
			}
		}
		return planMoveLinks(notes, new Set(this.files.keys()), from, to).texts;
	}

	trash(path: string): Promise<void> {
		return this.settle(() => {
			const p = normalizeVaultPath(path);
			const entry = this.entry(p);
			this.files.delete(p);
			this.trashList.push({ path: p, content: entry.content });
			this.emit({ type: "delete", path: p });
		});
	}

	stat(path: string): Promise<NoteStat> {
		return this.settle(() => {
			const p = normalizeVaultPath(path);
			const entry = this.entry(p);
			return {
				path: p,
				size: typeof entry.content === "string" ? new TextEncoder().encode(entry.content).length : entry.content.length,
				mtime: entry.mtime,
			};
		});
	}

	list(folder?: string): Promise<NoteStat[]> {
		return this.settle(() => {
			const f = normalizeFolderPath(folder);
			if (f !== "" && this.files.has(f)) {
				throw new VaultError("not-a-file", `Cannot list ${JSON.stringify(f)}: it is a note, not a folder`, f);
			}
			return this.notes(f).map(([path, entry]) => ({
				path,
				size: typeof entry.content === "string" ? new TextEncoder().encode(entry.content).length : entry.content.length,
				mtime: entry.mtime,
			}));
		});
	}

	onChange(listener: (change: VaultChange) => void): () => void {
		return this.changes.subscribe(listener);
	}

	private notes(folder: string): [string, Entry][] {
		return [...this.files.entries()]
			.filter(([path]) => isNotePath(path) && !isHiddenPath(path) && isUnder(path, folder) && path !== folder)
			.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
	}

	private entry(path: string): Entry {
		const entry = this.files.get(path);
		if (entry) return entry;
		if (this.isFolder(path)) {
			throw new VaultError("not-a-file", `${JSON.stringify(path)} is a folder, not a note`, path);
		}
		throw new VaultError("not-found", `No note at ${JSON.stringify(path)}`, path);
	}

	private isFolder(path: string): boolean {
		for (const key of this.files.keys()) if (key.startsWith(path + "/")) return true;
		return false;
	}

	private refuseExisting(path: string): void {
		if (this.files.has(path) || this.isFolder(path)) {
			throw new VaultError("already-exists", `${JSON.stringify(path)} already exists`, path);
		}
	}

	/** A note cannot live "inside" another note: a/b.md needs a to be a folder. */
	private refuseFileAsFolder(path: string): void {
		const segments = path.split("/");
		for (let i = 1; i < segments.length; i++) {
			const ancestor = segments.slice(0, i).join("/");
			if (this.files.has(ancestor)) {
				throw new VaultError("not-a-file", `Cannot use ${JSON.stringify(ancestor)} as a folder: it is a note`, path);
			}
		}
	}

	/** Strictly increasing, so a write always changes mtime even within one millisecond. */
	private tick(): number {
		this.clock = Math.max(this.clock + 1, Date.now());
		return this.clock;
	}

	private emit(change: VaultChange): void {
		this.changes.emit(change);
	}

	/** Runs synchronous work as a promise, so errors reject rather than throw synchronously. */
	private settle<T>(work: () => T): Promise<T> {
		try {
			return Promise.resolve(work());
		} catch (error) {
			return Promise.reject(error instanceof Error ? error : new Error(String(error)));
		}
	}
}

function textOf(path: string, entry: Entry): string {
	return typeof entry.content === "string" ? entry.content : decodeNote(entry.content, path);
}
