/**
 * Step 1: the endpoint answers a chat request and accepts the key. A 404 on the route is told
 * apart from a 404 for the model, a refused key (401) from a refused origin (an empty 403, what
 * Ollama answers a request whose Origin is not in OLLAMA_ORIGINS) and from a key without access
 * (a 403 with a reason). A base URL that reaches no route is retried in the shapes of
 * ./base-url.ts, and the one that answers is the fix.
 */
import { isLocalBaseUrl } from "../llm/chat-model";
import { baseUrlCandidates } from "./base-url";
import { errorMessageOf, modelsUrl, ping, seconds, send, type HttpResult, type Transport } from "./http";
import type { CheckStep, TransportKind } from "./report";

export interface EndpointInput {
	baseUrl: string;
	model: string;
	apiKey: string | undefined;
	transportKind: TransportKind;
}

export interface EndpointOutcome {
	step: CheckStep;
	/** The endpoint answered chat requests: the other steps can run. */
	answered: boolean;
	/** Why the request never got an answer: a network error or an origin refusal (step 6 tries the other transport). */
	unreached?: "network" | "origin";
	/** The model list (GET /models), when the server offers one: ids and any context length it states. */
	models?: ListedModel[];
}

export interface ListedModel {
	id: string;
	contextLength?: number;
}

const TITLE = "Endpoint and key";

export async function checkEndpoint(transport: Transport, input: EndpointInput): Promise<EndpointOutcome> {
	const fail = (figure: string, cause: string, fix: string, extra: Partial<CheckStep> = {}): CheckStep => ({
		id: "endpoint",
		title: TITLE,
		status: "fail",
		figure,
		cause,
		fix,
		...extra,
	});
	const config = configProblem(input);
	if (config) return { step: fail("not sent", config.cause, config.fix), answered: false };

	const answer = await ping(transport, input.baseUrl, input.model, input.apiKey);
	if (!answer.ok) {
		return {
			step: fail(
				"no answer",
				`The request did not reach ${hostOf(input.baseUrl)}: ${answer.message}.`,
				"Check that the server is running and that the base URL's host and port are right.",
			),
			answered: false,
			unreached: "network",
		};
	}
	if (answer.status >= 200 && answer.status < 300 && isCompletion(answer.text)) {
		const models = await listModels(transport, input);
		const key = input.apiKey ? "with the API key" : "without a key";
		return {
			step: { id: "endpoint", title: TITLE, status: "pass", figure: `answered in ${seconds(answer.ms)}, ${key}` },
			answered: true,
			...(models ? { models } : {}),
		};
	}
	const message = errorMessageOf(answer.text);
	if (answer.status === 404 && mentionsModel(message)) {
		const models = await listModels(transport, input);
		const known = models?.map((m) => m.id).slice(0, 8) ?? [];
		return {
			step: fail(
				"404: model not found",
				`The server does not know the model "${input.model}" (${message}).`,
				known.length > 0
					? `Set Model to one it has: ${known.join(", ")}.`
					: "Check the model name (for Ollama, pull it first: ollama pull <model>).",
			),
			answered: false,
			...(models ? { models } : {}),
		};
	}
	if (answer.status === 404 || (answer.status < 300 && !isCompletion(answer.text))) {
		const found = await answeringBaseUrl(transport, input);
		const what =
			answer.status === 404 ? "404 on /chat/completions" : `${answer.status}, not an OpenAI-compatible answer`;
		if (found) {
			return {
				step: fail(
					what,
					`No chat-completions route at ${input.baseUrl}; ${found} answers (${shapeOf(input.baseUrl, found)}).`,
					`Set Base URL to ${found}.`,
					{ action: { kind: "set-base-url", baseUrl: found } },
				),
				answered: false,
			};
		}
		return {
			step: fail(
				what,
				`No chat-completions route at ${input.baseUrl} (${message || "empty answer"}).`,
				"Use the server's OpenAI-compatible base URL, which usually ends in /v1 (Ollama: http://localhost:11434/v1, LM Studio: http://localhost:1234/v1).",
			),
			answered: false,
		};
	}
	if (answer.status === 401) {
		const fix = input.apiKey
			? "Check the API key in Redline settings (a key for this provider, not expired or revoked)."
			: "This server needs an API key: add it in Redline settings.";
		return {
			step: fail("401: key refused", `The server refused the API key (${message || "401 Unauthorized"}).`, fix),
			answered: false,
		};
	}
	if (answer.status === 403 && answer.text.trim() === "") {
		return {
			step: fail(
				"403 with an empty answer",
				`The server refused the request's origin (the way Ollama refuses an Origin not in OLLAMA_ORIGINS; ${TRANSPORT_ORIGIN[input.transportKind]}).`,
				"Allow Obsidian's origin on the server (Ollama: set OLLAMA_ORIGINS=app://obsidian.md* and restart it), or use a transport that sends no origin.",
			),
			answered: false,
			unreached: "origin",
		};
	}
	if (answer.status === 403) {
		return {
			step: fail(
				"403: forbidden",
				`The server accepted no request with this key for this model (${message}).`,
				"Check that the key may use this model (its project, region or plan).",
			),
			answered: false,
		};
	}
	if (answer.status === 429) {
		return {
			step: {
				id: "endpoint",
				title: TITLE,
				status: "warn",
				figure: `429 after ${seconds(answer.ms)}: rate limited`,
				cause: `The server limits requests right now (${message}).`,
				fix: "Wait, or check the plan's limits; Redline waits and retries on its own.",
			},
			answered: true,
		};
	}
	return {
		step: fail(
			`${answer.status}`,
			`The server refused a plain chat request (${answer.status}: ${message || "no message"}).`,
			answer.status >= 500
				? "The server failed: look at its log, or try again later."
				: "Check the base URL and model name.",
		),
		answered: false,
	};
}

