/**
 * A vault path shown as a link that opens the note in the host's editor (shown escaped:
 * display-path.ts). By default it shows the whole path, which may break only after a "/"
 * (PathText); a title shows the note by its name (or a [[link]]'s text), with the whole path on
 * hover: the host's tooltip (Obsidian's setTooltip), else the title attribute. Its name for
 * assistive technology is always "Open <path>".
 */
import { Fragment, useLayoutEffect, useRef, type ReactNode } from "react";
import { displayName, displayPath } from "../../vault/display-path";
import type { UiHost } from "../host";

export interface NoteLinkProps {
	host: UiHost;
	path: string;
	/** "name": the note's name ("2026-11-28"), the path on hover. */
	show?: "path" | "name";
	/** What the link shows instead (a [[link]]'s text), the path on hover. */
	children?: ReactNode;
}

export function NoteLink({ host, path, show = "path", children }: NoteLinkProps) {
	const ref = useRef<HTMLAnchorElement>(null);
	const label = `Open ${displayPath(path)}`;
	const hover = children !== undefined || show === "name";
	useLayoutEffect(() => {
		if (hover && ref.current) host.setTooltip?.(ref.current, label);
	}, [host, hover, label]);
	return (
		<a
			ref={ref}
			className="redline-note-link"
			href="#"
			aria-label={label}
			{...(hover && !host.setTooltip ? { title: label } : {})}
			onClick={(event) => {
				event.preventDefault();
				host.openNote(path);
			}}
		>
			{children !== undefined || show === "name" ? (
				// A name is one part of a path: kept whole while it fits ("2026-11-28", never "2026-" / "11-28").
				<span className="redline-path-part">{children ?? displayName(path)}</span>
			) : (
				<PathText path={path} />
			)}
		</a>
	);
}

/** A path that wraps only after a "/": each part kept whole while it fits, a break offered after each slash. */
export function PathText({ path }: { path: string }) {
	const parts = displayPath(path).split("/");
	return (
		<span className="redline-path">
			{parts.map((part, index) =>
				index < parts.length - 1 ? (
					<Fragment key={index}>
						<span className="redline-path-part">{part}/</span>
						<wbr />
					</Fragment>
				) : (
					<span key={index} className="redline-path-part">
						{part}
					</span>
				),
			)}
		</span>
	);
}
