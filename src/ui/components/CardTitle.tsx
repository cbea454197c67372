/**
 * A card's title, the one way every card draws it (issue 30): the words of what will happen or
 * happened, and the note linked by its name with its whole path on hover: "Remove all headings ·
 * 2026-11-28", "Read On slow reading". [[Links]] in the words (the model's description) are links
 * to their notes, or their text when no note has that name; never brackets. Where the words
 * already name the note (its path in "Read Articles/On slow reading.md", a [[link]] to it), the
 * link takes that place; otherwise it follows after a middle dot.
 */
import type { ReactNode } from "react";
import { displayPath } from "../../vault/display-path";
import { usePane } from "../context";
import { resolveLink, titleParts } from "../title-parts";
import { NoteLink } from "./NoteLink";

export function CardTitle({ text, path }: { text: string; path?: string | undefined }) {
	const { host } = usePane();
	const parts = titleParts(text);
	// The vault's paths only when there is a link to resolve (a large vault's list is not free).
	const notes = parts.some((part) => part.kind === "link") ? (host.notePaths?.() ?? []) : [];
	const shownPath = path !== undefined ? displayPath(path) : undefined;
	let linked = false;
	const out: ReactNode[] = parts.map((part, index) => {
		if (part.kind === "link") {
			const target = resolveLink(part.target, notes);
			if (target === undefined) return part.text;
			if (target === path) linked = true;
			return (
				<NoteLink key={index} host={host} path={target}>
					{part.text}
				</NoteLink>
			);
		}
		const at = shownPath !== undefined && !linked ? part.text.indexOf(shownPath) : -1;
		if (at === -1 || path === undefined || shownPath === undefined) return part.text;
		linked = true;
		return [
			part.text.slice(0, at),
			<NoteLink key={index} host={host} path={path} show="name" />,
			part.text.slice(at + shownPath.length),
		];
	});
	return (
		<span className="redline-card-title">
			{out}
			{path !== undefined && !linked && (
				<>
					{" · "}
					<NoteLink host={host} path={path} show="name" />
				</>
			)}
		</span>
	);
}
