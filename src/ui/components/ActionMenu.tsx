/**
 * A quiet ⋯ button that opens a menu of less common actions ("Don't allow in this chat"). In
 * Obsidian the host shows its own Menu (UiHost.showMenu); elsewhere (the sandbox) the pane draws
 * its own menu (PaneMenu, the header's too), which that host hands in (UiHost.popups). It opens in the flow under the button rather than
 * floating: a stream item clips what paints outside it.
 */
import { useId, useRef, useState } from "react";
import type { MenuAction } from "../host";
import { usePane } from "../context";
import { HostIcon } from "./HostIcon";

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
	const menuId = useId();
	const PaneMenu = host.popups?.PaneMenu;

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
				// While the menu is open a press on ⋯ closes it: the focus must not leave the menu first.
				onMouseDown={(event) => open && event.preventDefault()}
				onClick={(event) => {
					if (host.showMenu) host.showMenu(event.currentTarget, items(event.currentTarget));
					else setOpen((shown) => !shown);
				}}
			>
				<HostIcon host={host} icon="more-horizontal" className="redline-icon" />
			</button>
			{open && button.current && PaneMenu && (
				<PaneMenu
					host={host}
					id={menuId}
					label={label}
					actions={items(button.current)}
					onClose={(refocus) => {
						setOpen(false);
						if (refocus) button.current?.focus();
					}}
				/>
			)}
		</>
	);
}
