import { PICKER_WORDS } from "../chip-pick";

/** The `[[` suggestions under the input: a listbox the input drives with the arrow keys. */
export interface NotePickerProps {
	id: string;
	/** What is picked: notes (`[[`), tags (`#`) or folders (`/`). */
	kind?: "note" | "tag" | "folder";
	paths: string[];
	active: number;
	onPick: (path: string) => void;
}

export function NotePicker({ id, kind = "note", paths, active, onPick }: NotePickerProps) {
	const words = PICKER_WORDS[kind];
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
