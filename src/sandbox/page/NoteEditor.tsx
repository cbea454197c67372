/**
 * The open note, editable like Obsidian's source mode. The user's typing is saved after a short
 * pause; when the agent writes the note, the editor reloads it, after saving pending typing
 * first so the merge on the server sees it and nothing the user typed is lost.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import type { NoteFiles } from "./changed-notes";
import { displayPath } from "../../vault/display-path";

const SAVE_DELAY_MS = 300;

export function NoteEditor(props: { client: NoteFiles; path: string; changeCounter: number }) {
	const { client, path, changeCounter } = props;
	const [text, setText] = useState<string | null>(null);
	const [error, setError] = useState<string | null>(null);
	const [saving, setSaving] = useState(false);
	const pending = useRef<{ text: string; timer: number } | null>(null);

	const flush = useCallback(async () => {
		const job = pending.current;
		if (!job) return;
		window.clearTimeout(job.timer);
		pending.current = null;
		setSaving(true);
		try {
			await client.write(path, job.text);
		} catch (e) {
			setError(e instanceof Error ? e.message : String(e));
		} finally {
			setSaving(false);
		}
	}, [client, path]);

	useEffect(() => {
		let cancelled = false;
		void (async () => {
			await flush();
			try {
				const fresh = await client.read(path);
				if (!cancelled && !pending.current) {
					setText(fresh);
					setError(null);
				}
			} catch (e) {
				if (!cancelled) setError(e instanceof Error ? e.message : String(e));
			}
		})();
		return () => {
			cancelled = true;
		};
	}, [client, path, changeCounter, flush]);

	useEffect(() => () => void flush(), [flush]);

	const onInput = (value: string) => {
		setText(value);
		if (pending.current) window.clearTimeout(pending.current.timer);
		pending.current = { text: value, timer: window.setTimeout(() => void flush(), SAVE_DELAY_MS) };
	};

	return (
		<section className="sandbox-editor" aria-label={`Note ${displayPath(path)}`}>
			<header className="sandbox-editor-title">
				<span>{displayPath(path)}</span>
				<span className="sandbox-editor-state" aria-live="polite">
					{saving ? "Saving…" : error ? error : ""}
				</span>
			</header>
			{text === null ? (
				<p className="sandbox-muted">{error ?? "Loading…"}</p>
			) : (
				<textarea
					className="sandbox-editor-text"
					aria-label="Note text"
					spellCheck={false}
					value={text}
					onChange={(event) => onInput(event.target.value)}
				/>
			)}
		</section>
	);
}
