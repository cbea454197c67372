import type { UiHost } from "../host";

/** A vault path shown as a link that opens the note in the host's editor. */
export function NoteLink({ host, path }: { host: UiHost; path: string }) {
	return (
		<a
			className="redline-note-link"
			href="#"
			aria-label={`Open ${path}`}
			onClick={(event) => {
				event.preventDefault();
				host.openNote(path);
			}}
		>
			{path}
		</a>
	);
}
