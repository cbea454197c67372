/**
 * The note catalog of a host without a metadata cache (the sandbox's folder vault, MemoryVault):
 * each note's fields parsed from its text with the search index's own rules (tags: note-fields.ts;
 * properties: frontmatter-values.ts; links: links.ts). Built on the first query, then kept current
 * by the vault's change events: a query re-reads only the notes that changed since the last one.
 * Files under the access floor are listed by their stat alone (no fields): never read, and no
 * link resolves to them.
 */
import { splitFrontmatter } from "../composer/text-format";
import { AccessFloor } from "../vault/access-floor";
import { VaultError, type NoteStat, type Vault, type VaultChange } from "../vault/vault";
import { readProperties } from "./frontmatter-values";
import { LinkResolver, linkpathsIn } from "./links";
import type { CatalogNote, CatalogView, NoteCatalog, PropertyValue } from "./note-catalog";
import { parseMetadata } from "./note-fields";
import { realPacer, Slicer } from "./pacer";

/** Notes read at once while building. */
const READ_AHEAD = 32;

interface Parsed {
	stat: NoteStat;
	tags: string[];
	properties: Map<string, PropertyValue[]>;
	linkpaths: string[];
}

/** A file the floor refuses: its listing, nothing read. */
function unread(stat: NoteStat): Parsed {
	return { stat, tags: [], properties: new Map(), linkpaths: [] };
}

function parse(stat: NoteStat, text: string): Parsed {
	const { frontmatter } = splitFrontmatter(text.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n"));
	return {
		stat,
		tags: parseMetadata(text).tags,
		properties: frontmatter ? readProperties(frontmatter.block) : new Map<string, PropertyValue[]>(),
		linkpaths: linkpathsIn(text),
	};
}

class TextNote implements CatalogNote {
	private resolved: { by: LinkResolver; links: string[] } | null = null;
	constructor(
		private readonly parsed: Parsed,
		private readonly resolver: () => LinkResolver,
	) {}
	get path(): string {
		return this.parsed.stat.path;
	}
	get mtime(): number {
		return this.parsed.stat.mtime;
	}
	get linkedTo(): string | null | undefined {
		return this.parsed.stat.linkedTo;
	}
	get tags(): readonly string[] {
		return this.parsed.tags;
	}
	get properties(): ReadonlyMap<string, readonly PropertyValue[]> {
		return this.parsed.properties;
	}
	/** Resolved when asked, again whenever the vault's set of paths changed (a new note can resolve an old link). */
	get links(): readonly string[] {
		const by = this.resolver();
		if (this.resolved?.by !== by) {
			const links = new Set<string>();
			for (const linkpath of this.parsed.linkpaths) {
				const to = by.resolve(linkpath, this.path);
				if (to !== null) links.add(to);
			}
			this.resolved = { by, links: [...links] };
		}
		return this.resolved.links;
	}
}

export class TextNoteCatalog implements NoteCatalog {
	private readonly floor: AccessFloor;
	private readonly notes = new Map<string, TextNote>();
	/** The notes a link may lead to: those the floor lets through. */
	private readonly readable = new Set<string>();
	private readonly dirty = new Set<string>();
	private opening: Promise<void> | null = null;
	private queue: Promise<void> = Promise.resolve();
	private unsubscribe: (() => void) | null = null;
	private current: CatalogView | null = null;
	private resolver: LinkResolver | null = null;

	constructor(private readonly deps: { vault: Vault; protectedFolders: readonly string[] }) {
		this.floor = new AccessFloor(deps.protectedFolders);
	}

	view(): Promise<CatalogView> {
		this.opening ??= this.open();
		const next = this.queue.then(async () => {
			await this.opening;
			await this.refresh();
			return this.snapshot();
		});
		this.queue = next.then(
			() => undefined,
			() => undefined,
		);
		return next;
	}

	/** Stops listening to the vault. */
	dispose(): void {
		this.unsubscribe?.();
		this.unsubscribe = null;
	}

	private async open(): Promise<void> {
		this.unsubscribe = this.deps.vault.onChange((change) => this.changed(change));
		const listed = await this.deps.vault.list();
		const allowed: NoteStat[] = [];
		for (const stat of listed) {
			if (this.floor.mayShowListed(stat)) allowed.push(stat);
			else this.set(unread(stat), false);
		}
		// The sandbox's reads are synchronous underneath: without yielding, a big vault would keep
		// its server from answering for seconds.
		const slicer = new Slicer(realPacer);
		for (let i = 0; i < allowed.length; i += READ_AHEAD) {
			await slicer.tick();
			const batch = allowed.slice(i, i + READ_AHEAD);
			const texts = await Promise.all(batch.map((stat) => this.deps.vault.read(stat.path).catch(() => null)));
			batch.forEach((stat, j) => {
				const text = texts[j];
				if (typeof text === "string") this.set(parse(stat, text), true);
			});
		}
	}

	private set(parsed: Parsed, readable: boolean): void {
		const path = parsed.stat.path;
		this.notes.set(path, this.note(parsed));
		this.markReadable(path, readable);
	}

	private remove(path: string): void {
		this.notes.delete(path);
		this.markReadable(path, false);
	}

	/** A note that appears or goes may change where links lead: they are resolved again. */
	private markReadable(path: string, readable: boolean): void {
		if (this.readable.has(path) === readable) return;
		if (readable) this.readable.add(path);
		else this.readable.delete(path);
		this.resolver = null;
	}

	private changed(change: VaultChange): void {
		if (change.type === "rename") this.dirty.add(change.oldPath);
		this.dirty.add(change.path);
	}

	private async refresh(): Promise<void> {
		if (this.dirty.size === 0) return;
		const paths = [...this.dirty];
		this.dirty.clear();
		for (const path of paths) {
			try {
				const stat = await this.deps.vault.stat(path);
				if (!this.floor.mayShowListed(stat)) this.set(unread(stat), false);
				else this.set(parse(stat, await this.deps.vault.read(path)), true);
			} catch (error) {
				if (!(error instanceof VaultError)) throw error;
				this.remove(path);
			}
		}
		this.current = null;
	}

	private links(): LinkResolver {
		this.resolver ??= new LinkResolver(this.readable);
		return this.resolver;
	}

	private note(parsed: Parsed): TextNote {
		return new TextNote(parsed, () => this.links());
	}

	private snapshot(): CatalogView {
		if (this.current) return this.current;
		// Newest first, the order findNotes answers in: its sort then finds the matches in order already.
		const notes = [...this.notes.values()].sort(
			(a, b) => b.mtime - a.mtime || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0),
		);
		this.current = { notes, resolve: (link, from) => this.links().resolve(link, from) };
		return this.current;
	}
}
