import { displayPath } from "../../vault/display-path";
import type { UiHost } from "../host";

/** A vault path shown as a link that opens the note in the host's editor (shown escaped: display-path.ts). */
export function NoteLink({ host, path }: { host: UiHost; path: string }) {
	return (
		<a
			className="redline-note-link"
			href="#"
			aria-label={`Open ${displayPath(path)}`}
			onClick={(event) => {
				event.preventDefault();
				host.openNote(path);
			}}
		>
			{displayPath(path)}
		</a>
	);
}
