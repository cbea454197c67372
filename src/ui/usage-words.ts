/**
 * What a turn or a chat spent, in words for the pane (issue 33): "3.2k in · 410 out · $0.004",
 * "≈" in front when any count is Redline's estimate (the provider sent none), the cached share
 * when the provider served some of the input from its cache, and a price only when every call it
 * sums has one (a model without a known price shows its tokens only, never a made-up figure).
 */
import type { BudgetAmount } from "../log/events";
import type { RoleUsage, UsageTotals } from "../log/usage";

export function tokensShort(n: number): string {
	if (n < 1000) return String(Math.round(n));
	if (n < 10_000) return `${(n / 1000).toFixed(1).replace(/\.0$/, "")}k`;
	if (n < 1_000_000) return `${Math.round(n / 1000)}k`;
	return `${(n / 1_000_000).toFixed(1).replace(/\.0$/, "")}M`;
}

export function usd(amount: number): string {
	if (amount === 0) return "$0";
	if (amount < 0.001) return "<$0.001";
	if (amount < 0.1) return `$${amount.toFixed(3)}`;
	return `$${amount.toFixed(2)}`;
}

/** "≈3.2k in (1.1k cached) · 410 out · $0.004" for one model role's totals. */
export function totalsLine(totals: UsageTotals): string {
	const approx = totals.estimated > 0 ? "≈" : "";
	const cached = totals.cached > 0 ? ` (${tokensShort(totals.cached)} cached)` : "";
	const parts = [`${approx}${tokensShort(totals.input)} in${cached}`, `${approx}${tokensShort(totals.output)} out`];
	if (totals.unpriced === 0) parts.push(usd(totals.costUsd));
	return parts.join(" · ");
}

/** A turn's line: the main model's, then the apply model's when it ran ("· apply 1.2k in · …"). */
export function usageLine(usage: RoleUsage): string | undefined {
	const main = usage.main.calls > 0 ? totalsLine(usage.main) : undefined;
	const apply = usage.apply.calls > 0 ? `apply ${totalsLine(usage.apply)}` : undefined;
	const parts = [main, apply].filter((part): part is string => part !== undefined);
	return parts.length > 0 ? parts.join(" · ") : undefined;
}

/** The chat's total for the header: "12k tokens · $0.03" (the price only when every call has one). */
export function chatTotal(usage: RoleUsage): string | undefined {
	const { main, apply } = usage;
	if (main.calls + apply.calls === 0) return undefined;
	const approx = main.estimated + apply.estimated > 0 ? "≈" : "";
	const tokens = `${approx}${tokensShort(main.input + main.output + apply.input + apply.output)} tokens`;
	return main.unpriced + apply.unpriced === 0 ? `${tokens} · ${usd(main.costUsd + apply.costUsd)}` : tokens;
}

/** "$0.50", "2,000 tokens": a budget or an amount spent. */
export function amountWords(amount: BudgetAmount): string {
	return amount.unit === "usd"
		? `$${amount.amount.toFixed(2)}`
		: `${Math.round(amount.amount).toLocaleString("en-US")} tokens`;
}
