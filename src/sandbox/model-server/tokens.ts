/**
 * Splits text into pieces the size of real model tokens (about four characters, leading
 * whitespace attached to the next word, as BPE tokenizers do), so streaming clients see the
 * token-by-token shape of a real stream. Joining the pieces gives back the text exactly.
 */

// Whitespace then up to four non-space characters; a whitespace-only tail is its own token.
const TOKEN = /\s*\S{1,4}|\s+/gu;

export function splitTokens(text: string): string[] {
	return text.match(TOKEN) ?? [];
}

/**
 * Rough prompt size the way OpenAI-compatible servers estimate it: four characters a token, or
 * what the server was told its model's tokenizer takes (ModelServerOptions.charsPerToken).
 */
export function estimateTokens(characters: number, charsPerToken = 4): number {
	return Math.ceil(characters / charsPerToken);
}
