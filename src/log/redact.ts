/**
 * The one redaction every error, check report and log line goes through before it is stored or
 * shown: a provider's 401 may quote the key it refused (several proxies quote it whole, OpenAI
 * quotes its first and last characters), and that text would otherwise land in the thread log,
 * in the pane, in data.json's saved checks and on the console.
 *
 * Two nets. The keys Redline was given (every key a chat model is built with, and the hosts'
 * configured keys, registered as sources here) are cut wherever they or a long piece of their
 * start or end appear. Patterns catch keys Redline was never told about: `sk-…` keys (OpenAI,
 * `sk-proj-`, OpenRouter's `sk-or-`, Anthropic's `sk-ant-`), `Bearer <token>`, `Authorization:`
 * and `x-api-key:` headers, and `api_key=` / `key=` / `token=` query parameters.
 *
 * It sits on the ground floor so that the log itself applies it (see redactEvent): a producer
 * cannot forget it.
 */

export const REDACTED = "[redacted]";

/** Shorter strings are not treated as keys ("no-key", a local server's placeholder). */
const MIN_SECRET_LENGTH = 8;
/** A piece of a known key this long, at its start or its end, is cut too (a masked quote). */
const PIECE_LENGTH = 8;

type SecretSource = () => Iterable<string | undefined>;

const remembered = new Set<string>();
const sources = new Set<SecretSource>();

/** A key Redline uses: from now on it is cut from everything redacted. */
export function rememberSecret(secret: string | undefined): void {
	const key = secret?.trim();
	if (key && key.length >= MIN_SECRET_LENGTH) remembered.add(key);
}

/** Keys a host holds (env vars, Obsidian's secret storage), read at each redaction; returns the unregister function. */
export function addSecretSource(source: SecretSource): () => void {
	sources.add(source);
	return () => sources.delete(source);
}

function knownSecrets(extra: Iterable<string | undefined>): string[] {
	const all = new Set(remembered);
	const add = (value: string | undefined): void => {
		const key = value?.trim();
		if (key && key.length >= MIN_SECRET_LENGTH) all.add(key);
	};
	for (const value of extra) add(value);
	for (const source of sources) {
		try {
			for (const value of source()) add(value);
		} catch {
			// A host that cannot say its keys right now still gets the patterns.
		}
	}
	// Longest first, so a key that contains another is cut whole.
	return [...all].sort((a, b) => b.length - a.length);
}

// The patterns, in order. Each keeps what names the secret and cuts the secret itself.
const PATTERNS: ReadonlyArray<readonly [RegExp, string]> = [
	// Header lines, whatever the scheme ("Authorization: Bearer x", "x-api-key: x").
	[
		/\b(authorization|proxy-authorization|x-api-key|api-key)(["']?\s*[:=]\s*["']?)(?:(?:bearer|basic|token)\s+)?[^\s"',;}]+/giu,
		`$1$2${REDACTED}`,
	],
	[/\bbearer\s+[\w.~+/=-]{6,}/giu, `Bearer ${REDACTED}`],
	// sk-… keys, masked quotes included ("sk-proj-****1234", "sk-abc...xyz").
	[/\bsk-[\w*.…-]{3,}/gu, REDACTED],
	// Query parameters and JSON-ish fields that carry a key.
	[/([?&;]|\b)((?:api[_-]?key|apikey|key|access[_-]?token|token|auth)=)[^&\s"'#]+/giu, `$1$2${REDACTED}`],
	[/(["']?(?:api[_-]?key|apikey|access[_-]?token)["']?\s*:\s*["'])[^"']+/giu, `$1${REDACTED}`],
];

/** The text with every known key (and long pieces of it) and every key-like pattern cut. */
export function redact(text: string, extraSecrets: Iterable<string | undefined> = []): string {
	let out = text;
	for (const secret of knownSecrets(extraSecrets)) out = cutSecret(out, secret);
	for (const [pattern, replacement] of PATTERNS) out = out.replace(pattern, replacement);
	return out;
}

/** Cuts the secret, and any run of 8+ characters that starts it or ends it (a masked or shortened quote). */
function cutSecret(text: string, secret: string): string {
	const head = secret.slice(0, PIECE_LENGTH);
	const tail = secret.slice(-PIECE_LENGTH);
	const ranges: Array<[number, number]> = [];
	for (let at = text.indexOf(head); at !== -1; at = text.indexOf(head, at + 1)) {
		let end = at + head.length;
		while (end - at < secret.length && text[end] === secret[end - at]) end++;
		ranges.push([at, end]);
	}
	for (let at = text.indexOf(tail); at !== -1; at = text.indexOf(tail, at + 1)) {
		let start = at;
		let i = secret.length - tail.length - 1;
		while (i >= 0 && start > 0 && text[start - 1] === secret[i]) {
			start--;
			i--;
		}
		ranges.push([start, at + tail.length]);
	}
	if (ranges.length === 0) return text;
	ranges.sort((a, b) => a[0] - b[0]);
	let out = "";
	let from = 0;
	for (const [start, end] of ranges) {
		if (end <= from) continue;
		out += text.slice(from, Math.max(from, start)) + (start >= from ? REDACTED : "");
		from = end;
	}
	return out + text.slice(from);
}

/** Every string in a JSON-shaped value, redacted (a check report, an event payload). */
export function redactDeep<T>(value: T, extraSecrets: Iterable<string | undefined> = []): T {
	const secrets = [...extraSecrets];
	const walk = (v: unknown): unknown => {
		if (typeof v === "string") return redact(v, secrets);
		if (Array.isArray(v)) return v.map(walk);
		if (v !== null && typeof v === "object")
			return Object.fromEntries(Object.entries(v).map(([k, item]) => [k, walk(item)]));
		return v;
	};
	return walk(value) as T;
}

/** An error (or anything thrown) as one redacted line for the console. */
export function redactedError(error: unknown): string {
	if (error instanceof Error) return redact(`${error.name}: ${error.message}`);
	return redact(String(error));
}
