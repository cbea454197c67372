/** Node's fs and fs/promises, the part Redline's Node-only code uses (see README.md). */
import * as nodeFs from "node:fs";
import * as nodeFsPromises from "node:fs/promises";
import type { NodeBuffer } from "./buffer";

export interface FileStats {
	size: number;
	mtimeMs: number;
	isFile(): boolean;
	isDirectory(): boolean;
	isSymbolicLink(): boolean;
}

export interface DirEntry {
	name: string;
	/** The folder the entry is in (with `recursive`, not always the folder read). */
	parentPath: string;
	isFile(): boolean;
	isDirectory(): boolean;
	isSymbolicLink(): boolean;
}

/** An open file (fs/promises FileHandle), the part ranged reads use. */
export interface FileHandle {
	read(
		buffer: Uint8Array,
		offset: number,
		length: number,
		position: number,
	): Promise<{ bytesRead: number; buffer: Uint8Array }>;
	close(): Promise<void>;
}

export interface FsPromises {
	/** flags "r": read only. */
	open: (path: string, flags: "r") => Promise<FileHandle>;
	readFile: {
		(path: string | URL, encoding: "utf8"): Promise<string>;
		(path: string | URL): Promise<NodeBuffer>;
	};
	/** flag "wx": fail with EEXIST rather than replace a file that exists. */
	writeFile: (
		path: string,
		data: string | Uint8Array,
		options?: "utf8" | { encoding?: "utf8"; flag?: "w" | "wx" },
	) => Promise<void>;
	appendFile: (path: string, data: string, encoding?: "utf8") => Promise<void>;
	mkdir: (path: string, options?: { recursive?: boolean }) => Promise<string | undefined>;
	mkdtemp: (prefix: string) => Promise<string>;
	readdir: {
		(path: string, options: { withFileTypes: true; recursive?: boolean }): Promise<DirEntry[]>;
		(path: string, options?: { recursive?: boolean }): Promise<string[]>;
	};
	rm: (path: string, options?: { recursive?: boolean; force?: boolean }) => Promise<void>;
	rename: (from: string, to: string) => Promise<void>;
	unlink: (path: string) => Promise<void>;
	link: (existing: string, newPath: string) => Promise<void>;
	symlink: (target: string, path: string) => Promise<void>;
	stat: (path: string) => Promise<FileStats>;
	lstat: (path: string) => Promise<FileStats>;
	realpath: (path: string) => Promise<string>;
	copyFile: (from: string, to: string) => Promise<void>;
	cp: (from: string, to: string, options?: { recursive?: boolean }) => Promise<void>;
	/** Sets a file's access and modification times (seconds since the epoch, or Dates). */
	utimes: (path: string, atime: number | Date, mtime: number | Date) => Promise<void>;
}

export interface FolderWatcher {
	close(): void;
	on(event: "error", listener: (error: Error) => void): unknown;
}

export interface FsSync {
	existsSync: (path: string) => boolean;
	readFileSync: {
		(path: string, encoding: "utf8"): string;
		(path: string): NodeBuffer;
	};
	readdirSync: {
		(path: string, options: { withFileTypes: true; recursive?: boolean }): DirEntry[];
		(path: string): string[];
	};
	statSync: (path: string) => FileStats;
	lstatSync: (path: string) => FileStats;
	realpathSync: {
		(path: string): string;
		/** The operating system's realpath(3): one system call instead of a walk in JavaScript. */
		native: (path: string) => string;
	};
	/** Calls back with the changed path relative to the folder (null when the platform cannot tell). */
	watch: (
		folder: string,
		options: { recursive?: boolean },
		listener: (event: string, filename: string | null) => void,
	) => FolderWatcher;
}

export const {
	open,
	readFile,
	writeFile,
	appendFile,
	mkdir,
	mkdtemp,
	readdir,
	rm,
	rename,
	unlink,
	link,
	symlink,
	stat,
	lstat,
	realpath,
	copyFile,
	cp,
	utimes,
} = nodeFsPromises satisfies FsPromises as FsPromises;

export const { existsSync, readFileSync, readdirSync, statSync, lstatSync, realpathSync, watch } =
	nodeFs satisfies FsSync as FsSync;
