/**
 * The pane's own menu and chat list, for a host that has no menu or list of its own (the sandbox
 * page; tests). The host hands them in (UiHost.popups) rather than the pane importing them, so the
 * Obsidian bundle, whose host shows Obsidian's Menu and SuggestModal, leaves them out.
 */
import type { PanePopups } from "./host";
import { ChatList } from "./components/ChatList";
import { PaneMenu } from "./components/PaneMenu";

export const ownPopups: PanePopups = { PaneMenu, ChatList };
