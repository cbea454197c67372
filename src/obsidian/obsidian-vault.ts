/**
 * The Vault port on Obsidian. Background notes are read with cachedRead and written with
 * Vault.process (atomic). A note open in an editor is read from and written to the editor: the
 * editor holds what the user sees (possibly not yet saved), and one Editor transaction with the
 * smallest changed range keeps the cursor and makes the agent's edit a single Ctrl+Z. Obsidian
 * decodes a file that is not valid UTF-8 with replacement characters; text that has one is
 * checked against the file's bytes, and such a note is refused (never written back lossily).
 */
import { MarkdownView, TFile, TFolder, type App, type EventRef } from "obsidian";
import { isHiddenPath, isUnder, normalizeFolderPath, normalizeVaultPath, parentFolder } from "../vault/paths";
import { decodeNote } from "../vault/utf8";
import { VaultError, type NoteStat, type Vault, type VaultChange } from "../vault/vault";
import { minimalChange } from "./text-change";
import { realPacer, Slicer, type Pacer } from "../search/pacer";
import { sortPaced } from "../search/paced-sort";

export class ObsidianVault implements Vault {
	constructor(
		private readonly app: App,
		/** How long listings work before they yield (tests count the yields). */
		private readonly pacer: Pacer = realPacer,
	) {}

	get name(): string {
		return this.app.vault.getName();
	}

	async exists(path: string): Promise<boolean> {
		return this.app.vault.getAbstractFileByPath(normalizeVaultPath(path)) !== null;
	}

	async read(path: string): Promise<string> {
		const file = this.file(path);
		const editor = this.openEditor(file.path);
		if (editor) return this.checked(file, editor.getValue());
		return this.checked(file, await this.io(file.path, () => this.app.vault.cachedRead(file)));
	}

	async process(path: string, fn: (current: string) => string): Promise<string> {
		const file = this.file(path);
		const editor = this.openEditor(file.path);
		if (!editor) {
			await this.checked(file, await this.io(file.path, () => this.app.vault.cachedRead(file)));
			return this.io(file.path, () => this.app.vault.process(file, fn));
		}
		await this.checked(file, editor.getValue());
		const current = editor.getValue();
		const next = fn(current);
		if (typeof next !== "string")
			throw new TypeError(`process(${JSON.stringify(file.path)}): the function must return a string`);
		const change = minimalChange(current, next);
		if (change) {
			editor.transaction(
				{ changes: [{ from: editor.offsetToPos(change.from), to: editor.offsetToPos(change.to), text: change.text }] },
				"redline",
			);
		}
		return next;
	}

	async create(path: string, content: string): Promise<void> {
		const p = normalizeVaultPath(path);
		if (this.app.vault.getAbstractFileByPath(p))
			throw new VaultError("already-exists", `A note already exists at ${p}`, p);
		await this.ensureFolder(parentFolder(p));
		await this.io(p, () => this.app.vault.create(p, content));
	}

	async rename(from: string, to: string): Promise<void> {
		const file = this.file(from);
		const target = normalizeVaultPath(to);
		if (this.app.vault.getAbstractFileByPath(target))
			throw new VaultError("already-exists", `A note already exists at ${target}`, target);
		await this.ensureFolder(parentFolder(target));
		await this.io(file.path, () => this.app.fileManager.renameFile(file, target));
	}

	async trash(path: string): Promise<void> {
		const file = this.file(path);
		await this.io(file.path, () => this.app.fileManager.trashFile(file));
	}

	async stat(path: string): Promise<NoteStat> {
		const file = this.file(path);
		return { path: file.path, size: file.stat.size, mtime: file.stat.mtime };
	}

	/**
	 * Markdown notes outside hidden folders, under folder, sorted by path. Filtered, made into
	 * entries and sorted in slices: at 50,000 notes doing it in one go held the event loop for
	 * about 100 ms (the search index's warm start lists the vault), most of it the sort.
	 */
	async list(folder?: string): Promise<NoteStat[]> {
		const root = normalizeFolderPath(folder);
		const slicer = new Slicer(this.pacer);
		const listed: NoteStat[] = [];
		await slicer.forEach(this.app.vault.getMarkdownFiles(), (file) => {
			if (!isHiddenPath(file.path) && isUnder(file.path, root))
				listed.push({ path: file.path, size: file.stat.size, mtime: file.stat.mtime });
		});
		return sortPaced(listed, (a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0), slicer);
	}

	onChange(listener: (change: VaultChange) => void): () => void {
		const vault = this.app.vault;
		const refs: EventRef[] = [
			vault.on("create", (file) => file instanceof TFile && listener({ type: "create", path: file.path })),
			vault.on("modify", (file) => file instanceof TFile && listener({ type: "modify", path: file.path })),
			vault.on("delete", (file) => file instanceof TFile && listener({ type: "delete", path: file.path })),
			vault.on(
				"rename",
				(file, oldPath) => file instanceof TFile && listener({ type: "rename", path: file.path, oldPath }),
			),
		];
		return () => {
			for (const ref of refs) vault.offref(ref);
		};
	}

	/** Text with a U+FFFD may be Obsidian's lossy decoding of a file that is not UTF-8: the bytes decide. */
	private async checked(file: TFile, text: string): Promise<string> {
		if (!text.includes("\uFFFD")) return text;
		decodeNote(new Uint8Array(await this.io(file.path, () => this.app.vault.readBinary(file))), file.path);
		return text;
	}

	private file(path: string): TFile {
		const p = normalizeVaultPath(path);
		const found = this.app.vault.getAbstractFileByPath(p);
		if (!found) throw new VaultError("not-found", `No note at ${p}`, p);
		if (!(found instanceof TFile)) throw new VaultError("not-a-file", `${p} is a folder, not a note`, p);
		return found;
	}

	/** The editor of a MarkdownView showing path, if any (the user's live text). */
	private openEditor(path: string): MarkdownView["editor"] | null {
		for (const leaf of this.app.workspace.getLeavesOfType("markdown")) {
			const view = leaf.view;
			if (view instanceof MarkdownView && view.file?.path === path) return view.editor;
		}
		return null;
	}

	private async ensureFolder(folder: string): Promise<void> {
		if (folder === "") return;
		const existing = this.app.vault.getAbstractFileByPath(folder);
		if (existing instanceof TFolder) return;
		if (existing) throw new VaultError("not-a-file", `${folder} is a note, not a folder`, folder);
		await this.io(folder, () => this.app.vault.createFolder(folder));
	}

	private async io<T>(path: string, run: () => Promise<T>): Promise<T> {
		try {
			return await run();
		} catch (error) {
			if (error instanceof VaultError) throw error;
			throw new VaultError(
				"io",
				`Could not access ${path}: ${error instanceof Error ? error.message : String(error)}`,
				path,
			);
		}
	}
}
