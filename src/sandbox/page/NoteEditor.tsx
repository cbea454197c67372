/**
 * The open note, editable like Obsidian's source mode: a CodeMirror 6 editor (note-view.ts) with
 * Redline's editor extensions, so the inline review and the mark on written lines run here as in
 * Obsidian. The user's typing is saved after a short pause; when the agent writes the note, the
 * editor reloads it, after saving pending typing first so the merge on the server sees it and
 * nothing the user typed is lost. What Redline shows in the note comes from `inline`.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { EditorView } from "@codemirror/view";
import { showReview, showWrittenLines } from "../../editor";
import type { NoteFiles } from "./changed-notes";
import type { EditorInline } from "./editor-inline";
import { noteState, replaceText } from "./note-view";
import { displayPath } from "../../vault/display-path";

const SAVE_DELAY_MS = 300;
const PAGE_STYLES = ["/page.css", "/styles.css"];

/** The page's style sheets, also inside the editor's shadow root (after CodeMirror's own). */
async function adoptPageStyles(root: ShadowRoot): Promise<void> {
	const texts = await Promise.all(PAGE_STYLES.map((href) => fetch(href).then((response) => response.text())));
	const sheets = texts.map((text) => {
		const sheet = new CSSStyleSheet();
		sheet.replaceSync(text);
		return sheet;
	});
	root.adoptedStyleSheets = [...root.adoptedStyleSheets, ...sheets];
}

export function NoteEditor(props: { client: NoteFiles; path: string; changeCounter: number; inline: EditorInline }) {
	const { client, path, changeCounter, inline } = props;
	const [loaded, setLoaded] = useState(false);
	const [error, setError] = useState<string | null>(null);
	const [saving, setSaving] = useState(false);
	const pending = useRef<{ path: string; text: string; timer: number } | null>(null);
	const box = useRef<HTMLDivElement>(null);
	const view = useRef<EditorView | null>(null);
	/** The note the editor shows (typing is saved to it, whatever `path` says meanwhile). */
	const shown = useRef<string | null>(null);
	/** The load in flight, if any (0: none): marked lines wait for the text they belong to. */
	const loading = useRef(0);
	const loads = useRef(0);
	/** Bumped to read the note again: lines a write changed are marked on the text as written. */
	const [reread, setReread] = useState(0);

	const flush = useCallback(async () => {
		const job = pending.current;
		if (!job) return;
		window.clearTimeout(job.timer);
		pending.current = null;
		setSaving(true);
		try {
			await client.write(job.path, job.text);
		} catch (e) {
			setError(e instanceof Error ? e.message : String(e));
		} finally {
			setSaving(false);
		}
	}, [client]);

	const onTyped = useCallback(
		(text: string) => {
			const target = shown.current;
			if (target === null) return;
			if (pending.current) window.clearTimeout(pending.current.timer);
			pending.current = { path: target, text, timer: window.setTimeout(() => void flush(), SAVE_DELAY_MS) };
		},
		[flush],
	);

	/** Mod+K: the prompt of "Edit selection with Redline" at the selection, for the note shown. */
	const editSelection = useCallback(
		(editor: EditorView) => {
			if (shown.current !== null) inline.inPlace?.open(editor, shown.current);
		},
		[inline],
	);

	/** Hands the editor what Redline shows in this note: the review, and marked lines not yet shown. */
	const showInline = useCallback(() => {
		const editor = view.current;
		const target = shown.current;
		if (!editor || target === null || loading.current !== 0) return;
		showReview(editor, inline.review(target));
		const written = inline.takeWrittenLines(target);
		if (written !== undefined) showWrittenLines(editor, written);
	}, [inline]);

	useEffect(() => {
		if (!box.current) return;
		// In a shadow root, CodeMirror's styles are a constructed style sheet (adoptedStyleSheets):
		// in the document it would add a <style> element, which the page's CSP refuses. The page's
		// own style sheets join it the same way (fetched from this origin, which the CSP allows;
		// a <link> in the editor is what Obsidian's review forbids, and the lint with it).
		const root = box.current.shadowRoot ?? box.current.attachShadow({ mode: "open" });
		void adoptPageStyles(root);
		const editor = new EditorView({ parent: root, root });
		view.current = editor;
		return () => {
			editor.destroy();
			view.current = null;
		};
	}, []);

	useEffect(() => {
		let cancelled = false;
		const load = ++loads.current;
		loading.current = load;
		void (async () => {
			await flush();
			try {
				const fresh = await client.read(path);
				const editor = view.current;
				if (cancelled || pending.current || !editor) return;
				if (shown.current === path) replaceText(editor, fresh);
				else editor.setState(noteState(fresh, onTyped, editSelection));
				shown.current = path;
				setLoaded(true);
				setError(null);
			} catch (e) {
				if (!cancelled) setError(e instanceof Error ? e.message : String(e));
			} finally {
				if (loading.current === load) loading.current = 0;
				if (!cancelled) showInline();
			}
		})();
		return () => {
			cancelled = true;
		};
	}, [client, path, changeCounter, reread, flush, onTyped, editSelection, showInline]);

	useEffect(
		() =>
			inline.subscribe((changed) => {
				if (changed !== shown.current) return;
				if (inline.hasWrittenLines(changed)) setReread((n) => n + 1);
				else showInline();
			}),
		[inline, showInline],
	);

	useEffect(() => () => void flush(), [flush]);

	return (
		<section className="sandbox-editor" aria-label={`Note ${displayPath(path)}`}>
			<header className="sandbox-editor-title">
				<span>{displayPath(path)}</span>
				<span className="sandbox-editor-state" aria-live="polite">
					{saving ? "Saving…" : error ? error : ""}
				</span>
			</header>
			{!loaded && <p className="sandbox-muted">{error ?? "Loading…"}</p>}
			<div className="sandbox-editor-text" ref={box} hidden={!loaded} />
		</section>
	);
}
