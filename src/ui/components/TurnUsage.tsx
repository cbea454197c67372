/**
 * The quiet line under a turn (issue 33): what its model calls spent, "3.2k in · 410 out · $0.004",
 * the apply model's apart. From the log (TurnView.usage), so it reads the same after a reload.
 */
import { memo } from "react";
import type { RoleUsage } from "../../log/usage";
import { usageLine } from "../usage-words";

export const TurnUsage = memo(function TurnUsage({ usage }: { usage: RoleUsage }) {
	const line = usageLine(usage);
	if (!line) return null;
	const estimated = usage.main.estimated + usage.apply.estimated > 0;
	return (
		<p
			className="redline-turn-usage"
			title={estimated ? "≈: the provider reported no usage, so these are Redline's estimates" : undefined}
		>
			<span className="redline-visually-hidden">Spent this turn: </span>
			{line}
		</p>
	);
});
