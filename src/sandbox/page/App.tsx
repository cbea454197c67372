/**
 * The sandbox page: a small Obsidian-like window (file list, open note) with the real Redline
 * pane on the right, talking to the thread service over HTTP exactly as any client would.
 */
import { useEffect, useMemo, useRef, useState } from "react";
import type { ThreadService } from "../../thread/service-api";
import type { ToolCatalog } from "../../tools/catalog";
import { RedlinePane } from "../../ui/components/RedlinePane";
import type { NoteStat } from "../../vault/vault";
import type { NotesClient, SandboxInfo } from "./api";
import { noteChanged, noteOpened, OwnSaves } from "./changed-notes";
import { FileList } from "./FileList";
import { NoteEditor } from "./NoteEditor";
import { createPageHost } from "./page-host";
import { applyTheme, type Theme } from "./theme";

const DEMO_HELP =
	"This is a scripted demo: a local stand-in model answers a handful of requests on the sample vault (remove headings, add a summary, tag notes, ask which notes to include). To use a real model, start with OPENAI_API_KEY set (and optionally OPENAI_BASE_URL, REDLINE_MODEL, REDLINE_APPLY_MODEL).";

export function App(props: { service: ThreadService; notes: NotesClient; tools: ToolCatalog }) {
	const { service, notes: client, tools } = props;
	const [info, setInfo] = useState<SandboxInfo | null>(null);
	const [notes, setNotes] = useState<NoteStat[]>([]);
	const [selected, setSelected] = useState<string | null>(null);
	const [changeCounter, setChangeCounter] = useState(0);
	const [changed, setChanged] = useState<ReadonlySet<string>>(new Set());
	const ownSaves = useMemo(() => new OwnSaves(), []);
	const editorClient = useMemo(() => ownSaves.wrap(client), [ownSaves, client]);
	const [showHelp, setShowHelp] = useState(false);
	const [theme, setTheme] = useState<Theme>(() => (document.body.classList.contains("theme-dark") ? "dark" : "light"));
	const state = useRef({ selected, notes });
	state.current = { selected, notes };

	const host = useMemo(
		() =>
			createPageHost(
				service,
				{
					activeNote: () => state.current.selected,
					openNote: (path) => setSelected(path),
					notePaths: () => state.current.notes.map((note) => note.path),
					showSettingsHelp: () => setShowHelp(true),
				},
				document,
				{ watch: (listener) => client.onIndexStatus(listener) },
				tools,
			),
		[service, client, tools],
	);

	useEffect(() => host.activeNoteChanged(selected), [host, selected]);
	// Opening a note (from the list or a card's note link) is reading its change.
	useEffect(() => setChanged((marked) => noteOpened(marked, selected)), [selected]);

	useEffect(() => {
		void client.info().then(setInfo);
		const refresh = () => void client.list().then(setNotes);
		refresh();
		return client.onChange(
			(change) => {
				refresh();
				host.notesChanged();
				if (!ownSaves.isOwn(change.path)) setChanged((marked) => noteChanged(marked, change, state.current.selected));
				if (
					change.path === state.current.selected ||
					(change.type === "rename" && change.oldPath === state.current.selected)
				) {
					if (change.type === "rename") setSelected(change.path);
					setChangeCounter((n) => n + 1);
				}
			},
			() => {
				refresh();
				host.notesChanged();
				setChangeCounter((n) => n + 1);
			},
		);
	}, [client, ownSaves, host]);

	useEffect(() => {
		if (selected === null && notes.length > 0)
			setSelected(notes.find((n) => n.path === "Welcome.md")?.path ?? notes[0]?.path ?? null);
	}, [notes, selected]);

	return (
		<div className="sandbox-window">
			{info?.demo && (
				<header className="sandbox-banner">
					<strong>Scripted demo.</strong> {DEMO_HELP}
				</header>
			)}
			{showHelp && (
				<div className="sandbox-banner" role="dialog" aria-label="Model settings">
					{DEMO_HELP}{" "}
					<button type="button" onClick={() => setShowHelp(false)}>
						Close
					</button>
				</div>
			)}
			<div className="sandbox-body">
				<aside className="sandbox-sidebar">
					<h1 className="sandbox-vault-name">{info?.vaultName ?? "Vault"}</h1>
					<button
						type="button"
						className="sandbox-theme-toggle"
						aria-pressed={theme === "dark"}
						onClick={() => {
							const next = theme === "dark" ? "light" : "dark";
							applyTheme(document, next, true);
							setTheme(next);
						}}
					>
						Dark theme
					</button>
					<FileList notes={notes} selected={selected} changed={changed} onSelect={setSelected} />
				</aside>
				<main className="sandbox-main">
					{selected ? (
						<NoteEditor client={editorClient} path={selected} changeCounter={changeCounter} inline={host.editor} />
					) : (
						<p className="sandbox-muted">No note open</p>
					)}
				</main>
				<aside className="sandbox-pane" aria-label="Redline">
					<RedlinePane host={host} />
				</aside>
			</div>
		</div>
	);
}
