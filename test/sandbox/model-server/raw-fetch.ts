/**
 * Node's fetch, for tests that speak raw HTTP to the local scripted server. The Obsidian lint
 * rule steering plugin code to requestUrl does not apply: these tests never run inside Obsidian.
 */
export const rawFetch: typeof fetch = (input, init) => globalThis.fetch(input, init);
