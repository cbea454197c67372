/**
 * In-memory Vault, DataAdapter and FileManager. One store of files backs both: the Vault indexes
 * notes outside the config folder (as Obsidian ignores dot folders); the adapter reaches any path.
 */
import type * as O from "obsidian";
import type { Shape } from "./shape";
import { Events } from "./events";
import { DEFAULT_CONFIG_DIR } from "../../../src/vault/paths";
import { planMoveLinks } from "../../../src/vault/links/move-links";

export function normalizePath(path: string): string {
	let p = path.replace(/[\\/]+/g, "/").replace(/\u00a0|\u202f/g, " ");
	p = p.replace(/^\/+|\/+$/g, "");
	return p === "" ? "/" : p;
}

export abstract class TAbstractFile implements O.TAbstractFile {
	vault!: O.Vault;
	path = "";
	name = "";
	parent: O.TFolder | null = null;
}

export class TFile extends TAbstractFile implements O.TFile {
	stat: O.FileStats = { ctime: 0, mtime: 0, size: 0 };
	basename = "";
	extension = "";
}

export class TFolder extends TAbstractFile implements O.TFolder {
	children: O.TAbstractFile[] = [];
	isRoot(): boolean {
		return this.path === "/";
	}
}

function parentOf(path: string): string {
	const i = path.lastIndexOf("/");
	return i < 0 ? "" : path.slice(0, i);
}

function setPath(file: TAbstractFile, path: string): void {
	file.path = path;
	file.name = path.slice(path.lastIndexOf("/") + 1);
	if (file instanceof TFile) {
		const dot = file.name.lastIndexOf(".");
		file.basename = dot > 0 ? file.name.slice(0, dot) : file.name;
		file.extension = dot > 0 ? file.name.slice(dot + 1) : "";
	}
}

/** The raw storage: path -> text, plus folders; a file seeded as bytes keeps them until written. */
class Disk {
	files = new Map<string, string>();
	bytes = new Map<string, Uint8Array>();
	folders = new Set<string>([""]);
	mkdirs(path: string): void {
		const parts = path.split("/").filter(Boolean);
		for (let i = 1; i <= parts.length; i++) this.folders.add(parts.slice(0, i).join("/"));
	}
}

export class FakeAdapter implements Shape<
	O.DataAdapter,
	| "getName"
	| "exists"
	| "list"
	| "read"
	| "readBinary"
	| "write"
	| "writeBinary"
	| "append"
	| "remove"
	| "mkdir"
	| "rename"
	| "process"
> {
	constructor(private disk: Disk) {}
	getName(): string {
		return "fake";
	}
	async exists(normalizedPath: string): Promise<boolean> {
		return this.disk.files.has(normalizedPath) || this.disk.folders.has(normalizedPath);
	}
	async list(normalizedPath: string): Promise<O.ListedFiles> {
		const base = normalizedPath === "/" ? "" : normalizedPath;
		if (!this.disk.folders.has(base)) throw new Error(`ENOENT: no such file or directory, scandir '${normalizedPath}'`);
		const prefix = base === "" ? "" : `${base}/`;
		const direct = (p: string): boolean => p.startsWith(prefix) && p !== base && !p.slice(prefix.length).includes("/");
		return {
			files: [...this.disk.files.keys()].filter(direct),
			folders: [...this.disk.folders].filter((p) => p !== "" && direct(p)),
		};
	}
	async read(normalizedPath: string): Promise<string> {
		const text = this.disk.files.get(normalizedPath);
		if (text === undefined) throw new Error(`ENOENT: no such file or directory, open '${normalizedPath}'`);
		return text;
	}
	/** A file written as bytes gives them back as they were; a text file, its UTF-8. */
	async readBinary(normalizedPath: string): Promise<ArrayBuffer> {
		const bytes = this.disk.bytes.get(normalizedPath) ?? new TextEncoder().encode(await this.read(normalizedPath));
		return bytes.slice().buffer;
	}
	async write(normalizedPath: string, data: string): Promise<void> {
		this.requireParent(normalizedPath);
		this.disk.bytes.delete(normalizedPath);
		this.disk.files.set(normalizedPath, data);
	}
	/** Keeps the bytes (a copy: the caller may reuse its buffer), and their text decoded as read() gives it. */
	async writeBinary(normalizedPath: string, data: ArrayBuffer): Promise<void> {
		this.requireParent(normalizedPath);
		const bytes = new Uint8Array(data.slice(0));
		this.disk.bytes.set(normalizedPath, bytes);
		this.disk.files.set(normalizedPath, new TextDecoder().decode(bytes));
	}
	async append(normalizedPath: string, data: string): Promise<void> {
		this.requireParent(normalizedPath);
		this.disk.bytes.delete(normalizedPath);
		this.disk.files.set(normalizedPath, (this.disk.files.get(normalizedPath) ?? "") + data);
	}
	async process(normalizedPath: string, fn: (data: string) => string): Promise<string> {
		const next = fn(await this.read(normalizedPath));
		this.disk.bytes.delete(normalizedPath);
		this.disk.files.set(normalizedPath, next);
		return next;
	}
	async remove(normalizedPath: string): Promise<void> {
		this.disk.bytes.delete(normalizedPath);
		if (!this.disk.files.delete(normalizedPath))
			throw new Error(`ENOENT: no such file or directory, unlink '${normalizedPath}'`);
	}
	async mkdir(normalizedPath: string): Promise<void> {
		this.disk.mkdirs(normalizedPath);
	}
	async rename(normalizedPath: string, normalizedNewPath: string): Promise<void> {
		const text = await this.read(normalizedPath);
		this.requireParent(normalizedNewPath);
		this.disk.files.delete(normalizedPath);
		this.disk.files.set(normalizedNewPath, text);
		const bytes = this.disk.bytes.get(normalizedPath);
		this.disk.bytes.delete(normalizedPath);
		if (bytes) this.disk.bytes.set(normalizedNewPath, bytes);
	}
	private requireParent(path: string): void {
		if (!this.disk.folders.has(parentOf(path))) throw new Error(`ENOENT: no such file or directory, open '${path}'`);
	}
}

