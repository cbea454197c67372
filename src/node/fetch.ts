/**
 * The fetch of the Node process (undici, built in since Node 18; a DOM test environment such as
 * happy-dom installs its own), for Node-only code: tests and benchmarks talking to the servers
 * they start. Inside Obsidian, plugin code uses requestUrl instead (the lint's
 * no-restricted-globals), which does not exist in Node: this is the one deliberate use.
 */
export const nodeFetch: typeof fetch = (input, init) => fetch(input, init);
