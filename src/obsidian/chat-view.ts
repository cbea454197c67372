/**
 * The side-pane view. It holds no conversation state: it mounts the React pane on the plugin's
 * thread service and unmounts on close. When the view is dragged to a pop-out window its DOM is
 * adopted by another document, so the React root is re-created there (onWindowMigrated); the
 * pane re-subscribes and shows the same thread, since the state lives in the service.
 */
import type { VaultTags } from "./vault-tags";
import { ItemView, type HoverParent, type HoverPopover, type WorkspaceLeaf } from "obsidian";
import type { IndexStatusFeed } from "../search/index-status";
import type { ToolPreference } from "../log/events";
import type { ThreadService } from "../thread/service-api";
import type { ToolCatalog } from "../tools/catalog";
import type { MountedPane } from "../ui/host";
import { handleInternalLinks } from "./internal-links";
import { loadMount } from "./lazy";
import type { PaneRequests } from "./pane-requests";
import { createObsidianUiHost } from "./ui-host";
import type { ConnectionHost } from "../ui/host";
import type { ReviewDecisions } from "../ui/review-decisions";
import type { ThreadState } from "../log/state";

export const VIEW_TYPE = "redline-chat";
export const VIEW_ICON = "message-square-diff";

export interface ChatViewDeps {
	/** The plugin's service (built on first use). */
	service(): Promise<ThreadService>;
	/** The search index's status (watching starts the index). */
	indexStatus?: IndexStatusFeed;
	pluginId: string;
	/** Reports a failure to start (the plugin shows a Notice with secrets redacted). */
	onError(error: unknown): void;
	/** Command requests for the pane (see pane-requests.ts). */
	requests: PaneRequests;
	/** The user's default preference per tool (the pane's Permissions show it under the chat's own). */
	toolDefaults?: () => Record<string, ToolPreference>;
	/** The tools the agent has: their labels and own defaults (the Permissions panel, a card's preference). */
	tools?: () => ToolCatalog;
	/** "Check connection" from the pane's error banner, and its hint. */
	connection?: ConnectionHost;
	/** The choices on drafts waiting for review, shared with the open notes' inline redline. */
	reviewDecisions?: ReviewDecisions;
	/** Told the state of the chat the pane shows (the open notes show its waiting drafts). */
	threadShown?: (state: ThreadState | null) => void;
	/** The vault's tags for the `#` picker (the plugin's: a pane moved to a pop-out adds no listeners). */
	tags: VaultTags;
}

export class ChatView extends ItemView implements HoverParent {
	/** Page preview's popover for a hovered [[link]] in the pane (see internal-links.ts). */
	hoverPopover: HoverPopover | null = null;
	private pane: MountedPane | null = null;
	private isOpen = false;
	/** Mount generation: a remount started later wins over an earlier one still waiting. */
	private generation = 0;

	constructor(
		leaf: WorkspaceLeaf,
		private readonly deps: ChatViewDeps,
	) {
		super(leaf);
		this.icon = VIEW_ICON;
	}

	getViewType(): string {
		return VIEW_TYPE;
	}

	getDisplayText(): string {
		return "Redline";
	}

	protected override async onOpen(): Promise<void> {
		this.isOpen = true;
		this.contentEl.addClass("redline-view");
		handleInternalLinks({
			el: this.contentEl,
			owner: this,
			hoverParent: this,
			workspace: this.app.workspace,
			source: VIEW_TYPE,
		});
		this.register(this.containerEl.onWindowMigrated(() => void this.mount()));
		await this.mount();
	}

	protected override async onClose(): Promise<void> {
		this.isOpen = false;
		this.generation++;
		this.unmountPane();
	}

	private async mount(): Promise<void> {
		const generation = ++this.generation;
		this.unmountPane();
		let service: ThreadService;
		try {
			service = await this.deps.service();
		} catch (error) {
			this.deps.onError(error);
			this.contentEl.empty();
			this.contentEl.createDiv({
				cls: "redline-view-error",
				text: "Redline could not start. See the notice for details.",
			});
			return;
		}
		if (!this.isOpen || generation !== this.generation) return;
		this.contentEl.empty();
		const host = createObsidianUiHost({
			app: this.app,
			service,
			owner: this,
			tags: this.deps.tags,
			pluginId: this.deps.pluginId,
			doc: this.containerEl.doc,
			requests: this.deps.requests,
			...(this.deps.toolDefaults ? { toolDefaults: this.deps.toolDefaults } : {}),
			...(this.deps.tools ? { tools: this.deps.tools } : {}),
			...(this.deps.connection ? { connection: this.deps.connection } : {}),
			...(this.deps.indexStatus ? { indexStatus: this.deps.indexStatus } : {}),
			...(this.deps.reviewDecisions ? { reviewDecisions: this.deps.reviewDecisions } : {}),
			...(this.deps.threadShown ? { threadShown: this.deps.threadShown } : {}),
		});
		this.pane = loadMount().mountRedlinePane(this.contentEl, host);
	}

	private unmountPane(): void {
		this.pane?.unmount();
		this.pane = null;
	}
}
