/**
 * The note index: built when first needed (the pane opens, or the first search), never at
 * plugin start; loaded from the Store when a saved copy checks out, then only notes whose
 * fingerprint (mtime + size) changed are read again. Vault changes mark paths dirty and one
 * worker reconciles them in time slices: a dirty path is stat'ed and read afresh, so the order
 * of events does not matter and a note is never rebuilt more than it changed.
 */
import type { Store } from "../store/store";
import { VaultError, type NoteStat, type Vault, type VaultChange } from "../vault/vault";
import { toDocument } from "./index-schema";
import { IDLE_STATUS, sameStatus, type IndexStatus, type IndexStatusFeed } from "./index-status";
import { MAX_INDEXED_CHARS, noteFields, type NoteMetadataSource } from "./note-fields";
import { NoteMiniSearch } from "./note-minisearch";
import { searchIndex, type SearchPage, type SearchRequest } from "./note-search";
import { Slicer, realPacer, timers, type Pacer } from "./pacer";
import { PathQueue } from "./path-queue";
import {
	loadSegment,
	openIndex,
	readChunkBytes,
	saveIndex,
	type LoadOutcome,
	type NoteRecord,
} from "./persisted-index";
import { AccessFloor } from "../vault/access-floor";

export interface NoteIndexDeps {
	vault: Vault;
	store: Store;
	/** Folders never indexed whatever their files (configuration folder, plugin data). */
	protectedFolders: readonly string[];
	/** The host's parsed metadata (Obsidian's metadataCache); parsed from the text without it. */
	metadata?: NoteMetadataSource;
	pacer?: Pacer;
	maxIndexedChars?: number;
	/** Quiet time after changes before the index is saved again (default 60 s; the first full build saves at once). */
	saveDelayMs?: number;
	/** See FIRST_SEARCH_WAIT_MS. */
	firstSearchWaitMs?: number;
	/**
	 * Memory the index may take, in bytes (the mobile setting; none elsewhere). Past it, notes
	 * are indexed by title, headings, tags, properties and the first CAPPED_BODY_CHARS of text,
	 * marked truncated, and the status says capped.
	 */
	memoryCapBytes?: () => number;
}

/** Text indexed per note once the index is past its memory cap. */
export const CAPPED_BODY_CHARS = 2000;

/** How long the first search waits for the first pass before answering from what is indexed. */
export const FIRST_SEARCH_WAIT_MS = 1500;

/** Notes read at once while indexing. */
const READ_AHEAD = 32;

type Loaded =
	| { path: string; kind: "refused" | "gone" | "unreadable" }
	| { path: string; kind: "note"; stat: NoteStat; text: string };

/** Saved chunks read ahead of the one being decoded. */
const CHUNKS_AHEAD = 2;

/**
 * Reads keys in order, each call starting the reads of the next CHUNKS_AHEAD too, so the disk
 * works while the CPU decodes. A read that fails gives null (the chunk is then unusable).
 */
function readingAhead(store: Store, keys: readonly string[]): (key: string) => Promise<Uint8Array | null> {
	const position = new Map(keys.map((key, i) => [key, i]));
	const started = new Map<string, Promise<Uint8Array | null>>();
	let ahead = 0;
	return (key) => {
		const at = position.get(key) ?? -1;
		for (; ahead < keys.length && ahead <= at + CHUNKS_AHEAD; ahead++) {
			const next = keys[ahead] ?? "";
			started.set(
				next,
				readChunkBytes(store, next).catch(() => null),
			);
		}
		const reading = started.get(key);
		started.delete(key);
		return reading ?? readChunkBytes(store, key);
	};
}

/** Status updates at most this often while indexing (phase changes always go out). */
const STATUS_INTERVAL_MS = 100;

export class NoteIndex implements IndexStatusFeed {
	private index = new NoteMiniSearch();
	private notes = new Map<string, NoteRecord>();
	/** Indexable paths the vault has (listed or created since). */
	private readonly expected = new Set<string>();
	private readonly leftOut = new Set<string>();
	private readonly unreadable = new Set<string>();
	private readonly dirty = new PathQueue();
	/** Fingerprints from the listing that planned the first pass, so it need not stat each note again. */
	private readonly listed = new Map<string, NoteStat>();
	/** The saved segments' chunks still to load (open() to the first drain). */
	private saved: { segments: string[][]; dead: ReadonlySet<number> } | null = null;
	/** The vault's listing, once open() has checked it against the floor; the first drain plans from it. */
	private listing: Promise<NoteStat[]> | null = null;
	private planned = false;
	private readonly listeners = new Set<(status: IndexStatus) => void>();
	private readonly pacer: Pacer;
	private readonly floor: AccessFloor;
	private opening: Promise<void> | null = null;
	private worker: Promise<void> | null = null;
	private phase: IndexStatus["phase"] = "idle";
	private pass = { done: 0, of: 0 };
	private firstPassDone = false;
	private unsubscribe: (() => void)[] = [];
	private published: IndexStatus = IDLE_STATUS;
	private publishedAt = -Infinity;
	private unsaved = false;
	private saveTimer: ReturnType<typeof setTimeout> | null = null;
	private saving: Promise<void> = Promise.resolve();
	private vacuuming: Promise<void> | null = null;
	private disposed = false;
	/** How the saved index was found at start (for tests and the bench). */
	loadedAs: LoadOutcome = "absent";
	/** The longest stretch between two yields while indexing, in ms. */
	longestSliceMs = 0;

