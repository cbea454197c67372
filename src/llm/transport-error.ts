/**
 * A model request that never reached the server (refused, unreachable, a TLS failure), raised by
 * a host's transport with a message the user can act on. The OpenAI client wraps it in its own
 * "Connection error." (as `cause`), so readers look for it along the cause chain.
 */
export type TransportFailure = "connection" | "tls";

export class ModelTransportError extends TypeError {
	override readonly name = "ModelTransportError";

	constructor(
		message: string,
		readonly failure: TransportFailure,
		options?: { cause?: unknown },
	) {
		super(message, options);
	}
}

/** The transport error behind an error, if any (the error itself or one of its causes). */
export function findTransportError(error: unknown): ModelTransportError | undefined {
	const seen = new Set<unknown>();
	for (
		let current = error;
		current !== undefined && current !== null && !seen.has(current);
		current = (current as { cause?: unknown }).cause
	) {
		if (current instanceof ModelTransportError) return current;
		seen.add(current);
		if (typeof current !== "object") return undefined;
	}
	return undefined;
}