export class Vault
	extends Events
	implements
		Shape<
			O.Vault,
			| "configDir"
			| "getName"
			| "getFileByPath"
			| "getFolderByPath"
			| "getAbstractFileByPath"
			| "create"
			| "createFolder"
			| "read"
			| "cachedRead"
			| "readBinary"
			| "modify"
			| "process"
			| "rename"
			| "getMarkdownFiles"
			| "getFiles"
		>
{
	readonly disk = new Disk();
	readonly adapter = new FakeAdapter(this.disk);
	configDir = DEFAULT_CONFIG_DIR;
	private index = new Map<string, TAbstractFile>();
	private readonly seeded = new Set<string>();
	private root = new TFolder();
	/** Test helper: how many times each path was written through the Vault API. */
	readonly writes: string[] = [];

	constructor(private readonly vaultName = "Test vault") {
		super();
		setPath(this.root, "/");
		this.root.vault = this as unknown as O.Vault;
	}
	getName(): string {
		return this.vaultName;
	}
	getAbstractFileByPath(path: string): TAbstractFile | null {
		return this.index.get(normalizePath(path)) ?? null;
	}
	getFileByPath(path: string): TFile | null {
		const f = this.getAbstractFileByPath(path);
		return f instanceof TFile ? f : null;
	}
	getFolderByPath(path: string): TFolder | null {
		if (path === "/" || path === "") return this.root;
		const f = this.getAbstractFileByPath(path);
		return f instanceof TFolder ? f : null;
	}
	async create(path: string, data: string): Promise<TFile> {
		path = normalizePath(path);
		if (this.index.has(path) || this.disk.files.has(path)) throw new Error("File already exists.");
		const parent = this.getFolderByPath(parentOf(path) || "/");
		if (!parent) throw new Error(`ENOENT: no such file or directory, open '${path}'`);
		this.disk.files.set(path, data);
		const file = this.indexFile(path);
		this.writes.push(path);
		this.trigger("create", file);
		return file;
	}
	async createFolder(path: string): Promise<TFolder> {
		path = normalizePath(path);
		if (this.index.has(path)) throw new Error("Folder already exists.");
		this.disk.mkdirs(path);
		return this.indexFolder(path);
	}
	async read(file: O.TFile): Promise<string> {
		const text = this.disk.files.get(file.path);
		if (text === undefined) throw new Error(`ENOENT: no such file or directory, open '${file.path}'`);
		return text;
	}
	cachedRead(file: O.TFile): Promise<string> {
		return this.read(file);
	}
	/** The file's bytes. Its text (read, cachedRead) is decoded from them lossily, as Obsidian does. */
	async readBinary(file: O.TFile): Promise<ArrayBuffer> {
		const bytes = this.disk.bytes.get(file.path) ?? new TextEncoder().encode(await this.read(file));
		return bytes.slice().buffer;
	}
	async modify(file: O.TFile, data: string): Promise<void> {
		await this.read(file);
		this.write(file, data);
	}
	async process(file: O.TFile, fn: (data: string) => string): Promise<string> {
		const next = fn(await this.read(file));
		this.write(file, next);
		return next;
	}
	async rename(file: O.TAbstractFile, newPath: string): Promise<void> {
		newPath = normalizePath(newPath);
		if (this.index.has(newPath)) throw new Error("Destination file already exists!");
		if (!(file instanceof TFile)) throw new Error("The fake renames files only");
		if (!this.getFolderByPath(parentOf(newPath) || "/"))
			throw new Error(`ENOENT: no such file or directory, rename '${file.path}'`);
		const oldPath = file.path;
		const text = await this.read(file);
		this.unindex(file);
		this.disk.files.delete(oldPath);
		this.disk.files.set(newPath, text);
		const bytes = this.disk.bytes.get(oldPath);
		this.disk.bytes.delete(oldPath);
		if (bytes) this.disk.bytes.set(newPath, bytes);
		setPath(file, newPath);
		this.attach(file);
		this.trigger("rename", file, oldPath);
	}
	getMarkdownFiles(): TFile[] {
		return this.getFiles().filter((f) => f.extension === "md");
	}
	getFiles(): TFile[] {
		return [...this.index.values()].filter((f): f is TFile => f instanceof TFile);
	}
	/** Removes a file (FileManager.trashFile and tests). */
	async remove(file: TAbstractFile): Promise<void> {
		this.unindex(file);
		this.disk.files.delete(file.path);
		this.disk.bytes.delete(file.path);
		this.trigger("delete", file);
	}
	/** Test helper: seeds notes without events (like files present when the vault loads); bytes as they are. */
	seed(files: Record<string, string | Uint8Array>): void {
		for (const [path, content] of Object.entries(files)) {
			this.disk.mkdirs(parentOf(path));
			for (const folder of ancestors(path)) if (!this.index.has(folder)) this.indexFolder(folder);
			if (typeof content === "string") this.disk.files.set(path, content);
			else {
				this.disk.bytes.set(path, content);
				this.disk.files.set(path, new TextDecoder().decode(content));
			}
			this.indexFile(path);
			this.seeded.add(path);
		}
	}
	/**
	 * Obsidian's metadata cache hears of file changes inside the app, not as a plugin listener:
	 * the fake MetadataCache hooks in here, so listener counts (leak checks) see only plugins.
	 */
	internalListener: ((name: string, data: unknown[]) => void) | null = null;
	override trigger(name: string, ...data: unknown[]): void {
		this.internalListener?.(name, data);
		super.trigger(name, ...data);
	}
	/** Test helper: true when path was seeded (present when the vault loaded, so already cached). */
	isSeeded(path: string): boolean {
		return this.seeded.has(path);
	}
	/** Test helper: the stored text of a path, or undefined. */
	text(path: string): string | undefined {
		return this.disk.files.get(path);
	}

	private write(file: TFile, data: string): void {
		this.disk.bytes.delete(file.path);
		this.disk.files.set(file.path, data);
		file.stat = { ...file.stat, mtime: Date.now(), size: data.length };
		this.writes.push(file.path);
		this.trigger("modify", file);
	}
	private indexFile(path: string): TFile {
		const file = new TFile();
		file.vault = this as unknown as O.Vault;
		setPath(file, path);
		const now = Date.now();
		file.stat = { ctime: now, mtime: now, size: this.disk.files.get(path)?.length ?? 0 };
		this.attach(file);
		return file;
	}
	private indexFolder(path: string): TFolder {
		for (const folder of ancestors(path)) if (!this.index.has(folder)) this.indexFolder(folder);
		const folder = new TFolder();
		folder.vault = this as unknown as O.Vault;
		setPath(folder, path);
		this.attach(folder);
		return folder;
	}
	private attach(file: TAbstractFile): void {
		const parent = this.getFolderByPath(parentOf(file.path) || "/");
		file.parent = parent;
		parent?.children.push(file);
		this.index.set(file.path, file);
	}
	private unindex(file: TAbstractFile): void {
		this.index.delete(file.path);
		if (file.parent) file.parent.children = file.parent.children.filter((c) => c !== file);
	}
}

