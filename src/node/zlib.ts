/** Node's zlib, the part Redline's Node-only code uses (see README.md): the saved baseline main.js is gzipped. */
import * as nodeZlib from "node:zlib";
import type { NodeBuffer } from "./buffer";

export interface NodeZlib {
	gunzipSync: (data: Uint8Array) => NodeBuffer;
}

export const { gunzipSync } = nodeZlib satisfies NodeZlib as NodeZlib;
