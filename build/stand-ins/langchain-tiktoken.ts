/**
 * Stand-in for @langchain/core's utils/tiktoken.js in main.js (with js-tiktoken, about 7 KB). The
 * real one downloads a tokenizer table from tiktoken.pages.dev the first time LangChain counts
 * tokens itself (`getNumTokens`, `calculateMaxTokens`; not on Redline's streaming path, which gets
 * usage from the provider). main.js sends nothing to a third party: the table is "unavailable",
 * and both callers then use their approximate count (a quarter of the characters), exactly as
 * they do offline.
 */
export function getEncoding(encoding: string): Promise<never> {
	return Promise.reject(
		new Error(`The ${encoding} tokenizer is not included in Redline's bundle, and Redline does not download it`),
	);
}

export function encodingForModel(model: string): Promise<never> {
	return getEncoding(`tokenizer for ${model}`);
}