function ancestors(path: string): string[] {
	const parts = path.split("/");
	parts.pop();
	return parts.map((_, i) => parts.slice(0, i + 1).join("/"));
}

export class FileManager implements Shape<O.FileManager, "renameFile" | "trashFile"> {
	/** Test helper: paths sent to the trash. */
	readonly trashed: string[] = [];
	constructor(private vault: Vault) {}
	/**
	 * As Obsidian's (with "Automatically update internal links" on): the file is renamed, then the
	 * links to it in every note (and its own relative ones) are rewritten, each note through process.
	 */
	async renameFile(file: O.TAbstractFile, newPath: string): Promise<void> {
		const from = file.path;
		const notes = new Map<string, string>();
		for (const note of this.vault.getMarkdownFiles()) notes.set(note.path, await this.vault.read(note));
		const paths = new Set(this.vault.getFiles().map((f) => f.path));
		const texts = file instanceof TFile ? planMoveLinks(notes, paths, from, newPath).texts : new Map<string, string>();
		await this.vault.rename(file, newPath);
		for (const [path, text] of texts) {
			const note = this.vault.getFileByPath(path === from ? newPath : path);
			if (note) await this.vault.process(note, () => text);
		}
	}
	async trashFile(file: O.TAbstractFile): Promise<void> {
		this.trashed.push(file.path);
		await this.vault.remove(file);
	}
}
