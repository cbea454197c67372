/**
 * The Store port on app.vault.adapter, under the plugin's folder (`<configDir>/plugins/redline/data`).
 * Keys are slash-separated and relative; anything that could escape the root is refused.
 *
 * Ranged reads (the Store port's optional `size`/`readRange`) only where it is given FileRanges
 * (desktop-file-ranges.ts: Node's fs on desktop): Obsidian's DataAdapter reads whole files only
 * (`read`, `readBinary`). Without them (mobile) thread logs are read whole once
 * (src/log/log-bytes.ts), as bytes (`readBytes`, readBinary): a phone holds the log once, not as
 * a string and its bytes.
 * Binary values (`writeBytes`, writeBinary) hold the search index's chunks without base64.
 */
import { normalizePath, type DataAdapter } from "obsidian";
import { checkStoreKey, checkStorePrefix } from "../store/keys";
import type { Store } from "../store/store";
import type { FileRanges } from "./desktop-file-ranges";

type Adapter = Pick<
	DataAdapter,
	"exists" | "read" | "readBinary" | "write" | "writeBinary" | "append" | "list" | "remove" | "mkdir"
>;

export class ObsidianStore implements Store {
	private readonly root: string;
	/** Present only with ranged reads (the port's optional pair: present together or not at all). */
	readonly size?: (key: string) => Promise<number | null>;
	readonly readRange?: (key: string, start: number, end: number) => Promise<Uint8Array>;

	constructor(
		private readonly adapter: Adapter,
		root: string,
		ranges: FileRanges | null = null,
	) {
		this.root = normalizePath(root);
		if (ranges) {
			this.size = async (key) => ranges.size(this.pathOf(key));
			this.readRange = async (key, start, end) => ranges.readRange(this.pathOf(key), start, end);
		}
	}

	async append(key: string, text: string): Promise<void> {
		const path = this.pathOf(key);
		await this.ensureParent(path);
		await this.adapter.append(path, text);
	}

	async read(key: string): Promise<string | null> {
		const path = this.pathOf(key);
		if (!(await this.adapter.exists(path))) return null;
		return this.adapter.read(path);
	}

	async readBytes(key: string): Promise<Uint8Array | null> {
		const path = this.pathOf(key);
		if (!(await this.adapter.exists(path))) return null;
		return new Uint8Array(await this.adapter.readBinary(path));
	}

	async write(key: string, text: string): Promise<void> {
		const path = this.pathOf(key);
		await this.ensureParent(path);
		await this.adapter.write(path, text);
	}

	async writeBytes(key: string, bytes: Uint8Array): Promise<void> {
		const path = this.pathOf(key);
		await this.ensureParent(path);
		// writeBinary takes an ArrayBuffer: the view's own bytes, copied only when it is part of a larger one.
		const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
		await this.adapter.writeBinary(path, whole ? (bytes.buffer as ArrayBuffer) : bytes.slice().buffer);
	}

	async list(prefix: string): Promise<string[]> {
		checkStorePrefix(prefix);
		// Walk only the folder that can hold the prefix, not the whole store.
		const slash = prefix.lastIndexOf("/");
		const folder = slash < 0 ? "" : prefix.slice(0, slash);
		const keys: string[] = [];
		await this.walk(folder, keys);
		return keys.filter((key) => key.startsWith(prefix)).sort();
	}

	async remove(key: string): Promise<void> {
		const path = this.pathOf(key);
		if (await this.adapter.exists(path)) await this.adapter.remove(path);
	}

	private async walk(folder: string, out: string[]): Promise<void> {
		const path = folder === "" ? this.root : `${this.root}/${folder}`;
		if (!(await this.adapter.exists(path))) return;
		const listed = await this.adapter.list(path);
		const cut = this.root.length + 1;
		for (const file of listed.files) out.push(file.slice(cut));
		for (const sub of listed.folders) await this.walk(sub.slice(cut), out);
	}

	private async ensureParent(path: string): Promise<void> {
		const parent = path.slice(0, path.lastIndexOf("/"));
		if (!(await this.adapter.exists(parent))) await this.adapter.mkdir(parent);
	}

	private pathOf(key: string): string {
		checkStoreKey(key);
		return `${this.root}/${key}`;
	}
}
