/**
 * "Price" in Settings (issue 33): the price of the main or the apply model, as the user types it,
 * "2 / 0.5 / 8" (US dollars per million input, cached-input and output tokens; "2 / 8" without a
 * cached price). Saved in `prices` under the model's name as set, so another model keeps its own;
 * empty falls back to the price table (src/llm/prices.ts), whose figure is the placeholder. A model
 * in neither shows "Unknown: tokens only": the pane never makes up a price.
 */
import type { TextComponent } from "obsidian";
import { PRICE_TABLE, PRICE_TABLE_DATE, priceKey } from "../llm/prices";
import { DEFAULT_SETTINGS, type ModelPrice } from "../settings";

export type PriceOf = "main" | "apply";

/** The model whose price the row sets: the apply model falls back to the main one, as requests do. */
export function priceModel(savedField: (field: string) => unknown, which: PriceOf): string {
	const name = (field: string): string => {
		const value = savedField(field);
		return typeof value === "string" ? value.trim() : "";
	};
	const main = name("mainModel.model") || DEFAULT_SETTINGS.mainModel.model;
	return which === "main" ? main : name("applyModel.model") || main;
}

export function priceText(price: ModelPrice | undefined): string {
	if (!price) return "";
	return price.cachedInput === undefined
		? `${price.input} / ${price.output}`
		: `${price.input} / ${price.cachedInput} / ${price.output}`;
}

/** "2 / 0.5 / 8" or "2 / 8"; undefined for anything else (kept as typed, so the problem shows). */
export function parsePrice(text: string): ModelPrice | undefined {
	const parts = text.split("/").map((part) => part.trim());
	if (parts.length < 2 || parts.length > 3 || parts.some((part) => part === "")) return undefined;
	const numbers = parts.map(Number);
	if (numbers.some((n) => !Number.isFinite(n) || n < 0)) return undefined;
	const [input, middle, last] = numbers;
	return last === undefined ? { input, output: middle } : { input, cachedInput: middle, output: last };
}

/** The saved prices with the model's changed: a price, removed when empty, or the text as typed. */
export function withPrice(saved: unknown, model: string, typed: string): Record<string, unknown> {
	const prices: Record<string, unknown> =
		typeof saved === "object" && saved !== null && !Array.isArray(saved)
			? { ...(saved as Record<string, unknown>) }
			: {};
	const text = typed.trim();
	if (text === "") delete prices[model];
	else prices[model] = parsePrice(text) ?? text;
	return prices;
}

/** Shows the row's model's own price, or the table's as the placeholder. */
export function showPrice(text: TextComponent, savedField: (field: string) => unknown, which: PriceOf): void {
	const model = priceModel(savedField, which);
	const saved = savedField("prices");
	const own = typeof saved === "object" && saved !== null ? (saved as Record<string, unknown>)[model] : undefined;
	text.setValue(typeof own === "string" ? own : priceText(own as ModelPrice | undefined));
	const table = PRICE_TABLE[priceKey(model)];
	text.setPlaceholder(table ? `${priceText(table)} (table of ${PRICE_TABLE_DATE})` : "Unknown: tokens only");
}
