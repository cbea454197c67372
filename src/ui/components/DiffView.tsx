/** A unified diff as rows: line changes, word highlights inside changed lines, folded context. */
import { memo, useMemo } from "react";
import { diffRowsFromUnified, type DiffRow } from "../diff-rows";
import { plural } from "../describe";

export const DiffView = memo(function DiffView({ unified, label }: { unified: string; label: string }) {
	const view = useMemo(() => diffRowsFromUnified(unified), [unified]);
	if (view.rows.length === 0) return <p className="redline-diff-empty">No line changes.</p>;
	return (
		<div className="redline-diff" role="group" aria-label={label}>
			{view.rows.map((row, index) => (
				<DiffLine key={index} row={row} />
			))}
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
