/**
 * The sandbox: Redline's real service, tools and pane on a folder of Markdown notes, served to a
 * browser on 127.0.0.1. `npm start` runs it (cli.ts); end-to-end tests start it in-process with a
 * scripted model per test.
 */
import { createRedline, type Redline } from "../redline";
import { DEFAULT_SETTINGS, type ModelCredentials, type RedlineSettings } from "../settings";
import { refusal } from "../rpc/server/access";
import { createGuardedServer, type Route } from "../rpc/server/front-door";
import { createRpcHandler } from "../rpc/server/handler";
import { sendJson } from "../rpc/server/responses";
import { FolderStore } from "./folder-store";
import { FolderVault } from "./folder-vault";
import { startModelServer, type ModelScript, type ModelServer } from "./model-server";
import { createNotesApi } from "./notes-api";
import { serveStatic } from "./static-files";
import type { Vault } from "../vault/vault";
import * as path from "../node/path";
import { randomBytes } from "../node/crypto";
import type { NodeError, Server } from "../node/http";
import { DEFAULT_CONFIG_DIR } from "../vault/paths";
import { yamlLibraryCodec } from "./yaml-library-codec";
import { TextNoteCatalog } from "../search/text-catalog";

export type SandboxModel =
	| { kind: "scripted"; script: ModelScript }
	/** A script built from the vault (the offline demo reads the note list). A separate field, not
	 * a guess from the function's arity: `scripted(...)` returns a one-parameter ModelScript too. */
	| { kind: "scripted"; scriptForVault: (vault: Vault) => ModelScript }
	| {
			kind: "real";
			baseUrl: string;
			model: string;
			apiKey: string;
			applyModel?: string;
			applyBaseUrl?: string;
			applyApiKey?: string;
	  };

export interface SandboxOptions {
	vaultDir: string;
	/** Where thread logs and history go (default: the vault's .obsidian/plugins/redline/data, as in Obsidian). */
	dataDir?: string;
	pageDir: string;
	model: SandboxModel;
	port?: number;
	token?: string;
	settings?: Partial<RedlineSettings>;
	/** The main model's context window setting; the scripted model also refuses longer requests. */
	contextTokens?: number;
	/** Both models' reply limit (max_tokens) setting. */
	maxOutputTokens?: number;
	/**
	 * "Text tool calls" for the main model; the scripted model then plays one without native tool
	 * calling (it refuses `tools`, as Ollama does, and writes its calls as tagged text).
	 */
	textToolCalls?: boolean;
	/** When the snapshot backfill starts (ms after the service; null: none). Default: the app's. */
	backfillAfterMs?: number | null;
}

export interface Sandbox {
	url: string;
	/** The page URL with the access token. */
	pageUrl: string;
	token: string;
	vault: FolderVault;
	redline: Redline;
	modelServer: ModelServer | null;
	close(): Promise<void>;
}

function scriptFor(model: Extract<SandboxModel, { kind: "scripted" }>, vault: Vault): ModelScript {
	return "scriptForVault" in model ? model.scriptForVault(vault) : model.script;
}

export class SandboxStartError extends Error {}

function listen(server: Server, port: number): Promise<number> {
	return new Promise((resolve, reject) => {
		server.once("error", (error: NodeError) => {
			if (error.code === "EADDRINUSE")
				reject(
					new SandboxStartError(
						`Port ${port} on 127.0.0.1 is busy. Pick another with --port, or leave it out to take a free one.`,
					),
				);
			else reject(error);
		});
		server.listen(port, "127.0.0.1", () => {
			const address = server.address();
			resolve(typeof address === "object" && address ? address.port : port);
		});
	});
}

function settingsFor(
	model: SandboxModel,
	scriptedBaseUrl: string | null,
	overrides: Partial<RedlineSettings>,
): RedlineSettings {
	const base: RedlineSettings = { ...DEFAULT_SETTINGS, ...overrides };
	if (model.kind !== "real") {
		return {
			...base,
			mainModel: { baseUrl: scriptedBaseUrl ?? "", model: "redline-demo" },
			applyModel: { model: "redline-demo-apply" },
		};
	}
	return {
		...base,
		mainModel: { ...base.mainModel, baseUrl: model.baseUrl, model: model.model },
		applyModel: {
			...base.applyModel,
			model: model.applyModel ?? "",
			baseUrl: model.applyBaseUrl ?? "",
			supportsPredictedOutputs: model.baseUrl.includes("api.openai.com"),
		},
	};
}

