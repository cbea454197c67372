/**
 * Ranged reads of the plugin's data files on Obsidian desktop (issue 32). Obsidian's DataAdapter
 * reads whole files only, so without this a long thread's log (70 MB at 20,000 calls) is read
 * whole before its stored snapshot can answer. On desktop the vault is a folder on disk
 * (FileSystemAdapter) and plugins get Node's require (the desktop transport uses it too), so the
 * Store can read a file's size and a byte range of it through Node's fs, as the sandbox's
 * FolderStore does. Mobile (Capacitor) has neither: there the Store reads whole files.
 *
 * Only reads go this way: every write stays with the adapter, so Obsidian sees each of them.
 */
import { FileSystemAdapter, Platform, type DataAdapter } from "obsidian";
import { readSpan, type PositionedReads } from "../store/read-span";

/** The part of Node's fs.promises used: a file's size, and reads at a position. */
export interface NodeFileReads {
	stat(path: string): Promise<{ size: number; isFile(): boolean }>;
	open(path: string, flags: "r"): Promise<NodeFileHandle>;
}

interface NodeFileHandle extends PositionedReads {
	close(): Promise<void>;
}

/** Sizes and byte ranges of files, by their vault-relative (normalized) paths. */
export interface FileRanges {
	/** The file's length in bytes, or null when there is no such file. */
	size(path: string): Promise<number | null>;
	/** Bytes [start, end) of the file: fewer at its end, none when there is no such file. */
	readRange(path: string, start: number, end: number): Promise<Uint8Array>;
}

/** Ranged reads for this adapter, or null where they cannot be had (mobile, an adapter not on disk). */
export function desktopFileRanges(adapter: DataAdapter, reads?: NodeFileReads | null): FileRanges | null {
	if (!(adapter instanceof FileSystemAdapter)) return null;
	const fs = reads === undefined ? nodeFileReads() : reads;
	if (!fs) return null;
	const full = (path: string): string => adapter.getFullPath(path);
	return {
		async size(path) {
			try {
				const stats = await fs.stat(full(path));
				return stats.isFile() ? stats.size : null;
			} catch (error) {
				if (isAbsent(error)) return null;
				throw error;
			}
		},
		async readRange(path, start, end) {
			let handle: NodeFileHandle;
			try {
				handle = await fs.open(full(path), "r");
			} catch (error) {
				if (isAbsent(error)) return new Uint8Array(0);
				throw error;
			}
			try {
				return await readSpan(handle, start, end);
			} catch (error) {
				// A folder opens on some systems, and fails only when read.
				if (isAbsent(error)) return new Uint8Array(0);
				throw error;
			} finally {
				await handle.close().catch(() => undefined);
			}
		},
	};
}

/** Node's fs.promises where Obsidian desktop gives plugins Node's require; null elsewhere. */
function nodeFileReads(): NodeFileReads | null {
	if (!Platform.isDesktopApp || typeof window === "undefined") return null;
	const req = (window as { require?: (id: string) => unknown }).require;
	if (typeof req !== "function") return null;
	try {
		const fs = req("fs") as { promises?: NodeFileReads } | undefined;
		return fs?.promises ?? null;
	} catch {
		return null;
	}
}

function isAbsent(error: unknown): boolean {
	const code = (error as { code?: unknown } | null)?.code;
	return code === "ENOENT" || code === "ENOTDIR" || code === "EISDIR";
}
