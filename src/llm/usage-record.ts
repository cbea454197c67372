/**
 * The usage recorded for one model call (issue 33): what the provider reported, else Redline's
 * estimate marked as one, with the model's name and its cost when a price is known (the provider's
 * own figure first, then the user's or the table's price: src/llm/prices.ts).
 */
import type { ModelUsage } from "../log/events";
import { costOf, priceOf } from "./prices";
import type { ReportedUsage } from "./reported-usage";
import type { RedlineSettings } from "../settings";

export function usageRecord(
	reported: ReportedUsage | undefined,
	estimate: { promptTokens: number; completionTokens: number },
	model: string,
	settings: Pick<RedlineSettings, "prices">,
): ModelUsage {
	const counts: ModelUsage = reported
		? {
				promptTokens: reported.promptTokens,
				completionTokens: reported.completionTokens,
				...(reported.cachedTokens !== undefined ? { cachedTokens: reported.cachedTokens } : {}),
			}
		: {
				promptTokens: Math.round(estimate.promptTokens),
				completionTokens: Math.round(estimate.completionTokens),
				estimated: true,
			};
	const price = priceOf(model, settings.prices);
	const cost = reported?.costUsd ?? (price ? costOf(counts, price) : undefined);
	return { ...counts, ...(model ? { model } : {}), ...(cost !== undefined ? { costUsd: cost } : {}) };
}

/** Two calls' usage as one (an apply that needed a second try spent both). */
export function sumUsage(a: ModelUsage | undefined, b: ModelUsage): ModelUsage {
	if (!a) return b;
	const cached = (a.cachedTokens ?? 0) + (b.cachedTokens ?? 0);
	return {
		calls: (a.calls ?? 1) + (b.calls ?? 1),
		promptTokens: a.promptTokens + b.promptTokens,
		completionTokens: (a.completionTokens ?? 0) + (b.completionTokens ?? 0),
		...(cached > 0 ? { cachedTokens: cached } : {}),
		...(a.estimated || b.estimated ? { estimated: true } : {}),
		...((b.model ?? a.model) ? { model: b.model ?? a.model } : {}),
		...(a.costUsd !== undefined && b.costUsd !== undefined ? { costUsd: a.costUsd + b.costUsd } : {}),
	};
}