/** The settings and keys the sandbox runs with (the scripted model's at its server's URL). */
export function sandboxModelSettings(
	options: Pick<SandboxOptions, "model" | "settings" | "contextTokens" | "textToolCalls" | "maxOutputTokens">,
	scriptedBaseUrl: string | null,
): { settings: RedlineSettings; credentials: ModelCredentials } {
	const settings = settingsFor(options.model, scriptedBaseUrl, options.settings ?? {});
	if (options.contextTokens !== undefined)
		settings.mainModel = { ...settings.mainModel, contextTokens: options.contextTokens };
	if (options.textToolCalls) settings.mainModel = { ...settings.mainModel, textToolCalls: true };
	if (options.maxOutputTokens !== undefined) {
		settings.mainModel = { ...settings.mainModel, maxOutputTokens: options.maxOutputTokens };
		settings.applyModel = { ...settings.applyModel, maxOutputTokens: options.maxOutputTokens };
	}
	const credentials: ModelCredentials =
		options.model.kind === "real"
			? { mainApiKey: options.model.apiKey, applyApiKey: options.model.applyApiKey }
			: { mainApiKey: "sandbox-demo" };
	return { settings, credentials };
}

/** The scripted model server the sandbox starts for a scripted model (null for a real one). */
export function startScriptedModel(
	options: Pick<SandboxOptions, "model" | "contextTokens" | "textToolCalls">,
	vault: Vault,
): Promise<ModelServer> | null {
	if (options.model.kind !== "scripted") return null;
	const contextLimit = options.contextTokens !== undefined ? { contextLimit: { tokens: options.contextTokens } } : {};
	const toolSupport = options.textToolCalls ? { toolSupport: "refuses" as const } : {};
	return startModelServer({ script: scriptFor(options.model, vault), ...contextLimit, ...toolSupport });
}

/** The sample vault's folders under the access floor (no plugin folder of its own: it has no Obsidian). */
const PROTECTED_FOLDERS = [DEFAULT_CONFIG_DIR, ".trash"];

export async function startSandbox(options: SandboxOptions): Promise<Sandbox> {
	let vault: FolderVault;
	try {
		vault = await FolderVault.open(options.vaultDir, { protectedFolders: PROTECTED_FOLDERS });
	} catch (error) {
		throw new SandboxStartError(error instanceof Error ? error.message : String(error));
	}
	const modelServer = await startScriptedModel(options, vault);
	const { settings, credentials } = sandboxModelSettings(options, modelServer?.baseURL ?? null);
	const dataDir = options.dataDir ?? path.join(vault.root, DEFAULT_CONFIG_DIR, "plugins", "redline", "data");
	const redline = await createRedline({
		yaml: yamlLibraryCodec,
		vault,
		store: new FolderStore(dataDir),
		settings: () => settings,
		credentials: () => credentials,
		protectedFolders: PROTECTED_FOLDERS,
		// Built on the first findNotes, like the search index on the first search.
		noteCatalog: new TextNoteCatalog({ vault, protectedFolders: PROTECTED_FOLDERS }),
		// The offline demo's scripted model answers only the requests of its demo turns.
		titles: options.model.kind === "scripted" ? "first-words" : "model",
		...(options.backfillAfterMs !== undefined ? { backfillAfterMs: options.backfillAfterMs } : {}),
	});
	const token = options.token ?? randomBytes(18).toString("base64url");
	const rpc = createRpcHandler(redline.service, { token });
	const notes = createNotesApi({
		vault,
		indexStatus: redline.search,
		tools: redline.tools,
		info: { vaultName: vault.name, demo: options.model.kind === "scripted", model: settings.mainModel.model },
	});

	// The notes API shares the RPC server's rules: loopback, token, no foreign Origin.
	const notesRoute: Route = async (req, res, url) => {
		if (!url.pathname.startsWith("/sandbox/api/")) return false;
		const refused = refusal(req, url, token);
		if (refused) sendJson(res, refused.status, { error: refused.message });
		else await notes(req, res, url);
		return true;
	};
	// The front door answers what no route can parse (and every route's Host) before these run.
	const server = createGuardedServer([
		(req, res, url) => serveStatic(options.pageDir, req, res, url, token),
		notesRoute,
		rpc,
	]);
	let port: number;
	try {
		port = await listen(server, options.port ?? 0);
	} catch (error) {
		await redline.dispose();
		await modelServer?.close();
		vault.close();
		throw error;
	}
	const url = `http://127.0.0.1:${port}`;
	return {
		url,
		pageUrl: `${url}/?token=${encodeURIComponent(token)}`,
		token,
		vault,
		redline,
		modelServer,
		async close() {
			server.closeAllConnections();
			await new Promise<void>((resolve) => server.close(() => resolve()));
			await redline.dispose();
			await modelServer?.close();
			vault.close();
		},
	};
}
