/**
 * The pane's own menu, for a host without one (the sandbox page; Obsidian shows its Menu): the
 * WAI-ARIA menu pattern. It takes the focus on its first item; arrow keys, Home and End move it;
 * Enter or Space choose; Escape closes it and gives the focus back to the button that opened it;
 * Tab, or a click or focus elsewhere, closes it and leaves the focus where it went.
 */
import { useLayoutEffect, useRef, type KeyboardEvent } from "react";
import type { MenuAction, UiHost } from "../host";
import { HostIcon } from "./HostIcon";

export interface PaneMenuProps {
	host: UiHost;
	id: string;
	label: string;
	actions: readonly MenuAction[];
	/** refocus: give the focus back to the opener (Escape); false when it already went elsewhere. */
	onClose: (refocus: boolean) => void;
}

export function PaneMenu({ host, id, label, actions, onClose }: PaneMenuProps) {
	const ref = useRef<HTMLDivElement>(null);
	const items = (): HTMLElement[] => [...(ref.current?.querySelectorAll<HTMLElement>("[role='menuitem']") ?? [])];

	useLayoutEffect(() => {
		items()[0]?.focus();
	}, []);

	const move = (event: KeyboardEvent, to: (index: number, count: number) => number): void => {
		event.preventDefault();
		const all = items();
		const index = all.indexOf(event.target as HTMLElement);
		all[to(index, all.length)]?.focus();
	};

	return (
		<div
			ref={ref}
			id={id}
			className="redline-menu"
			role="menu"
			aria-label={label}
			onKeyDown={(event) => {
				if (event.key === "ArrowDown") move(event, (i, n) => (i + 1) % n);
				else if (event.key === "ArrowUp") move(event, (i, n) => (i - 1 + n) % n);
				else if (event.key === "Home") move(event, () => 0);
				else if (event.key === "End") move(event, (_i, n) => n - 1);
				else if (event.key === "Escape") {
					event.preventDefault();
					event.stopPropagation();
					onClose(true);
				} else if (event.key === "Tab") onClose(false);
			}}
			onBlur={(event) => {
				const next = event.relatedTarget as Node | null;
				if (!next || !ref.current?.contains(next)) onClose(false);
			}}
		>
			{actions.map((action) => (
				<button
					key={action.title}
					type="button"
					role="menuitem"
					tabIndex={-1}
					className={`redline-menu-item${action.warning ? " redline-menu-item-warning" : ""}`}
					aria-disabled={action.disabled || undefined}
					// A click must not take the focus away first (that would close the menu before it lands).
					onMouseDown={(event) => event.preventDefault()}
					onClick={() => {
						if (action.disabled) return;
						onClose(false);
						action.run();
					}}
				>
					{action.icon && <HostIcon host={host} icon={action.icon} className="redline-menu-item-icon" />}
					<span className="redline-menu-item-title">{action.title}</span>
				</button>
			))}
		</div>
	);
}
