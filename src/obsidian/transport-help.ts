/**
 * What the plugin does when the desktop transport cannot reach the model server: the request
 * fails with a message that says so (the pane shows it), and a notice offers the one setting
 * that usually fixes it, behind a corporate proxy or with a company certificate: the transport
 * "Obsidian request", which goes through Chromium and so uses the system's proxy and certificates.
 */
import { Notice } from "obsidian";
import { ModelTransportError, findTransportError } from "../llm/transport-error";

/** One notice per this many ms at most: a turn retries, and several requests may fail at once. */
const QUIET_MS = 60_000;

export interface TransportHelpDeps {
	/** Switches the transport setting to "Obsidian request". */
	useRequestUrl(): void;
	openSettings(): void;
	now?: () => number;
}

export class TransportHelp {
	private lastShown = -Infinity;

	constructor(private readonly deps: TransportHelpDeps) {}

	/** Wraps the desktop transport's fetch: a transport error offers the switch, then rethrows. */
	watch(send: typeof fetch): typeof fetch {
		return async (input, init) => {
			try {
				return await send(input, init);
			} catch (error) {
				const transport = findTransportError(error);
				if (transport) this.offer(transport);
				throw error;
			}
		};
	}

	private offer(error: ModelTransportError): void {
		const now = (this.deps.now ?? Date.now)();
		if (now - this.lastShown < QUIET_MS) return;
		this.lastShown = now;
		const notice = new Notice(error.message, 0);
		const actions = notice.messageEl.createDiv({ cls: "redline-notice-actions" });
		const use = actions.createEl("a", { text: "Use Obsidian request", href: "#", cls: "redline-notice-action" });
		const open = actions.createEl("a", { text: "Open settings", href: "#", cls: "redline-notice-action" });
		use.addEventListener("click", (evt) => {
			evt.preventDefault();
			this.deps.useRequestUrl();
			notice.hide();
			new Notice("Redline now sends model requests through Obsidian request.");
		});
		open.addEventListener("click", (evt) => {
			evt.preventDefault();
			notice.hide();
			this.deps.openSettings();
		});
	}
}
