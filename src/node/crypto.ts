/** Node's crypto, the part Redline's Node-only code uses (see README.md). */
import * as nodeCrypto from "node:crypto";

export interface NodeCrypto {
	/** Random bytes, e.g. randomBytes(18).toString("base64url") for an access token. */
	randomBytes: (size: number) => Uint8Array & { toString(encoding: "base64url" | "hex"): string };
	/** Compares in time that does not depend on where the inputs differ (same lengths only). */
	timingSafeEqual: (a: Uint8Array, b: Uint8Array) => boolean;
}

export const { randomBytes, timingSafeEqual } = nodeCrypto satisfies NodeCrypto as NodeCrypto;
