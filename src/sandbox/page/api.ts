/** The page's client for the sandbox notes API (see ../notes-api.ts). */
import type { IndexStatus } from "../../search/index-status";
import type { ToolCatalog } from "../../tools/catalog";
import type { NoteStat, VaultChange } from "../../vault/vault";

export interface SandboxInfo {
	vaultName: string;
	demo: boolean;
	model: string;
}

export class NotesClient {
	constructor(
		private readonly baseUrl: string,
		private readonly token: string,
	) {}

	private url(route: string, params: Record<string, string> = {}): string {
		const query = new URLSearchParams({ ...params, token: this.token });
		return `${this.baseUrl}/sandbox/api/${route}?${query.toString()}`;
	}

	/** The page's one network call: the sandbox's own API, same origin (no Obsidian, so no requestUrl, here). */
	private async json<T>(url: string, init?: RequestInit): Promise<T> {
		const response = await fetch(url, init);
		const body = (await response.json()) as T & { error?: string };
		if (!response.ok) throw new Error(body.error ?? `HTTP ${response.status}`);
		return body;
	}

	async info(): Promise<SandboxInfo> {
		return this.json<SandboxInfo>(this.url("info"));
	}

	/** The tools the agent has, for the pane's Permissions and each card's preference. */
	async tools(): Promise<ToolCatalog> {
		return (await this.json<{ tools: ToolCatalog }>(this.url("tools"))).tools;
	}

	async list(): Promise<NoteStat[]> {
		return (await this.json<{ notes: NoteStat[] }>(this.url("notes"))).notes;
	}

	async read(path: string): Promise<string> {
		return (await this.json<{ text: string }>(this.url("note", { path }))).text;
	}

	async write(path: string, text: string): Promise<void> {
		await this.json(this.url("note", { path }), {
			method: "PUT",
			body: JSON.stringify({ text }),
			headers: { "content-type": "application/json" },
		});
	}

	/**
	 * The search index's status until it is ready; connecting starts the index. The stream is
	 * closed then: a browser opens at most six connections to one server, and a page already
	 * holds two streams (thread events, vault changes), so a second tab would starve its own
	 * requests. Returns a function that stops listening.
	 */
	onIndexStatus(listener: (status: IndexStatus) => void): () => void {
		const source = new EventSource(this.url("index-status"));
		source.addEventListener("status", (event) => {
			const status = JSON.parse((event as MessageEvent<string>).data) as IndexStatus;
			listener(status);
			if (status.phase === "ready") source.close();
		});
		return () => source.close();
	}

	/**
	 * Live vault changes; returns a function that stops listening. Changes have no log to resume
	 * from: a stream the server dropped (the page stopped reading) may have missed some, so every
	 * reconnect calls `onReconnect`, and the page lists the notes again.
	 */
	onChange(listener: (change: VaultChange) => void, onReconnect: () => void = () => undefined): () => void {
		const source = new EventSource(this.url("changes"));
		let opened = 0;
		source.addEventListener("open", () => {
			if (opened++ > 0) onReconnect();
		});
		source.addEventListener("change", (event) =>
			listener(JSON.parse((event as MessageEvent<string>).data) as VaultChange),
		);
		return () => source.close();
	}
}
