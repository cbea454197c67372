/** Node's process, the part Redline's Node-only code uses (see README.md). */
import nodeProcess from "node:process";

export interface OutputStream {
	write: (text: string) => boolean;
}

export interface NodeProcess {
	readonly argv: readonly string[];
	readonly env: Readonly<Record<string, string | undefined>>;
	readonly platform: string;
	/** The Node binary (to start a child process on the same Node). */
	readonly execPath: string;
	readonly stdout: OutputStream;
	readonly stderr: OutputStream;
	/** Standard input, as an async iterable of chunks (readline reads lines from it). */
	readonly stdin: AsyncIterable<string | Uint8Array>;
	exitCode?: number | string | null;
	exit(code?: number): never;
	once(signal: "SIGINT" | "SIGTERM", listener: () => void): unknown;
	cwd(): string;
	/** arrayBuffers: memory of ArrayBuffers (typed arrays' contents), outside heapUsed. */
	memoryUsage(): { rss: number; heapUsed: number; arrayBuffers: number };
	/** CPU time in microseconds, since the start or since `previous`. */
	cpuUsage(previous?: { user: number; system: number }): { user: number; system: number };
	/** The monotonic clock in nanoseconds (the one a --cpu-prof profile's timestamps use, in µs). */
	readonly hrtime: { bigint(): bigint };
}

export const process = nodeProcess satisfies NodeProcess as NodeProcess;
