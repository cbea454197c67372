/**
 * The notes the `[[` pickers offer in Obsidian, ranked by prepareFuzzySearch over their paths: the
 * pane's message box (ui-host.ts) and the prompt of "Edit selection with Redline" (plugin.ts) ask
 * the same function, so both list the same notes in the same order.
 */
import { prepareFuzzySearch, type App, type TFile } from "obsidian";
import { PICKER_LIMIT } from "../ui/chip-pick";

export function suggestNotePaths(app: App, query: string): Promise<string[]> {
	const files = app.vault.getMarkdownFiles();
	if (query.trim() === "") return Promise.resolve(files.slice(0, PICKER_LIMIT).map((f) => f.path));
	const match = prepareFuzzySearch(query);
	return Promise.resolve(
		files
			.map((file: TFile) => ({ file, result: match(file.path) }))
			.filter((x) => x.result !== null)
			.sort((a, b) => b.result!.score - a.result!.score)
			.slice(0, PICKER_LIMIT)
			.map((x) => x.file.path),
	);
}
