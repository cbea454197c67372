/**
 * Stand-in for @langchain/core's copy of p-retry in main.js (with its network error check: about
 * 3.8 KB; as LangChain's AsyncCaller imports it, and RunnableRetry, whose withRetry() is stood in,
 * see build/cuts/stand-ins.mjs). Redline's models make one attempt: LangChain's AsyncCaller gets
 * `maxRetries: 0` (src/llm/chat-model.ts), so p-retry runs the call once and, when it fails, hands the error to
 * `onFailedAttempt` (LangChain's handler marks it retryable or not, renames quota errors) and
 * throws it. This does the same, on the same microtask turns (test/obsidian/shims/p-retry.test.ts
 * plays the two side by side); retrying, delays and signals say so instead.
 */

interface Attempt {
	error: Error;
	attemptNumber: number;
	retriesLeft: number;
	retriesConsumed: number;
}

interface RetryOptions {
	retries?: number;
	randomize?: boolean;
	onFailedAttempt?: (attempt: Attempt) => unknown;
}

const usedFor = "p-retry's retries, delays and signals";
// The words of unreachable.ts, for an option rather than a name.
const unsupported = (what: string): never => {
	throw new Error(`${what} is not included in Redline's bundle (${usedFor}, which Redline does not use)`);
};

export class AbortError extends Error {
	readonly originalError: Error;

	constructor(message: string | Error) {
		super();
		if (message instanceof Error) {
			this.originalError = message;
			({ message } = message);
		} else {
			this.originalError = new Error(message);
			this.originalError.stack = this.stack;
		}
		this.name = "AbortError";
		this.message = message;
	}
}

// Async, as p-retry's: the turns it takes are part of when the caller sees the error.
async function failed(error: unknown, options: RetryOptions): Promise<never> {
	const normalized =
		error instanceof Error
			? error
			: new TypeError(`Non-error was thrown: "${String(error)}". You should only throw errors.`);
	if (normalized instanceof AbortError) throw normalized.originalError;
	await options.onFailedAttempt?.(
		Object.freeze({ error: normalized, attemptNumber: 1, retriesLeft: 0, retriesConsumed: 0 }),
	);
	// p-retry awaits shouldConsumeRetry (true by default) before it finds no retry left.
	await Promise.resolve(true);
	throw normalized;
}

export default async function pRetry<T>(
	input: (attemptNumber: number) => T | PromiseLike<T>,
	options: RetryOptions = {},
): Promise<T> {
	for (const key of Object.keys(options))
		if (key !== "retries" && key !== "randomize" && key !== "onFailedAttempt") unsupported(`pRetry(input, { ${key} })`);
	if (options.retries !== 0) unsupported(`pRetry(input, { retries: ${String(options.retries)} })`);
	try {
		return await input(1);
	} catch (error) {
		return await failed(error, options);
	}
}
