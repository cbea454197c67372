/**
 * A request body as text: the bytes are joined first and decoded once, so a character whose UTF-8
 * bytes arrive in two chunks stays one character (decoding chunk by chunk turned "日" into
 * "\uFFFD\uFFFD" and stored it with ok:true). Bytes that are not UTF-8 are refused, not replaced.
 *
 * A body over the limit is refused with 413 before it is read when Content-Length says so, and as
 * soon as it passes the limit otherwise; the rest is read and thrown away, so the client finishes
 * sending and can read the answer (closing on it would reset the connection under the answer).
 */

import { Buffer, type NodeBuffer } from "../../node/buffer";
import type { IncomingMessage } from "../../node/http";

export type BodyResult =
	{ ok: true; text: string } | { ok: false; reason: "too-large" | "not-utf8" | "aborted"; message: string };

const strictUtf8 = new TextDecoder("utf-8", { fatal: true });

export function describeLimit(bytes: number): string {
	return bytes % (1024 * 1024) === 0
		? `${bytes / (1024 * 1024)} MiB`
		: bytes % 1_000_000 === 0
			? `${bytes / 1_000_000} MB`
			: `${bytes} bytes`;
}

export function readTextBody(req: IncomingMessage, limit: number): Promise<BodyResult> {
	const tooLarge: BodyResult = {
		ok: false,
		reason: "too-large",
		message: `The request body is larger than the ${describeLimit(limit)} this server accepts`,
	};
	const declared = Number(req.headers["content-length"] ?? NaN);
	if (Number.isFinite(declared) && declared > limit) {
		req.resume();
		return Promise.resolve(tooLarge);
	}
	return new Promise((resolve) => {
		const chunks: NodeBuffer[] = [];
		let size = 0;
		const settle = (result: BodyResult): void => {
			req.off("data", onData);
			req.off("end", onEnd);
			req.off("error", onAbort);
			req.off("close", onClose);
			resolve(result);
		};
		const onData = (chunk: NodeBuffer): void => {
			size += chunk.length;
			if (size > limit) {
				chunks.length = 0;
				settle(tooLarge);
				req.resume();
				return;
			}
			chunks.push(chunk);
		};
		const onEnd = (): void => {
			try {
				settle({ ok: true, text: strictUtf8.decode(Buffer.concat(chunks)) });
			} catch {
				settle({ ok: false, reason: "not-utf8", message: "The request body is not valid UTF-8" });
			}
		};
		const onAbort = (): void =>
			settle({ ok: false, reason: "aborted", message: "The client went away before the body was complete" });
		const onClose = (): void => {
			if (!req.complete) onAbort();
		};
		req.on("data", onData);
		req.on("end", onEnd);
		req.on("error", onAbort);
		req.on("close", onClose);
	});
}
