/**
 * A Store over a folder (the sandbox's plugin data): key "threads/abc.jsonl" is the file
 * <root>/threads/abc.jsonl. Writes go to a temp file and are renamed into place, so a crash
 * leaves the old value or the new one, never half of one. Operations on one key are serialized.
 */
import { checkStoreKey, checkStorePrefix, StoreError } from "../store/keys";
import type { Store } from "../store/store";
import { readSpan } from "../store/read-span";
import { PathLock } from "../vault/path-lock";
import { errno } from "./fs-errors";
import { appendFile, mkdir, open, readdir, readFile, rename, stat, unlink, writeFile } from "../node/fs";
import { dirname, join, resolve } from "../node/path";

function toStoreError(error: unknown, key: string): StoreError {
	const code = errno(error);
	if (code === "ENOTDIR" || code === "EISDIR" || code === "ENOTEMPTY" || code === "EEXIST") {
		return new StoreError(
			"conflict",
			`Store key ${JSON.stringify(key)} conflicts with another key: a key cannot also be a folder of keys`,
			key,
		);
	}
	return new StoreError(
		"io",
		`Store key ${JSON.stringify(key)}: ${error instanceof Error ? error.message : String(error)}`,
		key,
	);
}

export class FolderStore implements Store {
	readonly root: string;
	private readonly lock = new PathLock();

	constructor(rootDir: string) {
		this.root = resolve(rootDir);
	}

	async append(key: string, text: string): Promise<void> {
		const file = this.file(key);
		return await this.lock.run(key, async () => {
			try {
				await mkdir(dirname(file), { recursive: true });
				await appendFile(file, text, "utf8");
			} catch (error) {
				throw toStoreError(error, key);
			}
		});
	}

	async read(key: string): Promise<string | null> {
		const file = this.file(key);
		try {
			return await readFile(file, "utf8");
		} catch (error) {
			// A missing file, or a folder of other keys, means no value at this key.
			if (isAbsent(error)) return null;
			throw toStoreError(error, key);
		}
	}

	async size(key: string): Promise<number | null> {
		const file = this.file(key);
		try {
			const stats = await stat(file);
			return stats.isFile() ? stats.size : null;
		} catch (error) {
			if (errno(error) === "ENOENT" || errno(error) === "ENOTDIR") return null;
			throw toStoreError(error, key);
		}
	}

	/** Bytes [start, end) of the file, read through one handle (fewer at its end; none when absent). */
	async readRange(key: string, start: number, end: number): Promise<Uint8Array> {
		const file = this.file(key);
		let handle;
		try {
			handle = await open(file, "r");
		} catch (error) {
			if (isAbsent(error)) return new Uint8Array(0);
			throw toStoreError(error, key);
		}
		try {
			return await readSpan(handle, start, end);
		} catch (error) {
			// A folder opens on Linux, and fails only when read.
			if (isAbsent(error)) return new Uint8Array(0);
			throw toStoreError(error, key);
		} finally {
			await handle.close().catch(() => undefined);
		}
	}

	async write(key: string, text: string): Promise<void> {
		return await this.replace(key, text);
	}

	writeBytes(key: string, bytes: Uint8Array): Promise<void> {
		return this.replace(key, bytes);
	}

	/** The file's bytes, whole (a Buffer's view, not a copy), or null when absent. */
	async readBytes(key: string): Promise<Uint8Array | null> {
		const file = this.file(key);
		try {
			const buffer = await readFile(file);
			return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
		} catch (error) {
			if (isAbsent(error)) return null;
			throw toStoreError(error, key);
		}
	}

	/** Writes a temp file and renames it into place: a crash leaves the old value or the new one. */
	private async replace(key: string, data: string | Uint8Array): Promise<void> {
		const file = this.file(key);
		return await this.lock.run(key, async () => {
			const temp = join(dirname(file), `.${crypto.randomUUID().slice(0, 8)}.redline-tmp`);
			try {
				await mkdir(dirname(file), { recursive: true });
				await writeFile(temp, data, typeof data === "string" ? "utf8" : undefined);
				await rename(temp, file);
			} catch (error) {
				await unlink(temp).catch(() => undefined);
				throw toStoreError(error, key);
			}
		});
	}

	async list(prefix: string): Promise<string[]> {
		checkStorePrefix(prefix);
		const slash = prefix.lastIndexOf("/");
		const start = slash < 0 ? "" : prefix.slice(0, slash);
		const keys: string[] = [];
		const walk = async (rel: string): Promise<void> => {
			let entries;
			try {
				entries = await readdir(rel === "" ? this.root : join(this.root, ...rel.split("/")), { withFileTypes: true });
			} catch (error) {
				if (errno(error) === "ENOENT" || errno(error) === "ENOTDIR") return;
				throw toStoreError(error, prefix);
			}
			for (const entry of entries) {
				if (entry.name.startsWith(".")) continue; // temp files
				const key = rel === "" ? entry.name : `${rel}/${entry.name}`;
				if (entry.isDirectory()) {
					if ((key + "/").startsWith(prefix) || prefix.startsWith(key + "/")) await walk(key);
				} else if (entry.isFile() && key.startsWith(prefix)) keys.push(key);
			}
		};
		await walk(start);
		return keys.sort();
	}

	async remove(key: string): Promise<void> {
		const file = this.file(key);
		return await this.lock.run(key, async () => {
			try {
				await unlink(file);
			} catch (error) {
				const code = errno(error);
				if (code === "ENOENT" || code === "ENOTDIR" || code === "EISDIR" || code === "EPERM") return;
				throw toStoreError(error, key);
			}
		});
	}

	/** The file for a key; throws StoreError "invalid-key" (synchronously) for a bad key. */
	private file(key: string): string {
		checkStoreKey(key);
		return join(this.root, ...key.split("/"));
	}
}

/** No value at the key: no such file, or a folder where a file would be. */
function isAbsent(error: unknown): boolean {
	const code = errno(error);
	return code === "ENOENT" || code === "EISDIR" || code === "ENOTDIR";
}
