/**
 * Workspace, leaves and views. Leaves live in the root or a side dock; a view's containerEl sits in
 * the app's document, and moveLeafToPopout adopts it into a new window (onWindowMigrated fires).
 */
import type * as O from "obsidian";
import type { Shape } from "./shape";
import type { Window } from "happy-dom";
import { Component, Events } from "./events";
import { createFakeWindow, migrateToWindow } from "./dom";
import { Editor } from "./editor";
import { EditorView } from "@codemirror/view";
import type { TFile, Vault } from "./vault";
import type { App } from "./app";

export type ViewCreator = (leaf: WorkspaceLeaf) => View;

export abstract class View
	extends Component
	implements
		Shape<O.View, "icon" | "navigation" | "getViewType" | "getDisplayText" | "getIcon" | "getState" | "onResize">
{
	app: App;
	icon = "";
	navigation = false;
	containerEl: HTMLElement;
	constructor(public leaf: WorkspaceLeaf) {
		super();
		this.app = leaf.app;
		this.containerEl = leaf.app.doc.createDiv("workspace-leaf-content");
	}
	protected async onOpen(): Promise<void> {}
	protected async onClose(): Promise<void> {}
	abstract getViewType(): string;
	abstract getDisplayText(): string;
	getIcon(): string {
		return this.icon;
	}
	getState(): Record<string, unknown> {
		return {};
	}
	onResize(): void {}
	/** Obsidian opens and closes views through the leaf (real View has internal open/close too, so a subclass field named like them breaks, here as there). */
	async open(): Promise<void> {
		this.load();
		await this.onOpen();
	}
	async close(): Promise<void> {
		await this.onClose();
		this.unload();
	}
}

export abstract class ItemView extends View implements Shape<O.ItemView, "contentEl"> {
	contentEl: HTMLElement;
	constructor(leaf: WorkspaceLeaf) {
		super(leaf);
		this.containerEl.createDiv("view-header");
		this.contentEl = this.containerEl.createDiv("view-content");
	}
}

export class MarkdownView extends ItemView implements Shape<O.MarkdownView, "getViewType" | "getViewData"> {
	editor = new Editor();
	file: TFile | null = null;
	/** Saves in flight (the editor saves a moment after each change, as Obsidian does). */
	private saving: Promise<void> = Promise.resolve();
	setFile(file: TFile, text: string): void {
		this.file = file;
		this.editor = new Editor(text);
		// CodeMirror builds its DOM with the global document: only where there is one.
		if (typeof document !== "undefined") {
			const editor = this.editor;
			const typed = EditorView.updateListener.of((update) => {
				if (update.docChanged) editor.typedInView(update.state.doc.toString());
			});
			editor.cm = new EditorView({ doc: text, extensions: [...this.app.editorExtensions, typed] });
		}
		this.editor.onChange = () => {
			const target = this.file;
			if (!target) return;
			const next = this.editor.getValue();
			this.saving = this.saving.then(() => this.app.vault.modify(target, next));
		};
	}
	getViewType(): string {
		return "markdown";
	}
	getDisplayText(): string {
		return this.file?.basename ?? "";
	}
	getViewData(): string {
		return this.editor.getValue();
	}
	/** Test helper: waits for the editor's pending saves. */
	flushSave(): Promise<void> {
		return this.saving;
	}
}

export class WorkspaceLeaf extends Events implements Shape<O.WorkspaceLeaf, "detach" | "getDisplayText"> {
	view: View;
	win: Window;
	constructor(
		readonly app: App,
		readonly side: "root" | "left" | "right",
	) {
		super();
		this.win = app.win;
		this.view = new EmptyView(this);
	}
	async setViewState(state: O.ViewState): Promise<void> {
		const creator = this.app.viewRegistry.get(state.type);
		if (!creator) throw new Error(`No view registered for type ${state.type}`);
		await this.open(creator(this));
		if (state.active) this.app.workspace.setActiveLeaf(this);
	}
	async open(view: View): Promise<View> {
		await this.view.close();
		this.view.containerEl.remove();
		this.view = view;
		this.win.document.body.appendChild(view.containerEl as never);
		await view.open();
		return view;
	}
	async openFile(file: TFile): Promise<void> {
		const view = new MarkdownView(this);
		view.setFile(file, await this.app.vault.read(file));
		await this.open(view);
		this.app.workspace.setActiveLeaf(this);
		this.app.workspace.trigger("file-open", file);
	}
	detach(): void {
		void this.view.close();
		this.view.containerEl.remove();
		this.app.workspace.removeLeaf(this);
	}
	getDisplayText(): string {
		return this.view.getDisplayText();
	}
	getViewState(): O.ViewState {
		return { type: this.view.getViewType() };
	}
}

class EmptyView extends View {
	getViewType(): string {
		return "empty";
	}
	getDisplayText(): string {
		return "New tab";
	}
}

