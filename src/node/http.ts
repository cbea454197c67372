/**
 * Node's http, https and net, the part Redline's Node-only code uses (see README.md): servers
 * that answer on loopback (the sandbox, the RPC server, the scripted model server), the requests
 * tests make, and raw sockets for requests fetch will not send. Event methods are declared per
 * event Redline listens to; a Buffer arriving as data is a NodeBuffer.
 */
import * as nodeHttp from "node:http";
import * as nodeHttps from "node:https";
import * as nodeNet from "node:net";
import type { NodeBuffer } from "./buffer";

/** An error from Node's I/O, with its code ("ECONNRESET", "EADDRINUSE", …). */
export interface NodeError extends Error {
	code?: string;
}

export interface AddressInfo {
	address: string;
	family: string;
	port: number;
}

export interface Socket {
	readonly remoteAddress?: string;
	readonly localAddress?: string;
	readonly localPort?: number;
	readonly writable: boolean;
	readonly destroyed: boolean;
	readonly bytesWritten: number;
	write(chunk: string | Uint8Array, callback?: (error?: Error | null) => void): boolean;
	end(chunk?: string | Uint8Array, callback?: () => void): unknown;
	destroy(error?: Error): unknown;
	pause(): unknown;
	resume(): unknown;
	setNoDelay(noDelay?: boolean): unknown;
	on(event: "data", listener: (chunk: NodeBuffer) => void): unknown;
	on(event: "end" | "close" | "connect" | "drain" | "timeout", listener: (...args: unknown[]) => void): unknown;
	on(event: "error", listener: (error: NodeError) => void): unknown;
	once(event: "data", listener: (chunk: NodeBuffer) => void): unknown;
	once(event: "end" | "close" | "connect" | "drain" | "timeout", listener: (...args: unknown[]) => void): unknown;
	once(event: "error", listener: (error: NodeError) => void): unknown;
	off(event: "data", listener: (chunk: NodeBuffer) => void): unknown;
	off(event: "end" | "close" | "connect" | "drain" | "timeout", listener: (...args: unknown[]) => void): unknown;
	off(event: "error", listener: (error: NodeError) => void): unknown;
}

/** Request headers (names in lower case); the ones Redline reads are single values. */
export interface IncomingHeaders {
	host?: string;
	origin?: string;
	authorization?: string;
	"content-type"?: string;
	"content-length"?: string;
	"transfer-encoding"?: string;
	"last-event-id"?: string;
	[name: string]: string | string[] | undefined;
}

/** A request a server received, or the response a client request got. */
export interface IncomingMessage extends AsyncIterable<NodeBuffer> {
	readonly method?: string;
	readonly url?: string;
	readonly headers: IncomingHeaders;
	/** Header names and values as received, in order. */
	readonly rawHeaders: string[];
	readonly statusCode?: number;
	readonly statusMessage?: string;
	readonly socket: Socket;
	/** The whole body arrived. */
	readonly complete: boolean;
	readonly destroyed: boolean;
	setEncoding(encoding: "utf8" | "latin1"): unknown;
	pause(): unknown;
	resume(): unknown;
	destroy(error?: Error): unknown;
	on(event: "data", listener: (chunk: NodeBuffer) => void): unknown;
	on(event: "end" | "close" | "aborted", listener: (...args: unknown[]) => void): unknown;
	on(event: "error", listener: (error: NodeError) => void): unknown;
	once(event: "data", listener: (chunk: NodeBuffer) => void): unknown;
	once(event: "end" | "close" | "aborted", listener: (...args: unknown[]) => void): unknown;
	once(event: "error", listener: (error: NodeError) => void): unknown;
	off(event: "data", listener: (chunk: NodeBuffer) => void): unknown;
	off(event: "end" | "close" | "aborted", listener: (...args: unknown[]) => void): unknown;
	off(event: "error", listener: (error: NodeError) => void): unknown;
}

export type OutgoingHeaders = Record<string, string | number | readonly string[]>;

