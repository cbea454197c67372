/**
 * The stream shapes the other files here hand out (a child's pipes, sockets, HTTP bodies): only
 * what Redline calls on them. Node passes Buffers; a Buffer is a Uint8Array.
 */
import type { NodeBuffer } from "./buffer";

export interface ReadableText extends AsyncIterable<NodeBuffer | string> {
	on(event: "data", listener: (chunk: NodeBuffer) => void): unknown;
	on(event: "end" | "close", listener: (...args: unknown[]) => void): unknown;
	on(event: "error", listener: (error: Error) => void): unknown;
	setEncoding(encoding: "utf8"): unknown;
}

export interface WritableText {
	write(chunk: string | Uint8Array): boolean;
	end(): unknown;
}

/** The lines of a text stream (UTF-8), without their line breaks; a last line without one counts. */
export async function* readLines(stream: AsyncIterable<Uint8Array | string>): AsyncGenerator<string> {
	const decoder = new TextDecoder();
	let pending = "";
	for await (const chunk of stream) {
		pending += typeof chunk === "string" ? chunk : decoder.decode(chunk, { stream: true });
		let end: number;
		while ((end = pending.indexOf("\n")) >= 0) {
			yield pending.slice(0, end).replace(/\r$/, "");
			pending = pending.slice(end + 1);
		}
	}
	pending += decoder.decode();
	if (pending !== "") yield pending;
}
