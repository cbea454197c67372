/**
 * Recognises a provider's "the request is longer than the model's context" refusal, and reads the
 * real limit from its message when it states one. Providers phrase it differently (the fixtures in
 * test/agent/fixtures/context-length-errors.ts are their real messages), and the error reaches us
 * in two forms: @langchain/openai turns the phrasings it knows into a ContextOverflowError (no
 * status; the SDK's BadRequestError is its `cause`), and leaves the others (Ollama's, vLLM's
 * newer one) as the SDK's 400.
 */

export interface ContextOverflow {
	/** The model's context window, when the message states it. */
	limitTokens?: number;
	/** The refused request's size in tokens, when the message states it. */
	requestTokens?: number;
	/** The provider's words, for the error shown when recovery fails. */
	detail: string;
}

// Phrasings that mean the input did not fit (lower-cased substrings).
const PHRASES = [
	"context_length_exceeded",
	"maximum context length",
	"exceed_context_size_error",
	"exceeds the available context size",
	"input tokens exceed the configured limit",
	"exceeds the context window",
	"maximum model length",
	"too long to fit into the model",
	"exceed context limit",
	"exceeds the maximum number of tokens allowed",
	"prompt is too long",
];

// Each finds the limit (group "limit") and/or the request size (group "request").
const NUMBERS: readonly RegExp[] = [
	/maximum context length is (?<limit>\d+) tokens/i,
	/configured limit of (?<limit>\d+) tokens/i,
	/available context size \((?<limit>\d+) tokens\)/i,
	/"n_ctx"\s*:\s*(?<limit>\d+)/i,
	/maximum model length of (?<limit>\d+)/i,
	/\(context length (?<limit>\d+)\)/i,
	/maximum number of tokens allowed \((?<limit>\d+)\)/i,
	/exceed context limit: (?<request>\d+) \+ \d+ > (?<limit>\d+)/i,
	/(?:messages resulted in|you requested(?: about)?|your request has) (?<request>\d+)/i,
	/request \((?<request>\d+) tokens\)/i,
	/"n_prompt_tokens"\s*:\s*(?<request>\d+)/i,
	/prompt \((?:total )?length (?<request>\d+)\)/i,
	/input token count \((?<request>\d+)\)/i,
];

/** The overflow a failed model call reports, or null when it failed for another reason. */
export function contextOverflowOf(error: unknown): ContextOverflow | null {
	const layers = unwrap(error);
	// A refusal of the request itself; a 5xx that mentions the context is a crash, not this
	// (@langchain/openai wraps by message alone, whatever the status).
	if (layers.some((layer) => !isRequestStatus((layer as { status?: unknown } | null)?.status))) return null;
	const matches = layers.some((layer) => isOverflowLayer(layer));
	if (!matches) return null;
	const text = layers.map(describe).join("\n");
	const overflow: ContextOverflow = { detail: providerWords(layers) };
	for (const pattern of NUMBERS) {
		const groups = pattern.exec(text)?.groups;
		if (!groups) continue;
		if (overflow.limitTokens === undefined && groups.limit !== undefined) overflow.limitTokens = Number(groups.limit);
		if (overflow.requestTokens === undefined && groups.request !== undefined)
			overflow.requestTokens = Number(groups.request);
	}
	return overflow;
}

/** The error, then what it wraps (`cause`), outermost first. */
function unwrap(error: unknown): unknown[] {
	const layers: unknown[] = [];
	for (
		let layer = error;
		layer !== undefined && layer !== null && layers.length < 4;
		layer = (layer as { cause?: unknown }).cause
	) {
		layers.push(layer);
		if (typeof layer !== "object") break;
	}
	return layers;
}

function isOverflowLayer(layer: unknown): boolean {
	if (typeof layer !== "object" || layer === null) return false;
	const { name, code, type } = layer as { name?: unknown; code?: unknown; type?: unknown };
	if (name === "ContextOverflowError") return true;
	if (code === "context_length_exceeded" || type === "exceed_context_size_error") return true;
	const text = describe(layer).toLowerCase();
	return PHRASES.some((phrase) => text.includes(phrase));
}

function isRequestStatus(status: unknown): boolean {
	return typeof status !== "number" || status === 400 || status === 413 || status === 422;
}

function describe(layer: unknown): string {
	if (layer instanceof Error) return layer.message;
	if (typeof layer === "object" && layer !== null && "message" in layer) return String(layer.message);
	return String(layer);
}

/** The provider's message without the SDK's status prefix, JSON nesting unwrapped (Ollama). */
function providerWords(layers: unknown[]): string {
	let text = describe(layers[layers.length - 1]).replace(/^\d{3}\s+/, "");
	for (let depth = 0; depth < 4 && /^\s*["{]/.test(text); depth++) {
		try {
			const parsed = JSON.parse(text) as unknown;
			const record =
				typeof parsed === "object" && parsed !== null ? (parsed as { error?: unknown; message?: unknown }) : undefined;
			const error = record?.error;
			const inner =
				typeof parsed === "string"
					? parsed
					: typeof error === "string"
						? error
						: ((error as { message?: unknown } | undefined)?.message ?? record?.message);
			if (typeof inner !== "string") break;
			text = inner;
		} catch {
			break;
		}
	}
	return text.trim();
}
