import { displayPath } from "../../vault/display-path";

/** The `[[` suggestions under the input: a listbox the input drives with the arrow keys. */
export interface NotePickerProps {
	id: string;
	/** What is picked: notes (`[[`), tags (`#`) or folders (`/`). */
	kind?: "note" | "tag" | "folder";
	paths: string[];
	active: number;
	onPick: (path: string) => void;
}

const WORDS = {
	note: { empty: "No matching notes", label: "Notes to pin", show: (path: string) => displayPath(path) },
	tag: { empty: "No matching tags", label: "Tags to add", show: (tag: string) => `#${tag}` },
	folder: { empty: "No matching folders", label: "Folders to add", show: (folder: string) => `${folder}/` },
};

export function NotePicker({ id, kind = "note", paths, active, onPick }: NotePickerProps) {
	const words = WORDS[kind];
	if (paths.length === 0) {
		return (
			<div id={id} className="redline-picker redline-picker-empty" role="status">
				{words.empty}
			</div>
		);
	}
	return (
		<ul id={id} className="redline-picker" role="listbox" aria-label={words.label}>
			{paths.map((path, index) => (
				<li
					key={path}
					id={`${id}-${index}`}
					role="option"
					aria-selected={index === active}
					className={`redline-picker-option${index === active ? " redline-picker-option-active" : ""}`}
					// mousedown, not click: keep the focus in the input.
					onMouseDown={(event) => {
						event.preventDefault();
						onPick(path);
					}}
				>
					{words.show(path)}
				</li>
			))}
		</ul>
	);
}
