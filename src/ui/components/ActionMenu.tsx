/**
 * A quiet ⋯ button that opens a menu of less common actions ("Don't allow in this chat"). In
 * Obsidian the host shows its own Menu (UiHost.showMenu); elsewhere (the sandbox) the pane draws
 * an accessible menu (WAI-ARIA menu button): it opens on its first item, ↑/↓/Home/End move,
 * Enter picks, Escape closes it and returns to ⋯, and Tab or a click elsewhere closes it. It opens
 * in the flow under the button rather than floating: a stream item clips what paints outside it.
 */
import { useEffect, useId, useRef, useState } from "react";
import type { MenuAction } from "../host";
import { usePane } from "../context";

export interface ActionMenuProps {
	/** The button's and the menu's name ("More actions: Read A.md"). */
	label: string;
	/** The actions; `anchor` is the ⋯ button (where the focus goes back to). */
	items: (anchor: HTMLElement) => readonly MenuAction[];
}

export function ActionMenu({ label, items }: ActionMenuProps) {
	const { host } = usePane();
	const [open, setOpen] = useState(false);
	const button = useRef<HTMLButtonElement>(null);
	const menu = useRef<HTMLDivElement>(null);
	const menuId = useId();

	useEffect(() => {
		if (open) menu.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
	}, [open]);

	const close = (returnFocus: boolean): void => {
		setOpen(false);
		if (returnFocus) button.current?.focus();
	};
	const move = (from: Element | null, step: number | "first" | "last"): void => {
		const entries = [...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
		if (entries.length === 0) return;
		const at = entries.findIndex((entry) => entry === from);
		const next =
			step === "first" ? 0 : step === "last" ? entries.length - 1 : (at + step + entries.length) % entries.length;
		entries[next]?.focus();
	};
	const actions = open && button.current ? items(button.current) : [];

	return (
		<>
			<button
				ref={button}
				type="button"
				className="redline-button redline-button-quiet redline-more-button"
				aria-label={label}
				title="More actions"
				aria-haspopup="menu"
				aria-expanded={host.showMenu ? undefined : open}
				aria-controls={open ? menuId : undefined}
				onClick={(event) => {
					if (host.showMenu) host.showMenu(event.currentTarget, items(event.currentTarget));
					else setOpen((shown) => !shown);
				}}
			>
				<MoreIcon />
			</button>
			{open && (
				<div
					ref={menu}
					id={menuId}
					className="redline-menu"
					role="menu"
					aria-label={label}
					onKeyDown={(event) => {
						const from = event.target as Element;
						if (event.key === "Escape") {
							event.preventDefault();
							event.stopPropagation();
							close(true);
						} else if (event.key === "ArrowDown" || event.key === "ArrowUp") {
							event.preventDefault();
							move(from, event.key === "ArrowDown" ? 1 : -1);
						} else if (event.key === "Home" || event.key === "End") {
							event.preventDefault();
							move(from, event.key === "Home" ? "first" : "last");
						} else if (event.key === "Tab") {
							close(false);
						}
					}}
					onBlur={(event) => {
						const to = event.relatedTarget as Node | null;
						if (to === null || (!menu.current?.contains(to) && to !== button.current)) setOpen(false);
					}}
				>
					{actions.map((action) => (
						<button
							key={action.title}
							type="button"
							role="menuitem"
							tabIndex={-1}
							className={`redline-menu-item${action.warning ? " redline-menu-item-warning" : ""}`}
							onClick={() => {
								close(true);
								action.run();
							}}
						>
							{action.title}
						</button>
					))}
				</div>
			)}
		</>
	);
}

/** Three dots, as Lucide's "more-horizontal" that Obsidian's own ⋯ buttons show. */
function MoreIcon() {
	return (
		<svg
			className="redline-icon"
			aria-hidden="true"
			focusable="false"
			viewBox="0 0 24 24"
			width="16"
			height="16"
			fill="currentColor"
		>
			<circle cx="5" cy="12" r="2" />
			<circle cx="12" cy="12" r="2" />
			<circle cx="19" cy="12" r="2" />
		</svg>
	);
}
