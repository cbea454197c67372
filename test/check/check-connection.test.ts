/**
 * "Check connection" against the scripted model server, over real HTTP with the real model
 * client: a working model passes every step, and each failure users meet is told apart, with its
 * line and its fix.
 */
import { afterEach, describe, expect, it } from "vitest";
import { checkConnection, type CheckInput } from "../../src/check/run-check";
import { formatReport, type CheckReport, type CheckStep, type StepId } from "../../src/check/report";
import {
	checkScript,
	reply,
	startModelServer,
	type ModelServer,
	type ModelServerOptions,
} from "../../src/sandbox/model-server";
import type { ModelEndpoint } from "../../src/settings";
import { nodeFetch } from "../../src/node/fetch";

let server: ModelServer | undefined;
afterEach(async () => {
	await server?.close();
	server = undefined;
});

async function serve(options: Partial<ModelServerOptions> = {}): Promise<ModelServer> {
	server = await startModelServer({ script: checkScript(), ...options });
	return server;
}

function check(
	endpoint: Partial<ModelEndpoint> & { baseUrl: string },
	extra: Partial<CheckInput> = {},
): Promise<CheckReport> {
	return checkConnection({
		target: "main",
		endpoint: { model: "scripted", ...endpoint },
		apiKey: undefined,
		transport: { kind: "fetch", fetch: nodeFetch },
		...extra,
	});
}

function step(report: CheckReport, id: StepId): CheckStep {
	const found = report.steps.find((s) => s.id === id);
	if (!found) throw new Error(`no ${id} step in\n${formatReport(report)}`);
	return found;
}

