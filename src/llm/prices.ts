/**
 * What a model call costs (issue 33): a small table of common models' list prices, in US dollars
 * per million tokens, which the user can override or extend per model in Settings. A model in
 * neither has no price: the pane shows its tokens only, never a made-up figure. Matched exactly,
 * by the model's last path segment ("openai/gpt-4.1" on OpenRouter is gpt-4.1), lower-cased, with
 * a date suffix removed ("gpt-4.1-2025-04-14"); never by family, since sizes of one family differ
 * tenfold in price. The table and its date are in docs/usage.md; change both together.
 */
import type { ModelUsage } from "../log/events";
import type { ModelPrice } from "../settings";

export type { ModelPrice };

/** When the prices below were taken from the providers' pricing pages. */
export const PRICE_TABLE_DATE = "2025-08-01";

export const PRICE_TABLE: Readonly<Record<string, ModelPrice>> = {
	"gpt-5": { input: 1.25, cachedInput: 0.125, output: 10 },
	"gpt-5-mini": { input: 0.25, cachedInput: 0.025, output: 2 },
	"gpt-5-nano": { input: 0.05, cachedInput: 0.005, output: 0.4 },
	"gpt-4.1": { input: 2, cachedInput: 0.5, output: 8 },
	"gpt-4.1-mini": { input: 0.4, cachedInput: 0.1, output: 1.6 },
	"gpt-4.1-nano": { input: 0.1, cachedInput: 0.025, output: 0.4 },
	"gpt-4o": { input: 2.5, cachedInput: 1.25, output: 10 },
	"gpt-4o-mini": { input: 0.15, cachedInput: 0.075, output: 0.6 },
	o3: { input: 2, cachedInput: 0.5, output: 8 },
	"o4-mini": { input: 1.1, cachedInput: 0.275, output: 4.4 },
	"claude-sonnet-4": { input: 3, cachedInput: 0.3, output: 15 },
	"claude-3.5-haiku": { input: 0.8, cachedInput: 0.08, output: 4 },
};

/** The table's key for a model name. */
export function priceKey(model: string): string {
	const last = model.trim().toLowerCase().split("/").pop() ?? "";
	return last.replace(/-\d{4}-\d{2}-\d{2}$/, "");
}

/** The model's price: the user's own (by the name as typed, or its key) first, then the table. */
export function priceOf(
	model: string,
	overrides: Readonly<Record<string, ModelPrice>> | undefined,
): ModelPrice | undefined {
	const key = priceKey(model);
	const own = overrides?.[model] ?? overrides?.[key];
	if (own && validPrice(own)) return own;
	return PRICE_TABLE[key];
}

export function validPrice(price: ModelPrice): boolean {
	const ok = (n: unknown): boolean => typeof n === "number" && Number.isFinite(n) && n >= 0;
	return ok(price.input) && ok(price.output) && (price.cachedInput === undefined || ok(price.cachedInput));
}

/** The cost of one call in US dollars, cached input at its own price. */
export function costOf(
	usage: Pick<ModelUsage, "promptTokens" | "completionTokens" | "cachedTokens">,
	price: ModelPrice,
): number {
	const cached = Math.min(usage.cachedTokens ?? 0, usage.promptTokens);
	const fresh = usage.promptTokens - cached;
	const micro =
		fresh * price.input + cached * (price.cachedInput ?? price.input) + (usage.completionTokens ?? 0) * price.output;
	return micro / 1_000_000;
}