	constructor(private readonly deps: NoteIndexDeps) {
		this.pacer = deps.pacer ?? realPacer;
		this.floor = new AccessFloor(deps.protectedFolders);
	}

	/** Starts the index (idempotent). Nothing happens before the first call. */
	start(): Promise<void> {
		this.opening ??= this.open();
		return this.opening;
	}

	status(): IndexStatus {
		return {
			phase: this.phase,
			done: this.pass.done,
			of: this.pass.of,
			indexed: this.notes.size,
			total: this.expected.size,
			truncated: [...this.notes.values()].filter((note) => note.truncated).length,
			unreadable: this.unreadable.size,
			leftOut: this.leftOut.size,
			capped: this.capped(),
		};
	}

	/** The index has reached its memory cap (deps.memoryCapBytes). */
	private capped(): boolean {
		const cap = this.deps.memoryCapBytes?.();
		return cap !== undefined && this.index.memoryBytes >= cap;
	}

	watch(listener: (status: IndexStatus) => void): () => void {
		this.listeners.add(listener);
		listener(this.status());
		void this.start();
		return () => this.listeners.delete(listener);
	}

	/**
	 * Searches the notes. The first pass gets a moment to finish (a small vault is indexed by
	 * then); if it is still going, this searches what is indexed and the page's status says how
	 * far it got. Afterwards it first takes in the changes still queued.
	 */
	async search(request: SearchRequest): Promise<SearchPage> {
		await this.start();
		if (!this.firstPassDone) await this.firstPassOrTimeout(this.deps.firstSearchWaitMs ?? FIRST_SEARCH_WAIT_MS);
		if (this.firstPassDone) await this.idle();
		const status = this.status();
		return this.paced((slicer) =>
			searchIndex({ index: this.index, notes: this.notes, vault: this.deps.vault, status, slicer }, request),
		);
	}

	private async firstPassOrTimeout(ms: number): Promise<void> {
		let timer: ReturnType<typeof setTimeout> | undefined;
		const timeout = new Promise<void>((resolve) => (timer = timers.set(resolve, ms)));
		const done = (async () => {
			while (!this.firstPassDone && this.worker && !this.disposed) await this.worker.catch(() => undefined);
		})();
		await Promise.race([done, timeout]);
		timers.clear(timer);
	}

	/** Resolves when no change is waiting to be indexed. */
	async idle(): Promise<void> {
		await this.start();
		while (this.worker) await this.worker;
	}

	/** Stops listening to the vault and saves what changed since the last save. */
	async dispose(): Promise<void> {
		if (this.disposed) return;
		this.disposed = true;
		for (const stop of this.unsubscribe) stop();
		if (this.saveTimer) timers.clear(this.saveTimer);
		await this.opening?.catch(() => undefined);
		while (this.worker) await this.worker.catch(() => undefined);
		if (this.unsaved) await this.save();
		await this.saving;
	}

	/**
	 * Reads the saved manifest and lists the vault (side by side). The worker starts loading the
	 * saved chunks as soon as the manifest is in, while the vault is still being listed (a big
	 * vault's listing stats every note), so a search meanwhile answers from the chunks loaded so far.
	 */
	private async open(): Promise<void> {
		this.setPhase("loading");
		this.unsubscribe.push(this.deps.vault.onChange((change) => this.changed(change)));
		if (this.deps.metadata?.onResolved) this.unsubscribe.push(this.deps.metadata.onResolved((path) => this.mark(path)));
		const listing = this.listVault();
		this.listing = (async () => {
			const listed = await listing;
			// Ten thousand notes take tens of milliseconds to check against the floor: in slices too.
			await this.paced((slicer) =>
				slicer.forEach(listed, (note) => {
					if (this.allowed(note.path, note.linkedTo)) this.expected.add(note.path);
				}),
			);
			return listed;
		})();
		const opened = await openIndex(this.deps.store);
		this.loadedAs = opened.ok ? "loaded" : opened.reason;
		if (opened.ok) {
			this.index = opened.index;
			this.saved = { segments: opened.segments, dead: opened.dead };
			this.kick();
		} else if (opened.reason !== "absent") this.unsaved = true;
		await this.listing;
		this.kick();
	}

