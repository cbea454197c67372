/** Token counts as the pane shows them: "830", "3.2k", "128k", "1.1M". */
export function formatTokens(tokens: number): string {
	const n = Math.max(0, Math.round(tokens));
	if (n < 1000) return String(n);
	if (n < 10_000) return `${(n / 1000).toFixed(1).replace(/\.0$/u, "")}k`;
	if (n < 1_000_000) return `${Math.round(n / 1000)}k`;
	return `${(n / 1_000_000).toFixed(1).replace(/\.0$/u, "")}M`;
}
