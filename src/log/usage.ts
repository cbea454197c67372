/**
 * What a turn and a thread spent (issue 33), summed from the usage the log records on every model
 * call: the main model's on assistant_message_completed (finished, stopped or failed), the apply
 * model's on edit_proposed / edit_applied, thread_renamed (the title) and context_compacted (the
 * summary), and either's on usage_recorded for a call no other event carries. Kept
 * apart per model role, since the apply model is usually a cheaper one. Pure sums: the fold
 * (projection.ts) keeps them on the state, so the pane and the budget read the same numbers.
 */
import type { ModelUsage } from "./events";

export interface UsageTotals {
	/** Model calls counted. */
	calls: number;
	input: number;
	output: number;
	/** Of `input`, served from the provider's cache. */
	cached: number;
	/** US dollars of the calls whose price is known. */
	costUsd: number;
	/** Calls without a known price: the cost above leaves them out (never a made-up price). */
	unpriced: number;
	/** Calls whose counts are Redline's estimate (the provider sent no usage): shown with "≈". */
	estimated: number;
}

export interface RoleUsage {
	main: UsageTotals;
	apply: UsageTotals;
}

export type ModelRole = keyof RoleUsage;

export const NO_USAGE: UsageTotals = {
	calls: 0,
	input: 0,
	output: 0,
	cached: 0,
	costUsd: 0,
	unpriced: 0,
	estimated: 0,
};
export const NO_ROLE_USAGE: RoleUsage = { main: NO_USAGE, apply: NO_USAGE };

export function addUsage(totals: UsageTotals, usage: ModelUsage): UsageTotals {
	return {
		calls: totals.calls + (usage.calls ?? 1),
		input: totals.input + usage.promptTokens,
		output: totals.output + (usage.completionTokens ?? 0),
		cached: totals.cached + (usage.cachedTokens ?? 0),
		costUsd: totals.costUsd + (usage.costUsd ?? 0),
		unpriced: totals.unpriced + (usage.costUsd === undefined ? 1 : 0),
		estimated: totals.estimated + (usage.estimated === true ? 1 : 0),
	};
}

export function addRoleUsage(totals: RoleUsage, role: ModelRole, usage: ModelUsage): RoleUsage {
	return { ...totals, [role]: addUsage(totals[role], usage) };
}

/** Both roles as one (the budget counts every model call). */
export function bothRoles(usage: RoleUsage): UsageTotals {
	const { main, apply } = usage;
	return {
		calls: main.calls + apply.calls,
		input: main.input + apply.input,
		output: main.output + apply.output,
		cached: main.cached + apply.cached,
		costUsd: main.costUsd + apply.costUsd,
		unpriced: main.unpriced + apply.unpriced,
		estimated: main.estimated + apply.estimated,
	};
}
