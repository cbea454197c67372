/**
 * The thread budget (issue 33): every model call of a chat counts, main and apply model alike, as
 * input plus output tokens or as their price in US dollars. Before each model call the runner asks
 * whether the budget is spent; if so the turn pauses (turn_paused "budget") until Continue raises
 * it by one more budget (turn_resumed.budget). From two thirds of it on, the model reads a short
 * notice so it can wrap up. Everything is derived from the log and the settings: a restart changes
 * nothing.
 */
import type { BudgetAmount } from "../log/events";
import type { ThreadState } from "../log/state";
import { bothRoles } from "../log/usage";
import type { RedlineSettings } from "../settings";

/** The notice goes to the model from this share of the budget on. */
export const NOTICE_SHARE = 2 / 3;

/** The budget in force: the settings' (off when absent or not above 0), one more of it per Continue. */
export function budgetOf(state: ThreadState, settings: Pick<RedlineSettings, "budget">): BudgetAmount | undefined {
	const set = settings.budget;
	if (!set || !(set.amount > 0) || (set.unit !== "tokens" && set.unit !== "usd")) return undefined;
	return { unit: set.unit, amount: set.amount * (1 + state.budgetResumes) };
}

/** What the thread spent so far, in the budget's unit. */
export function spentOf(state: ThreadState, unit: BudgetAmount["unit"]): BudgetAmount {
	const all = bothRoles(state.usage);
	return { unit, amount: unit === "tokens" ? all.input + all.output : all.costUsd };
}

/** The pause to record before the next model call, if the budget is spent. */
export function budgetExhausted(
	state: ThreadState,
	settings: Pick<RedlineSettings, "budget">,
): { spent: BudgetAmount; budget: BudgetAmount } | undefined {
	const budget = budgetOf(state, settings);
	if (!budget) return undefined;
	const spent = spentOf(state, budget.unit);
	return spent.amount >= budget.amount ? { spent, budget } : undefined;
}

/** The short notice the model reads from two thirds of the budget on (undefined below that). */
export function budgetNotice(state: ThreadState, settings: Pick<RedlineSettings, "budget">): string | undefined {
	const budget = budgetOf(state, settings);
	if (!budget) return undefined;
	const spent = spentOf(state, budget.unit);
	if (spent.amount < budget.amount * NOTICE_SHARE) return undefined;
	return `Budget: this chat has used ${formatAmount(spent)} of its ${formatAmount(budget)} budget. Wrap up: finish what you are doing in as few steps as you can, and do not start new work. At the budget the chat pauses until the user lets it go on.`;
}

/** "$0.50", "2,000 tokens". */
export function formatAmount(amount: BudgetAmount): string {
	if (amount.unit === "usd") return `$${amount.amount.toFixed(amount.amount < 0.1 && amount.amount > 0 ? 3 : 2)}`;
	return `${Math.round(amount.amount).toLocaleString("en-US")} tokens`;
}
