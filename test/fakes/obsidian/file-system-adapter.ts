/**
 * Obsidian desktop's FileSystemAdapter: the vault as a real folder on disk (so code that reads the
 * adapter's files through Node's fs, as the desktop app allows, reads what the adapter wrote).
 * Paths are vault-relative and normalized, as Obsidian passes them; errors are Node's, as on desktop.
 */
import type * as O from "obsidian";
import { appendFile, mkdir, readdir, readFile, stat, unlink, writeFile } from "../../../src/node/fs";
import { join } from "../../../src/node/path";
import type { Shape } from "./shape";

export class FileSystemAdapter implements Shape<
	O.FileSystemAdapter,
	| "getName"
	| "getBasePath"
	| "getFullPath"
	| "exists"
	| "list"
	| "read"
	| "readBinary"
	| "write"
	| "writeBinary"
	| "append"
	| "remove"
	| "mkdir"
> {
	constructor(private readonly basePath: string) {}

	getName(): string {
		return "vault";
	}
	getBasePath(): string {
		return this.basePath;
	}
	getFullPath(normalizedPath: string): string {
		return join(this.basePath, normalizedPath);
	}
	async exists(normalizedPath: string): Promise<boolean> {
		return stat(this.getFullPath(normalizedPath)).then(
			() => true,
			() => false,
		);
	}
	async list(normalizedPath: string): Promise<O.ListedFiles> {
		const entries = await readdir(this.getFullPath(normalizedPath), { withFileTypes: true });
		const child = (name: string): string =>
			normalizedPath === "" || normalizedPath === "/" ? name : `${normalizedPath}/${name}`;
		return {
			files: entries.filter((e) => e.isFile()).map((e) => child(e.name)),
			folders: entries.filter((e) => e.isDirectory()).map((e) => child(e.name)),
		};
	}
	async read(normalizedPath: string): Promise<string> {
		return readFile(this.getFullPath(normalizedPath), "utf8");
	}
	async readBinary(normalizedPath: string): Promise<ArrayBuffer> {
		const bytes = await readFile(this.getFullPath(normalizedPath));
		return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
	}
	async write(normalizedPath: string, data: string): Promise<void> {
		await writeFile(this.getFullPath(normalizedPath), data, "utf8");
	}
	async writeBinary(normalizedPath: string, data: ArrayBuffer): Promise<void> {
		await writeFile(this.getFullPath(normalizedPath), new Uint8Array(data));
	}
	async append(normalizedPath: string, data: string): Promise<void> {
		await appendFile(this.getFullPath(normalizedPath), data, "utf8");
	}
	async remove(normalizedPath: string): Promise<void> {
		await unlink(this.getFullPath(normalizedPath));
	}
	async mkdir(normalizedPath: string): Promise<void> {
		await mkdir(this.getFullPath(normalizedPath), { recursive: true });
	}
}
