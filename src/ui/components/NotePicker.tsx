import { displayPath } from "../../vault/display-path";

/** The `[[` suggestions under the input: a listbox the input drives with the arrow keys. */
export interface NotePickerProps {
	id: string;
	paths: string[];
	active: number;
	onPick: (path: string) => void;
}

export function NotePicker({ id, paths, active, onPick }: NotePickerProps) {
	if (paths.length === 0) {
		return (
			<div id={id} className="redline-picker redline-picker-empty" role="status">
				No matching notes
			</div>
		);
	}
	return (
		<ul id={id} className="redline-picker" role="listbox" aria-label="Notes to pin">
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
					{displayPath(path)}
				</li>
			))}
		</ul>
	);
}
