/**
 * Obsidian's link handling for the pane. MarkdownRenderer renders a reply's [[links]] as
 * `a.internal-link` anchors, but only Obsidian's own views act on them: in an ItemView a click
 * does nothing and hovering shows no preview. One delegated handler per view does what a note
 * does: a click opens the link (Mod-click or a middle click in a new tab, Mod+Alt in a split),
 * and hovering asks the Page preview core plugin for its popover ("hover-link", with the view as
 * the popover's parent). Links resolve from the path the Markdown was rendered for (data-source-path
 * on the rendered element, set by ui-host.ts; empty: from the vault root).
 */
import { Keymap, type Component, type HoverParent, type Workspace } from "obsidian";

const LINK = "a.internal-link";

/** The payload Page preview reads from a "hover-link" event (obsidian.d.ts does not declare it). */
export interface HoverLinkEvent {
	event: MouseEvent;
	source: string;
	hoverParent: HoverParent;
	targetEl: HTMLElement;
	linktext: string;
	sourcePath: string;
}

export function handleInternalLinks(options: {
	el: HTMLElement;
	owner: Component;
	hoverParent: HoverParent;
	workspace: Workspace;
	source: string;
}): void {
	const { el, owner, workspace } = options;
	const target = (link: HTMLElement): { linktext: string; sourcePath: string } | null => {
		const linktext = link.getAttr("data-href") ?? link.getAttr("href");
		if (!linktext) return null;
		return { linktext, sourcePath: link.closest("[data-source-path]")?.getAttr("data-source-path") ?? "" };
	};
	const open = (evt: MouseEvent, link: HTMLElement): void => {
		const found = target(link);
		if (!found) return;
		evt.preventDefault();
		void workspace.openLinkText(found.linktext, found.sourcePath, Keymap.isModEvent(evt));
	};
	const onClick = (evt: MouseEvent, link: HTMLElement): void => open(evt, link);
	const onAuxClick = (evt: MouseEvent, link: HTMLElement): void => {
		if (evt.button === 1) open(evt, link);
	};
	const onHover = (evt: MouseEvent, link: HTMLElement): void => {
		const found = target(link);
		if (!found) return;
		const hover: HoverLinkEvent = {
			event: evt,
			source: options.source,
			hoverParent: options.hoverParent,
			targetEl: link,
			...found,
		};
		workspace.trigger("hover-link", hover);
	};
	el.on("click", LINK, onClick);
	el.on("auxclick", LINK, onAuxClick);
	el.on("mouseover", LINK, onHover);
	owner.register(() => {
		el.off("click", LINK, onClick);
		el.off("auxclick", LINK, onAuxClick);
		el.off("mouseover", LINK, onHover);
	});
}
