/**
 * The base URL shapes users get wrong: the OpenAI client appends "/chat/completions" to the base
 * URL, so a base without "/v1" (Ollama's http://localhost:11434), with it twice, or with the
 * route already on it reaches no route. These are the URLs worth trying instead, most likely first.
 */

export function baseUrlCandidates(baseUrl: string): string[] {
	let url: URL;
	try {
		url = new URL(baseUrl);
	} catch {
		return [];
	}
	const path = url.pathname.replace(/\/+$/u, "");
	const at = (p: string): string => `${url.origin}${p}`;
	const candidates: string[] = [];
	const route = path.match(/^(.*?)\/chat\/completions$/u);
	if (route) candidates.push(at(route[1] ?? ""));
	const collapsed = path.replace(/(\/v1)(?:\/v1)+/gu, "$1");
	if (collapsed !== path) candidates.push(at(collapsed));
	if (!/\/v\d+(?:beta)?$/u.test(path) && !route) candidates.push(at(`${path}/v1`));
	if (path.endsWith("/v1") && collapsed === path) candidates.push(at(path.slice(0, -"/v1".length)));
	const normalized = at(path);
	return [...new Set(candidates)].filter((c) => c !== normalized && c !== baseUrl);
}
