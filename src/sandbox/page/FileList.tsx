/** The vault's notes, like Obsidian's file explorer (flat, grouped by folder); changed ones are marked. */
import { displayPath } from "../../vault/display-path";
import type { NoteStat } from "../../vault/vault";

export function FileList(props: {
	notes: NoteStat[];
	selected: string | null;
	changed: ReadonlySet<string>;
	onSelect(path: string): void;
}) {
	const groups = new Map<string, NoteStat[]>();
	for (const note of props.notes) {
		const folder = note.path.includes("/") ? note.path.slice(0, note.path.lastIndexOf("/")) : "";
		groups.set(folder, [...(groups.get(folder) ?? []), note]);
	}
	return (
		<nav className="sandbox-files" aria-label="Notes">
			{[...groups.entries()].map(([folder, notes]) => (
				<div key={folder} className="sandbox-folder">
					{folder && <div className="sandbox-folder-name">{displayPath(folder)}</div>}
					<ul>
						{notes.map((note) => (
							<li key={note.path}>
								<button
									type="button"
									className={`sandbox-file${note.path === props.selected ? " is-active" : ""}${props.changed.has(note.path) ? " is-changed" : ""}`}
									aria-current={note.path === props.selected ? "page" : undefined}
									aria-description={props.changed.has(note.path) ? "Changed since you last opened it" : undefined}
									onClick={() => props.onSelect(note.path)}
								>
									{displayPath(note.path.slice(folder ? folder.length + 1 : 0).replace(/\.md$/, ""))}
								</button>
							</li>
						))}
					</ul>
				</div>
			))}
		</nav>
	);
}