describe("checking the main model's connection", () => {
	it("passes every step for a model that works, with its figures", async () => {
		const s = await serve();
		const report = await check({ baseUrl: s.baseURL, model: "llama3.1:8b" });
		expect(report.usable, formatReport(report)).toBe(true);
		expect(report.steps.map((x) => [x.id, x.status])).toEqual([
			["endpoint", "pass"],
			["streaming", "pass"],
			["tools", "pass"],
			["context", "pass"],
			["transport", "pass"],
		]);
		expect(step(report, "endpoint").figure).toMatch(/^answered in \d+\.\d+ s, without a key$/);
		expect(step(report, "streaming").figure).toMatch(/^first token after \d+\.\d+ s, \d+ tokens\/s$/);
		expect(step(report, "tools").figure).toBe("2 structured calls with valid JSON arguments; parallel calls: yes");
		expect(step(report, "context").figure).toMatch(
			/^configured 131,072 tokens \(from the model name\); accepted a 5,\d{3}-token request \(\d[\d,]* by its count\)$/,
		);
		expect(step(report, "transport").figure).toBe("Node fetch (replies stream)");
	});

	it("sends no note text: only the check's fixed samples", async () => {
		const s = await serve();
		await check({ baseUrl: s.baseURL });
		const systems = s.requests.map((r) => String(r.body.messages[0]?.content));
		expect(systems).toHaveLength(4);
		expect(systems.every((text) => text.startsWith("This is Redline's connection check"))).toBe(true);
	});

	it("finds the missing /v1 when /chat/completions is a 404 but /v1/chat/completions is not", async () => {
		const s = await serve();
		const report = await check({ baseUrl: s.url });
		const endpoint = step(report, "endpoint");
		expect(endpoint).toMatchObject({
			status: "fail",
			figure: "404 on /chat/completions",
			fix: `Set Base URL to ${s.baseURL}.`,
			action: { kind: "set-base-url", baseUrl: s.baseURL },
		});
		expect(endpoint.cause).toContain("/v1 is missing");
		expect(report.usable).toBe(false);
		expect(step(report, "streaming").status).toBe("skip");
	});

	it("finds a doubled /v1", async () => {
		const s = await serve();
		const report = await check({ baseUrl: `${s.baseURL}/v1/` });
		expect(step(report, "endpoint")).toMatchObject({
			status: "fail",
			action: { kind: "set-base-url", baseUrl: s.baseURL },
		});
		expect(step(report, "endpoint").cause).toContain("/v1 appears twice");
	});

	it("tells a refused key (401) from a wrong URL", async () => {
		const s = await serve({ apiKey: "right-key" });
		const report = await check({ baseUrl: s.baseURL }, { apiKey: "wrong-key" });
		expect(step(report, "endpoint")).toMatchObject({ status: "fail", figure: "401: key refused" });
		expect(step(report, "endpoint").fix).toMatch(/^Check the API key/);
		expect(step(report, "endpoint").action).toBeUndefined();
		const right = await check({ baseUrl: s.baseURL }, { apiKey: "right-key" });
		expect(step(right, "endpoint").figure).toMatch(/with the API key$/);
	});

	it("tells a 404 for the model from a 404 for the route, naming the models the server has", async () => {
		const s = await serve({
			script: checkScript({
				ping: reply.httpError(404, { message: "model 'llama3.2' not found, try pulling it first" }),
			}),
			models: [{ id: "llama3.1:8b" }, { id: "qwen2.5:7b" }],
		});
		const endpoint = step(await check({ baseUrl: s.baseURL, model: "llama3.2" }), "endpoint");
		expect(endpoint).toMatchObject({
			status: "fail",
			figure: "404: model not found",
			fix: "Set Model to one it has: llama3.1:8b, qwen2.5:7b.",
		});
		expect(endpoint.cause).toBe(
			`The server does not know the model "llama3.2" (model 'llama3.2' not found, try pulling it first).`,
		);
		expect(endpoint.action).toBeUndefined();
	});

	it("tells a 403 with a reason (the key may not use this model) from a refused key and from an origin refusal", async () => {
		const s = await serve({
			script: checkScript({ ping: reply.httpError(403, { message: "Project does not have access to model gpt-4.1" }) }),
		});
		const endpoint = step(await check({ baseUrl: s.baseURL, model: "gpt-4.1" }), "endpoint");
		expect(endpoint).toMatchObject({
			status: "fail",
			figure: "403: forbidden",
			fix: "Check that the key may use this model (its project, region or plan).",
		});
		expect(endpoint.cause).toContain("Project does not have access to model gpt-4.1");
	});

	it("asks for a key before sending anything to a remote endpoint without one", async () => {
		const report = await check({ baseUrl: "https://api.example.invalid/v1" });
		expect(step(report, "endpoint")).toMatchObject({
			status: "fail",
			figure: "not sent",
			fix: "Add your API key in Redline settings.",
		});
	});

	it("says the server cannot be reached, and that there is no other transport to try", async () => {
		const s = await serve();
		const baseUrl = s.baseURL;
		await s.close();
		const report = await check({ baseUrl });
		expect(step(report, "endpoint")).toMatchObject({ status: "fail", figure: "no answer" });
		expect(step(report, "transport")).toMatchObject({
			status: "fail",
			cause: "There is no other transport to try here.",
		});
	});

	it("offers Text tool calls for a model that ignores tools, having checked that mode works", async () => {
		const s = await serve({ toolSupport: "ignores" });
		const report = await check({ baseUrl: s.baseURL });
		const tools = step(report, "tools");
		expect(tools).toMatchObject({ status: "fail", figure: "no structured call", action: { kind: "text-tool-calls" } });
		expect(tools.cause).toMatch(
			/^The model ignores the tools it is offered: it wrote the call as text instead of a structured call\. As text tool calls it works: 2 tagged calls with valid JSON arguments\.$/,
		);
		expect(tools.fix).toMatch(/^Turn on Text tool calls/);
		expect(report.usable).toBe(false);
	});

	it("offers Text tool calls for a server that refuses tools, as Ollama does for such a model", async () => {
		const s = await serve({ toolSupport: "refuses" });
		const tools = step(await check({ baseUrl: s.baseURL }), "tools");
		expect(tools).toMatchObject({ status: "fail", action: { kind: "text-tool-calls" } });
		expect(tools.cause).toMatch(/^The server refuses requests that offer tools \(.*does not support tools.*\)\./);
	});

	it("runs the tool step again as text tool calls once that setting is on", async () => {
		const s = await serve({ toolSupport: "refuses" });
		const report = await check({ baseUrl: s.baseURL, textToolCalls: true });
		expect(step(report, "tools")).toMatchObject({
			status: "pass",
			title: "Tool calling (text tool calls)",
			figure: "2 tagged calls with valid JSON arguments",
		});
		expect(report.usable).toBe(true);
	});

	it("fails arguments that are not JSON, naming them", async () => {
		const s = await serve({
			script: checkScript({
				tools: reply.toolCalls([{ name: "recordWord", args: "{word: alpha}" }]),
				"text-tools": reply.text("I cannot do that."),
			}),
		});
		const tools = step(await check({ baseUrl: s.baseURL }), "tools");
		expect(tools.status).toBe("fail");
		expect(tools.cause).toBe(
			"The model's tool-call arguments are not valid JSON: {word: alpha}. As text tool calls: the model wrote no <tool_call> block either.",
		);
		expect(tools.fix).toMatch(/^Choose a model with tool calling/);
		expect(tools.action).toBeUndefined();
	});

	it("notices a model that makes one call per reply", async () => {
		const s = await serve({
			script: checkScript({ tools: reply.toolCalls([{ name: "recordWord", args: { word: "alpha" } }]) }),
		});
		expect(step(await check({ baseUrl: s.baseURL }), "tools")).toMatchObject({
			status: "pass",
			figure: "1 structured call with valid JSON arguments; parallel calls: no (one call per reply)",
		});
	});

	it("finds a context window smaller than configured from the provider's refusal, with the value to set", async () => {
		const s = await serve({ contextLimit: { tokens: 2048, style: "ollama" } });
		const context = step(await check({ baseUrl: s.baseURL, model: "llama3.1:8b" }), "context");
		expect(context).toMatchObject({ status: "fail", action: { kind: "set-context-tokens", tokens: 2048 } });
		expect(context.figure).toMatch(
			/^configured 131,072 tokens \(from the model name\); refused a 5,\d{3}-token request: the provider enforces 2,048 tokens$/,
		);
		expect(context.fix).toMatch(/^Set Context window \(tokens\) to 2,048/);
	});

	it("keeps the context probe under a small configured window, which then passes", async () => {
		const s = await serve({ contextLimit: { tokens: 2048 } });
		const context = step(await check({ baseUrl: s.baseURL, contextTokens: 2048 }), "context");
		expect(context.status, context.figure).toBe("pass");
		expect(context.figure).toMatch(/^configured 2,048 tokens \(set\); accepted a 1,\d{3}-token request/);
	});

	it("fails a window larger than the one the provider states in its model list", async () => {
		const s = await serve({ models: [{ id: "scripted", context_length: 32_768 }] });
		const context = step(await check({ baseUrl: s.baseURL, contextTokens: 100_000 }), "context");
		expect(context).toMatchObject({ status: "fail", action: { kind: "set-context-tokens", tokens: 32_768 } });
		expect(context.figure).toMatch(
			/^configured 100,000 tokens \(set\); the provider states 32,768; accepted a 5,\d{3}-token request/,
		);
	});

	it("suggests the stated window when Redline knows none for the model", async () => {
		const s = await serve({ models: [{ id: "my-finetune", max_model_len: 16_384 }] });
		const context = step(await check({ baseUrl: s.baseURL, model: "my-finetune" }), "context");
		expect(context).toMatchObject({ status: "warn", action: { kind: "set-context-tokens", tokens: 16_384 } });
		expect(context.figure).toMatch(
			/^configured not known; accepted a 5,\d{3}-token request \(\d[\d,]* by its count\); the provider states 16,384$/,
		);
	});

	it("warns that a slow model will take a while, with its figures", async () => {
		const s = await serve({
			script: checkScript({
				stream: reply.text("one two three four five six seven eight", {
					pace: { firstTokenMs: 50, tokensPerSecond: 3 },
				}),
			}),
		});
		const streaming = step(await check({ baseUrl: s.baseURL }), "streaming");
		expect(streaming.status).toBe("warn");
		expect(streaming.figure).toMatch(/^first token after \d+\.\d+ s, [0-4] tokens\/s$/);
	}, 30_000);
});
