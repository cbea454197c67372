/** A unified diff as rows: line changes, word highlights inside changed lines, folded context. */
import { memo, useMemo, useState } from "react";
import { diffRowsFromUnified, type DiffRow } from "../diff-rows";
import { plural } from "../describe";

/** Rows shown at first, and how many more each "Show N more lines" adds: a long diff stays cheap to open. */
const FIRST_ROWS = 60;
const MORE_ROWS = 500;

export const DiffView = memo(function DiffView({
	unified,
	label,
	changed,
	partial = false,
}: {
	unified: string;
	label: string;
	/** The lines the edit changed by its own count: with any, "no line changes" is never said. */
	changed?: { added: number; removed: number };
	/** The diff is the start of the patch only (the rest is gone from the note's history). */
	partial?: boolean;
}) {
	const view = useMemo(() => diffRowsFromUnified(unified), [unified]);
	const [shown, setShown] = useState(FIRST_ROWS);
	const anyChange = (changed?.added ?? 0) + (changed?.removed ?? 0) > 0;
	if (view.rows.length === 0) {
		return (
			<p className="redline-diff-empty">
				{anyChange && changed
					? `${plural(changed.added, "line")} added and ${plural(changed.removed, "line")} removed; this diff is too long to show here.`
					: "No line changes."}
			</p>
		);
	}
	const rows = view.rows.slice(0, shown);
	const next = view.rows.slice(shown, shown + MORE_ROWS).filter((row) => row.kind !== "fold").length;
	return (
		<div className="redline-diff" role="group" aria-label={label}>
			{rows.map((row, index) => (
				<DiffLine key={index} row={row} />
			))}
			{next > 0 && (
				<button type="button" className="redline-diff-more" onClick={() => setShown(shown + MORE_ROWS)}>
					{`Show ${next.toLocaleString("en-US")} more ${next === 1 ? "line" : "lines"}`}
				</button>
			)}
			{partial && (
				<p className="redline-diff-partial">
					The rest of this diff is no longer in the note&apos;s history; the counts above are the whole edit.
				</p>
			)}
		</div>
	);
});

function DiffLine({ row }: { row: DiffRow }) {
	if (row.kind === "fold") {
		return <div className="redline-diff-fold">⋯ {plural(row.count, "unchanged line")}</div>;
	}
	const sign = row.kind === "added" ? "+" : row.kind === "removed" ? "−" : " ";
	return (
		<div className={`redline-diff-line redline-diff-${row.kind}`}>
			<span className="redline-diff-sign" aria-hidden="true">
				{sign}
			</span>
			<span className="redline-diff-text">
				{row.parts.map((part, index) =>
					part.changed ? (
						<span
							key={index}
							className={row.kind === "added" ? "redline-diff-word-added" : "redline-diff-word-removed"}
						>
							{part.text}
						</span>
					) : (
						<span key={index}>{part.text}</span>
					),
				)}
			</span>
		</div>
	);
}

/** The +N −M chip. */
export function ChangeChip({ added, removed }: { added: number; removed: number }) {
	return (
		<span
			className="redline-change-chip"
			aria-label={`${plural(added, "line")} added, ${plural(removed, "line")} removed`}
		>
			<span className="redline-change-added">+{added}</span> <span className="redline-change-removed">−{removed}</span>
		</span>
	);
}
