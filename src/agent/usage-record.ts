/**
 * The usage recorded for one model call (issue 33): what the provider reported, else Redline's
 * estimate marked as one, with the model's name and its cost when a price is known (the provider's
 * own figure first, then the user's or the table's price: src/llm/prices.ts).
 */
import type { ModelUsage } from "../log/events";
import { costOf, priceOf } from "../llm/prices";
import type { ReportedUsage } from "../llm/reported-usage";
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