const TRANSPORT_ORIGIN: Record<TransportKind, string> = {
	"request-url": "Obsidian request sends the app's origin",
	node: "the desktop transport sends no origin, so a proxy in between may be refusing",
	fetch: "this transport sends no origin, so a proxy in between may be refusing",
};

function configProblem(input: EndpointInput): { cause: string; fix: string } | null {
	if (input.model.trim() === "") return { cause: "No model name is set.", fix: "Set Model in Redline settings." };
	let url: URL;
	try {
		url = new URL(input.baseUrl);
	} catch {
		return {
			cause: `The base URL ${JSON.stringify(input.baseUrl)} is not a valid URL.`,
			fix: "Set Base URL to the server's address, such as https://api.openai.com/v1.",
		};
	}
	if (url.protocol !== "http:" && url.protocol !== "https:")
		return {
			cause: "The base URL must start with http:// or https://.",
			fix: "Set Base URL to the server's address, such as https://api.openai.com/v1.",
		};
	if (!input.apiKey?.trim() && !isLocalBaseUrl(input.baseUrl))
		return {
			cause: `The model at ${url.host} needs an API key and none is set.`,
			fix: "Add your API key in Redline settings.",
		};
	return null;
}

/** A chat completion's JSON (an HTML page or a web UI's answer is not one). */
function isCompletion(text: string): boolean {
	try {
		const body = JSON.parse(text) as { choices?: unknown; object?: unknown };
		return Array.isArray(body.choices);
	} catch {
		return false;
	}
}

function mentionsModel(message: string): boolean {
	const m = message.toLowerCase();
	return /model/.test(m) && /(not found|does not exist|not exist|no such|unknown model|not available|pull)/.test(m);
}

async function answeringBaseUrl(transport: Transport, input: EndpointInput): Promise<string | null> {
	for (const candidate of baseUrlCandidates(input.baseUrl)) {
		const answer: HttpResult = await ping(transport, candidate, input.model, input.apiKey);
		if (answer.ok && answer.status !== 404 && (answer.status >= 300 || isCompletion(answer.text))) return candidate;
	}
	return null;
}

function shapeOf(wrong: string, right: string): string {
	const path = (u: string): string => new URL(u).pathname.replace(/\/+$/u, "");
	const from = path(wrong);
	const to = path(right);
	if (from.endsWith("/chat/completions")) return "the base URL must not include /chat/completions";
	if (/\/v1\/v1/u.test(from)) return "/v1 appears twice";
	if (to.endsWith("/v1") && !from.endsWith("/v1")) return "/v1 is missing";
	if (from.endsWith("/v1") && !to.endsWith("/v1")) return "this server has no /v1";
	return "a different path";
}

function hostOf(baseUrl: string): string {
	try {
		return new URL(baseUrl).host;
	} catch {
		return baseUrl;
	}
}

/** GET /models: which models the server has and, where it says, their context length. */
async function listModels(transport: Transport, input: EndpointInput): Promise<ListedModel[] | undefined> {
	const answer = await send(transport, modelsUrl(input.baseUrl), { method: "GET", apiKey: input.apiKey });
	if (!answer.ok || answer.status !== 200) return undefined;
	try {
		const body = JSON.parse(answer.text) as { data?: unknown };
		if (!Array.isArray(body.data)) return undefined;
		return body.data.flatMap((entry: unknown): ListedModel[] => {
			if (typeof entry !== "object" || entry === null) return [];
			const record = entry as Record<string, unknown>;
			if (typeof record.id !== "string") return [];
			const context = statedContextLength(record);
			return [{ id: record.id, ...(context ? { contextLength: context } : {}) }];
		});
	} catch {
		return undefined;
	}
}

// Where providers state a model's window in its /models entry: OpenRouter (context_length,
// top_provider.context_length), vLLM (max_model_len), LM Studio (max_context_length), others.
function statedContextLength(record: Record<string, unknown>): number | undefined {
	const top = record.top_provider as Record<string, unknown> | undefined;
	for (const value of [
		record.context_length,
		record.max_model_len,
		record.max_context_length,
		record.context_window,
		top?.context_length,
	]) {
		if (typeof value === "number" && Number.isInteger(value) && value > 0) return value;
	}
	return undefined;
}
