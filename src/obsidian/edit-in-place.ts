/**
 * "Edit selection with Redline" in Obsidian (issue 34): an editor command with no default hotkey
 * (Obsidian's guidelines; the docs suggest Mod+K), an icon so it can be put on the mobile toolbar,
 * and the same entry in the editor's context menu. It opens the prompt at the selection in the
 * note's CodeMirror view (src/editor/inline-edit.ts); the agent's write reaches the open note as
 * one Editor transaction (ObsidianVault.process), so the editor's undo takes it back in one step.
 */
import type { Editor, MarkdownFileInfo, MarkdownView, Plugin } from "obsidian";
import type { EditorView } from "@codemirror/view";
import { InlineEdit, type InlineEditDeps } from "../editor";

export const EDIT_SELECTION_NAME = "Edit selection with Redline";

export function registerEditInPlace(plugin: Plugin, deps: InlineEditDeps): InlineEdit {
	const inline = new InlineEdit(deps);
	/** The note and CodeMirror view of an editor, when it shows a Markdown note. */
	const target = (editor: Editor, info: MarkdownView | MarkdownFileInfo): [EditorView, string] | null => {
		const file = info.file;
		const cm = (editor as unknown as { cm?: Partial<EditorView> }).cm;
		if (file?.extension !== "md" || !cm?.state || typeof cm.dispatch !== "function") return null;
		return [cm as EditorView, file.path];
	};
	plugin.addCommand({
		id: "edit-selection",
		name: EDIT_SELECTION_NAME,
		icon: "pencil-line",
		editorCheckCallback: (checking, editor, info) => {
			const found = target(editor, info);
			if (!found) return false;
			if (!checking) inline.open(...found);
			return true;
		},
	});
	plugin.registerEvent(
		plugin.app.workspace.on("editor-menu", (menu, editor, info) => {
			const found = target(editor, info);
			if (!found) return;
			menu.addItem((item) =>
				item
					.setTitle(EDIT_SELECTION_NAME)
					.setIcon("pencil-line")
					.onClick(() => inline.open(...found)),
			);
		}),
	);
	plugin.register(() => inline.dispose());
	return inline;
}
