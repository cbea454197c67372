/**
 * Obsolete: eslint.config.mjs now allows plain fetch in test/**, and the model-server tests use
 * it. Kept only because test/llm/model-provider.test.ts still imports it; delete this file once
 * that test calls fetch directly.
 */
export const rawFetch: typeof fetch = (input, init) => globalThis.fetch(input, init);
