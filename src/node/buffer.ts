/** Node's Buffer, the part Redline's Node-only code uses (see README.md). A Buffer is a Uint8Array. */
import { Buffer as nodeBuffer } from "node:buffer";

export type BufferEncoding = "utf8" | "utf-8" | "latin1" | "ascii" | "base64" | "base64url" | "hex";

export interface NodeBuffer extends Uint8Array {
	toString(encoding?: BufferEncoding, start?: number, end?: number): string;
	subarray(start?: number, end?: number): NodeBuffer;
	indexOf(value: string | number | Uint8Array, byteOffset?: number): number;
	equals(other: Uint8Array): boolean;
}

export interface BufferStatics {
	from(this: void, text: string, encoding?: BufferEncoding): NodeBuffer;
	from(this: void, bytes: Uint8Array | readonly number[]): NodeBuffer;
	alloc(this: void, size: number, fill?: number | string): NodeBuffer;
	concat(this: void, list: readonly Uint8Array[], totalLength?: number): NodeBuffer;
	byteLength(this: void, text: string | Uint8Array, encoding?: BufferEncoding): number;
	isBuffer(this: void, value: unknown): value is NodeBuffer;
}

export const Buffer = nodeBuffer satisfies BufferStatics as BufferStatics;
