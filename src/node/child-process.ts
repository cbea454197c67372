/** Node's child_process, the part Redline's Node-only code uses (see README.md). */
import * as nodeChildProcess from "node:child_process";
import type { ReadableText, WritableText } from "./streams";

export interface ChildProcess {
	readonly pid?: number;
	on(event: "error", listener: (error: Error) => void): unknown;
	once(event: "exit", listener: (code: number | null) => void): unknown;
	unref(): void;
	kill(signal?: "SIGTERM" | "SIGKILL"): boolean;
}

/** A child whose standard streams are pipes (stdio "pipe"). */
export interface PipedChildProcess extends ChildProcess {
	readonly stdin: WritableText;
	readonly stdout: ReadableText;
	readonly stderr: ReadableText;
}

type ExecFileCallback = (error: Error | null, stdout: string, stderr: string) => void;

export interface NodeChildProcess {
	execFile: (
		file: string,
		args: readonly string[],
		options: { cwd?: string; maxBuffer?: number; env?: Record<string, string | undefined>; encoding: "utf8" },
		callback: ExecFileCallback,
	) => ChildProcess;
	spawn: {
		(
			command: string,
			args: readonly string[],
			options: { stdio: ["pipe", "pipe", "pipe"]; env?: Record<string, string | undefined> },
		): PipedChildProcess;
		(command: string, args: readonly string[], options: { stdio: "ignore"; detached?: boolean }): ChildProcess;
	};
}

const childProcess = nodeChildProcess satisfies NodeChildProcess as NodeChildProcess;
export const { spawn } = childProcess;

/** Runs a program to its end and resolves with what it printed (rejects when it fails). */
export type ExecFile = (
	file: string,
	args: readonly string[],
	options: { cwd?: string; maxBuffer?: number; env?: Record<string, string | undefined> },
) => Promise<{ stdout: string; stderr: string }>;

export const execFile: ExecFile = (file, args, options) =>
	new Promise((resolve, reject) => {
		childProcess.execFile(file, args, { ...options, encoding: "utf8" }, (error, stdout, stderr) =>
			error ? reject(error) : resolve({ stdout, stderr }),
		);
	});