	/**
	 * Loads the saved segments one by one (each searchable once in), reading the next chunks while
	 * one is decoded, then plans the first pass against the vault's listing.
	 */
	private async loadSaved(slicer: Slicer): Promise<void> {
		const saved = this.saved;
		this.saved = null;
		const read = readingAhead(this.deps.store, saved?.segments.flat() ?? []);
		for (const keys of saved?.segments ?? []) {
			if (this.disposed) return;
			const records = await loadSegment(read, keys, this.index, saved?.dead ?? new Set(), slicer);
			// A chunk that is gone or torn costs only its segment's notes: they are read again below.
			if (records) for (const [path, record] of records) this.notes.set(path, record);
			else this.unsaved = true;
			this.publish();
		}
		const listed = (await this.listing) ?? [];
		slicer.restart();
		await slicer.forEach(listed, (note) => {
			if (!this.expected.has(note.path)) return;
			const known = this.notes.get(note.path);
			if (!known || known.mtime !== note.mtime || known.size !== note.size) {
				this.dirty.add(note.path);
				this.listed.set(note.path, note);
			}
		});
		// Indexed before but gone (or no longer allowed): reconciling drops them.
		await slicer.forEach(this.notes.keys(), (path) => {
			if (!this.expected.has(path)) this.dirty.add(path);
		});
		this.pass = { done: 0, of: this.dirty.size };
	}

	private async listVault(): Promise<NoteStat[]> {
		try {
			return await this.deps.vault.list();
		} catch (error) {
			console.error("[redline] search: listing the vault failed; only changes will be indexed", error);
			return [];
		}
	}

	/** The access floor's rule for what may be shown without asking is what may be indexed. */
	private mayIndex(path: string): boolean {
		return this.floor.mayShow(path);
	}

	/** linkedTo: where a listed symbolic link leads (NoteStat.linkedTo), judged too. */
	private allowed(path: string, linkedTo?: string | null): boolean {
		if (this.floor.mayShowListed({ path, linkedTo })) {
			this.leftOut.delete(path);
			return true;
		}
		this.leftOut.add(path);
		return false;
	}

	private changed(change: VaultChange): void {
		if (change.type === "rename") {
			this.leftOut.delete(change.oldPath);
			this.expected.delete(change.oldPath);
			this.mark(change.oldPath);
		}
		if (change.type === "delete") {
			this.leftOut.delete(change.path);
			this.expected.delete(change.path);
		} else if (this.allowed(change.path)) {
			this.expected.add(change.path);
		}
		this.mark(change.path);
	}

	private mark(path: string): void {
		if (this.disposed) return;
		// Changed since it was listed: the listing's fingerprint no longer describes it.
		this.listed.delete(path);
		if (!this.dirty.has(path)) {
			this.dirty.add(path);
			if (this.phase === "ready") this.pass = { done: 0, of: 0 };
			this.pass.of++;
		}
		// Before open() has listed the vault, the pass it plans covers this path too.
		if (this.opening && this.phase !== "loading") this.kick();
	}

	/** Runs work in slices, counting its longest slice. */
	private async paced<T>(work: (slicer: Slicer) => Promise<T>): Promise<T> {
		const slicer = new Slicer(this.pacer);
		try {
			return await work(slicer);
		} finally {
			slicer.finish();
			this.longestSliceMs = Math.max(this.longestSliceMs, slicer.longestMs);
		}
	}

	private kick(): void {
		if (this.worker || this.disposed) return;
		// A save in progress reads the index line by line: changes wait until it has written.
		this.worker = this.saving
			.then(() => this.drain())
			.finally(() => {
				this.worker = null;
				// A change that came in while the worker was finishing gets its own run.
				if (this.dirty.size > 0 && !this.disposed) this.kick();
			});
	}