export interface ServerResponse {
	statusCode: number;
	readonly headersSent: boolean;
	readonly writableEnded: boolean;
	readonly writableFinished: boolean;
	/** Bytes queued and not yet handed to the socket (backpressure). */
	readonly writableLength: number;
	/** The last write filled the buffer: wait for "drain" before writing more. */
	readonly writableNeedDrain: boolean;
	readonly destroyed: boolean;
	readonly socket: Socket | null;
	setHeader(name: string, value: string | number | readonly string[]): unknown;
	getHeader(name: string): string | number | string[] | undefined;
	writeHead(status: number, headers?: OutgoingHeaders): unknown;
	flushHeaders(): void;
	write(chunk: string | Uint8Array, callback?: (error?: Error | null) => void): boolean;
	end(chunk?: string | Uint8Array, callback?: () => void): unknown;
	destroy(error?: Error): unknown;
	on(event: "close" | "finish" | "drain", listener: (...args: unknown[]) => void): unknown;
	on(event: "error", listener: (error: NodeError) => void): unknown;
	once(event: "close" | "finish" | "drain", listener: (...args: unknown[]) => void): unknown;
	once(event: "error", listener: (error: NodeError) => void): unknown;
	off(event: "close" | "finish" | "drain", listener: (...args: unknown[]) => void): unknown;
	off(event: "error", listener: (error: NodeError) => void): unknown;
}

export type RequestListener = (req: IncomingMessage, res: ServerResponse) => void;

export interface Server {
	listen(port: number, host: string, callback?: () => void): unknown;
	address(): AddressInfo | string | null;
	close(callback?: (error?: Error) => void): unknown;
	closeAllConnections(): void;
	on(event: "clientError", listener: (error: NodeError, socket: Socket) => void): unknown;
	on(event: "connection", listener: (socket: Socket) => void): unknown;
	on(event: "error", listener: (error: NodeError) => void): unknown;
	on(event: "listening" | "close", listener: (...args: unknown[]) => void): unknown;
	once(event: "error", listener: (error: NodeError) => void): unknown;
	once(event: "listening" | "close", listener: (...args: unknown[]) => void): unknown;
	off(event: "error", listener: (error: NodeError) => void): unknown;
}

/** A server without HTTP (tests hold a port with one). */
export interface NetServer {
	listen(port: number, host: string, callback?: () => void): unknown;
	address(): AddressInfo | string | null;
	close(callback?: (error?: Error) => void): unknown;
	once(event: "error", listener: (error: NodeError) => void): unknown;
}

export interface ClientRequest {
	write(chunk: string | Uint8Array): boolean;
	end(chunk?: string | Uint8Array): unknown;
	destroy(error?: Error): unknown;
	on(event: "error", listener: (error: NodeError) => void): unknown;
	on(event: "response", listener: (res: IncomingMessage) => void): unknown;
}

export interface RequestOptions {
	method?: string;
	headers?: Record<string, string | number>;
}

export interface NodeHttp {
	createServer: (listener?: RequestListener) => Server;
	request: (url: string | URL, options: RequestOptions, callback?: (res: IncomingMessage) => void) => ClientRequest;
	STATUS_CODES: Readonly<Record<number, string | undefined>>;
}

export interface NodeHttps {
	createServer: (options: { key: string; cert: string }, listener?: RequestListener) => Server;
	request: (url: string | URL, options: RequestOptions, callback?: (res: IncomingMessage) => void) => ClientRequest;
}

export interface NodeNet {
	createServer: () => NetServer;
	connect: (options: { host: string; port: number; noDelay?: boolean }, connected?: () => void) => Socket;
}

/** Node's http module as one value (the desktop transport's tests pass it whole). */
export const http = nodeHttp satisfies NodeHttp as NodeHttp;
/** Node's https module as one value. */
export const https = nodeHttps satisfies NodeHttps as NodeHttps;
export const { createServer, request, STATUS_CODES } = http;
export const net = nodeNet satisfies NodeNet as NodeNet;