export class Workspace
	extends Events
	implements
		Shape<
			O.Workspace,
			| "layoutReady"
			| "getActiveFile"
			| "getLeavesOfType"
			| "detachLeavesOfType"
			| "revealLeaf"
			| "openLinkText"
			| "onLayoutReady"
		>
{
	activeLeaf: WorkspaceLeaf | null = null;
	/** True unless a test plays Obsidian's start-up (startLayout() ... finishLayout()). */
	layoutReady = true;
	private layoutCallbacks: (() => unknown)[] = [];
	private leaves: WorkspaceLeaf[] = [];
	private lastFile: TFile | null = null;
	/** Windows opened as pop-outs (tests close them). */
	readonly popouts: Window[] = [];
	constructor(private app: App) {
		super();
	}
	/** Runs the callback now when the layout is ready, else once it is (as Obsidian does). */
	onLayoutReady(callback: () => unknown): void {
		if (this.layoutReady) callback();
		else this.layoutCallbacks.push(callback);
	}
	/** Test helper: Obsidian is starting; plugins load before the layout is restored. */
	startLayout(): void {
		this.layoutReady = false;
	}
	/** Test helper: the layout is restored; onLayoutReady callbacks run, then "layout-ready". */
	finishLayout(): void {
		this.layoutReady = true;
		for (const callback of this.layoutCallbacks.splice(0)) callback();
		this.trigger("layout-ready");
	}
	getLeaf(): WorkspaceLeaf {
		return this.addLeaf("root");
	}
	getRightLeaf(): WorkspaceLeaf {
		return this.addLeaf("right");
	}
	getLeftLeaf(): WorkspaceLeaf {
		return this.addLeaf("left");
	}
	async revealLeaf(): Promise<void> {}
	setActiveLeaf(leaf: WorkspaceLeaf): void {
		this.activeLeaf = leaf;
		if (leaf.view instanceof MarkdownView) this.lastFile = leaf.view.file;
		this.trigger("active-leaf-change", leaf);
	}
	getActiveFile(): TFile | null {
		if (this.lastFile && !this.app.vault.getFileByPath(this.lastFile.path)) return null;
		return this.lastFile;
	}
	getActiveViewOfType<T extends View>(type: abstract new (...args: never[]) => T): T | null {
		const view = this.activeLeaf?.view;
		return view instanceof type ? view : null;
	}
	getLeavesOfType(viewType: string): WorkspaceLeaf[] {
		return this.leaves.filter((l) => l.view.getViewType() === viewType);
	}
	detachLeavesOfType(viewType: string): void {
		for (const leaf of this.getLeavesOfType(viewType)) leaf.detach();
	}
	iterateAllLeaves(callback: (leaf: WorkspaceLeaf) => unknown): void {
		for (const leaf of [...this.leaves]) callback(leaf);
	}
	/** Every openLinkText call, oldest first (tests read how a link was opened). */
	readonly linksOpened: { linktext: string; sourcePath: string; newLeaf: O.PaneType | boolean | undefined }[] = [];
	/**
	 * Resolves the link text (a path, a path without ".md", or a note's name anywhere, with any
	 * "#heading" or "^block" dropped) and opens it: in the active leaf, or a new one when newLeaf
	 * asks. A link to no note opens nothing here (Obsidian would create the note).
	 */
	async openLinkText(linktext: string, sourcePath: string, newLeaf?: O.PaneType | boolean): Promise<void> {
		this.linksOpened.push({ linktext, sourcePath, newLeaf });
		const target = linktext.split(/[#^]/)[0];
		const { vault } = this.app;
		const file =
			vault.getFileByPath(target) ??
			vault.getFileByPath(`${target}.md`) ??
			vault.getMarkdownFiles().find((f) => f.basename === target) ??
			null;
		if (!file) return;
		const current = this.activeLeaf;
		const leaf = newLeaf || !current || current.side !== "root" ? this.getLeaf() : current;
		await leaf.openFile(file);
	}
	/** Opens a note in a new root leaf and makes it active (tests). */
	async openFile(path: string): Promise<MarkdownView> {
		const file = this.app.vault.getFileByPath(path);
		if (!file) throw new Error(`No note ${path}`);
		const leaf = this.getLeaf();
		await leaf.openFile(file);
		return leaf.view as MarkdownView;
	}
	/** Moves a leaf's view into a new window, as dragging a tab out does. */
	moveLeafToPopout(leaf: WorkspaceLeaf): { win: Window } {
		const win = createFakeWindow();
		this.popouts.push(win);
		leaf.win = win;
		migrateToWindow(leaf.view.containerEl, win);
		return { win };
	}
	removeLeaf(leaf: WorkspaceLeaf): void {
		this.leaves = this.leaves.filter((l) => l !== leaf);
		if (this.activeLeaf === leaf) this.activeLeaf = null;
	}
	private addLeaf(side: "root" | "left" | "right"): WorkspaceLeaf {
		const leaf = new WorkspaceLeaf(this.app, side);
		this.leaves.push(leaf);
		return leaf;
	}
}

export type { Vault };
