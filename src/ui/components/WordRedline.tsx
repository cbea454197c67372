/**
 * One change's text as a redline: words removed struck through in <del>, words added underlined
 * in <ins>, each announced in words too ("deleted", "inserted", hidden but read aloud), so the
 * change never depends on colour (high contrast and forced colours keep the lines and the words).
 * `before` and `after` are the model's text: they are rendered as text nodes only, never as HTML.
 */
import { memo, useMemo } from "react";
import { wordDiff, type WordRun } from "../../composer/review/word-diff";

export const WordRedline = memo(function WordRedline({ before, after }: { before: string; after: string }) {
	const runs = useMemo(() => redlineRuns(before, after), [before, after]);
	return (
		<div className="redline-words">
			{runs.map((run, index) => (
				<Run key={index} run={run} />
			))}
		</div>
	);
});

function Run({ run }: { run: WordRun }) {
	if (run.kind === "same") return <span>{run.text}</span>;
	const shown = visible(run.text);
	if (run.kind === "removed") {
		return (
			<del className="redline-word-removed">
				<span className="redline-visually-hidden"> deleted: </span>
				{shown}
				<span className="redline-visually-hidden"> (end deleted) </span>
			</del>
		);
	}
	return (
		<ins className="redline-word-added">
			<span className="redline-visually-hidden"> inserted: </span>
			{shown}
			<span className="redline-visually-hidden"> (end inserted) </span>
		</ins>
	);
}

/**
 * The runs to show. Both sides end their last line with a newline: that one is the end of the
 * change, not a line break to show.
 */
export function redlineRuns(before: string, after: string): WordRun[] {
	const trim = before.endsWith("\n") && after.endsWith("\n");
	const runs = wordDiff(trim ? before.slice(0, -1) : before, trim ? after.slice(0, -1) : after);
	// An inserted or deleted paragraph ends its last line too; only a lone line break is shown (as ¶).
	const last = runs.at(-1);
	if (last && last.text.length > 1 && last.text.endsWith("\n"))
		runs[runs.length - 1] = { ...last, text: last.text.slice(0, -1) };
	return runs;
}

/** A change that is only spaces or line breaks would be invisible: each break shows as ¶. */
function visible(text: string): string {
	return /^\s+$/.test(text) ? text.replace(/\n/g, "¶\n") : text;
}