	private async drain(): Promise<void> {
		const slicer = new Slicer(this.pacer);
		if (!this.planned) {
			this.planned = true;
			await this.loadSaved(slicer);
		}
		this.setPhase("indexing");
		// Reads run a few at a time (file reads wait on I/O, not on the CPU); indexing takes them
		// in order as they arrive, yielding between slices.
		const reading: Promise<Loaded>[] = [];
		const readAhead = (): void => {
			while (reading.length < READ_AHEAD && this.dirty.size > 0)
				for (const path of this.dirty.take(1)) reading.push(this.load(path));
		};
		readAhead();
		for (let next = reading.shift(); next && !this.disposed; next = reading.shift()) {
			this.apply(await next);
			if (this.index.wantsSeal) await this.index.compact(slicer);
			this.pass.done++;
			readAhead();
			this.publish();
			await slicer.tick();
		}
		// Search skips the postings of discarded notes; this frees their memory once they are many.
		if (this.index.dirtCount > 0 && !this.disposed) await this.index.vacuumPaced(slicer);
		const first = !this.firstPassDone;
		// The first pass leaves no delta behind: its radix tree costs ten times a segment. (In
		// this slicer: a new one would start a slice of its own on top of this one's last.)
		if (first && this.dirty.size === 0 && !this.disposed) await this.index.compact(slicer, true);
		slicer.finish();
		this.longestSliceMs = Math.max(this.longestSliceMs, slicer.longestMs);
		if (this.dirty.size > 0 || this.disposed) return;
		this.firstPassDone = true;
		this.setPhase("ready");
		if (this.unsaved) this.scheduleSave(first ? 0 : (this.deps.saveDelayMs ?? 60_000));
	}

	/** Reads what the vault has at path now (nothing in the index changes yet). */
	private async load(path: string): Promise<Loaded> {
		// Listed (or created) paths passed the floor already; the rule depends on the path alone.
		if (!this.expected.has(path) && !this.mayIndex(path)) return { path, kind: "refused" };
		try {
			// Stat (or list) before reading: if the note changes in between, the fingerprint is the
			// older one, so a restart reads it again rather than trusting an index older than the note.
			const listed = this.listed.get(path);
			this.listed.delete(path);
			const stat = listed ?? (await this.deps.vault.stat(path));
			const text = await this.deps.vault.read(path);
			return { path, kind: "note", stat, text };
		} catch (error) {
			const gone = error instanceof VaultError && (error.code === "not-found" || error.code === "not-a-file");
			return { path, kind: gone ? "gone" : "unreadable" };
		}
	}

	/** Brings the index up to date with what load found at one path. */
	private apply(loaded: Loaded): void {
		const { path } = loaded;
		if (loaded.kind !== "note") {
			if (loaded.kind === "gone") this.expected.delete(path);
			this.drop(path);
			if (loaded.kind === "unreadable") this.unreadable.add(path);
			return;
		}
		this.unreadable.delete(path);
		this.expected.add(path);
		const cap = this.deps.maxIndexedChars ?? MAX_INDEXED_CHARS;
		const fields = noteFields(
			path,
			loaded.text,
			this.deps.metadata?.metadata(path, loaded.text) ?? null,
			this.capped() ? Math.min(cap, CAPPED_BODY_CHARS) : cap,
		);
		if (this.index.has(path)) this.index.discard(path);
		this.index.addNote(toDocument(fields));
		this.notes.set(path, {
			mtime: loaded.stat.mtime,
			size: loaded.stat.size,
			truncated: fields.truncated,
			tags: fields.tags,
		});
		this.unsaved = true;
	}

	private drop(path: string): void {
		this.unreadable.delete(path);
		if (!this.index.has(path)) return;
		this.index.discard(path);
		this.notes.delete(path);
		this.unsaved = true;
	}

	/** Saves the index's new chunks and its manifest, in slices (the bench measures it). */
	persist(): Promise<void> {
		return this.paced(async (slicer) => {
			await this.index.compact(slicer, true);
			await saveIndex(this.deps.store, this.index, this.notes, slicer);
		});
	}

	private scheduleSave(delayMs: number): void {
		if (this.saveTimer || this.disposed) return;
		this.saveTimer = timers.set(() => {
			this.saveTimer = null;
			void this.save();
		}, delayMs);
	}

	private save(): Promise<void> {
		// The worker running now finishes first; one kicked from here on waits for this save.
		const running = this.worker;
		this.saving = this.saving.then(async () => {
			await running?.catch(() => undefined);
			if (!this.unsaved) return;
			this.unsaved = false;
			try {
				await this.persist();
			} catch (error) {
				this.unsaved = true;
				console.error("[redline] search: saving the index failed; it will be rebuilt from the notes next time", error);
			}
		});
		return this.saving;
	}

	private setPhase(phase: IndexStatus["phase"]): void {
		this.phase = phase;
		this.publish(true);
	}

	private publish(force = false): void {
		const now = this.pacer.now();
		if (!force && now - this.publishedAt < STATUS_INTERVAL_MS) return;
		const status = this.status();
		if (sameStatus(status, this.published)) return;
		this.published = status;
		this.publishedAt = now;
		for (const listener of [...this.listeners]) listener(status);
	}
}
