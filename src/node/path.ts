/** Node's path and the file-URL helpers of url, the part Redline's Node-only code uses (see README.md). */
import * as nodePath from "node:path";
import * as nodeUrl from "node:url";

export interface PathHelpers {
	join: (...parts: string[]) => string;
	resolve: (...parts: string[]) => string;
	relative: (from: string, to: string) => string;
	dirname: (path: string) => string;
	basename: (path: string, suffix?: string) => string;
	extname: (path: string) => string;
	isAbsolute: (path: string) => boolean;
	normalize: (path: string) => string;
	sep: string;
}

export interface NodePath extends PathHelpers {
	/** The same helpers with "/" on every platform. */
	posix: PathHelpers;
}

export interface FileUrls {
	fileURLToPath: (url: string | URL) => string;
	pathToFileURL: (path: string) => URL;
}

export const { join, resolve, relative, dirname, basename, extname, isAbsolute, normalize, sep, posix } =
	nodePath satisfies NodePath as NodePath;

export const { fileURLToPath, pathToFileURL } = nodeUrl satisfies FileUrls as FileUrls;
