/**
 * The chat list in Obsidian: a SuggestModal over the pane's chat choices (src/ui/chat-choices.ts),
 * so it searches, moves and opens as the app's own switchers do. Each chat shows its full title
 * (wrapped by the app's styles, never cut) and when it was last active; two chats with the same
 * title differ by their dates. Typing filters by the same rule as the pane's own list.
 */
import { SuggestModal, type App } from "obsidian";
import { filterChats, type ChatChoice } from "../ui/chat-choices";

export class ChatSuggestModal extends SuggestModal<ChatChoice> {
	constructor(
		app: App,
		private readonly chats: readonly ChatChoice[],
		private readonly choose: (threadId: string) => void,
	) {
		super(app);
		this.setPlaceholder("Search chats");
		this.emptyStateText = chats.length === 0 ? "No chats yet." : "No chats match.";
		this.limit = Math.max(this.chats.length, 1);
		this.setInstructions([
			{ command: "↑↓", purpose: "to navigate" },
			{ command: "↵", purpose: "to open" },
			{ command: "esc", purpose: "to dismiss" },
		]);
	}

	getSuggestions(query: string): ChatChoice[] {
		return filterChats(this.chats, query);
	}

	renderSuggestion(chat: ChatChoice, el: HTMLElement): void {
		el.addClass("mod-complex", "redline-chat-suggestion");
		const content = el.createDiv("suggestion-content");
		content.createDiv({ cls: "suggestion-title", text: chat.title });
		content.createEl("time", {
			cls: "suggestion-note",
			text: chat.when,
			attr: { datetime: chat.at, title: chat.whenFull },
		});
		if (chat.current) el.setAttr("aria-current", "true");
	}

	onChooseSuggestion(chat: ChatChoice): void {
		this.choose(chat.threadId);
	}
}
