/**
 * Step 3 (main model): a call to a trivial tool comes back as a structured call whose arguments
 * are valid JSON, and two calls asked for at once show whether the model makes parallel calls.
 * When that fails (the server refuses `tools`, the model ignores them or writes broken
 * arguments), the same ask is tried as "Text tool calls" (the tool described in the prompt, the
 * call read from the reply by the agent's own parser): when that works, turning the setting on is
 * the fix. With the setting on, the step checks that mode.
 */
import { HumanMessage, SystemMessage } from "@langchain/core/messages";
import { textToolInstructions } from "../agent/text-tool-format";
import { TextToolCallParser, type TextCall } from "../agent/text-tool-parser";
import type { ModelEndpoint } from "../settings";
import type { Transport } from "./http";
import { checkModel, chunkText, streamReply } from "./model-call";
import type { CheckStep } from "./report";
import { ECHO_TOOL, PROBE_SYSTEM, TOOLS_PROMPT } from "./samples";

const TITLE = "Tool calling";
const TEXT_TITLE = "Tool calling (text tool calls)";

/** What one attempt found: the words the calls carried, or why it did not work. */
type Attempt = { ok: true; words: string[] } | { ok: false; problem: string };

export async function checkTools(
	transport: Transport,
	endpoint: ModelEndpoint,
	apiKey: string | undefined,
): Promise<CheckStep> {
	if (endpoint.textToolCalls) {
		const text = await textAttempt(transport, endpoint, apiKey);
		if (text.ok)
			return { id: "tools", title: TEXT_TITLE, status: "pass", figure: `${callsFigure(text.words.length, "text")}` };
		return {
			id: "tools",
			title: TEXT_TITLE,
			status: "fail",
			figure: "no readable call",
			cause: text.problem,
			fix: "This model writes no tool call Redline can read, natively or as text: choose a model with tool calling.",
		};
	}
	const native = await nativeAttempt(transport, endpoint, apiKey);
	if (native.ok) {
		const parallel = native.words.length > 1;
		return {
			id: "tools",
			title: TITLE,
			status: "pass",
			figure: `${callsFigure(native.words.length, "native")}; parallel calls: ${parallel ? "yes" : "no (one call per reply)"}`,
		};
	}
	const text = await textAttempt(transport, endpoint, apiKey);
	if (text.ok) {
		return {
			id: "tools",
			title: TITLE,
			status: "fail",
			figure: "no structured call",
			cause: `${native.problem} As text tool calls it works: ${callsFigure(text.words.length, "text")}.`,
			fix: "Turn on Text tool calls for this model: Redline then describes its tools in the prompt and reads the calls from its reply.",
			action: { kind: "text-tool-calls" },
		};
	}
	return {
		id: "tools",
		title: TITLE,
		status: "fail",
		figure: "no structured call",
		cause: `${native.problem} As text tool calls: ${text.problem}`,
		fix: "Choose a model with tool calling (the agent cannot read or edit notes without it).",
	};
}

function callsFigure(n: number, form: "native" | "text"): string {
	const what = form === "native" ? "structured call" : "tagged call";
	return `${n} ${what}${n === 1 ? "" : "s"} with valid JSON arguments`;
}

async function nativeAttempt(
	transport: Transport,
	endpoint: ModelEndpoint,
	apiKey: string | undefined,
): Promise<Attempt> {
	const model = checkModel(transport, endpoint, apiKey).bindTools([ECHO_TOOL]);
	const outcome = await streamReply(transport, model, [
		new SystemMessage(PROBE_SYSTEM.tools),
		new HumanMessage(TOOLS_PROMPT),
	]);
	if (!outcome.ok) {
		const refused = /\btools?\b/i.test(outcome.message);
		return {
			ok: false,
			problem: refused
				? `The server refuses requests that offer tools (${outcome.message}).`
				: `The request failed (${outcome.message}).`,
		};
	}
	const calls = new Map<number, { name: string; args: string }>();
	let text = "";
	for (const { chunk } of outcome.chunks) {
		text += chunkText(chunk).answer;
		for (const part of chunk.tool_call_chunks ?? []) {
			const index = part.index ?? calls.size;
			const call = calls.get(index) ?? { name: "", args: "" };
			call.name += part.name ?? "";
			call.args += part.args ?? "";
			calls.set(index, call);
		}
	}
	if (calls.size === 0) {
		const asText = /<tool_call>|"name"\s*:\s*"recordWord"|recordWord\s*\(/.test(text);
		return {
			ok: false,
			problem: asText
				? "The model ignores the tools it is offered: it wrote the call as text instead of a structured call."
				: `The model answered in text without calling the tool${text.trim() ? ` ("${clip(text)}")` : ""}.`,
		};
	}
	const words: string[] = [];
	for (const call of calls.values()) {
		if (call.name !== ECHO_TOOL.function.name)
			return { ok: false, problem: `The model called a tool it was not offered ("${clip(call.name)}").` };
		const args = parseObject(call.args);
		if (args === undefined)
			return {
				ok: false,
				problem: `The model's tool-call arguments are not valid JSON: ${clip(call.args) || "(empty)"}.`,
			};
		const word = args.word;
		if (typeof word !== "string")
			return { ok: false, problem: `The model's arguments do not match the tool's parameters: ${clip(call.args)}.` };
		words.push(word);
	}
	return { ok: true, words };
}

async function textAttempt(
	transport: Transport,
	endpoint: ModelEndpoint,
	apiKey: string | undefined,
): Promise<Attempt> {
	const system = `${PROBE_SYSTEM["text-tools"]}\n\n${textToolInstructions([ECHO_TOOL])}`;
	const outcome = await streamReply(transport, checkModel(transport, endpoint, apiKey), [
		new SystemMessage(system),
		new HumanMessage(TOOLS_PROMPT),
	]);
	if (!outcome.ok) return { ok: false, problem: `the request failed (${outcome.message}).` };
	const parser = new TextToolCallParser();
	const done = new Map<number, TextCall>();
	const take = (calls: TextCall[]): void => {
		for (const call of calls) if (call.done) done.set(call.index, call);
	};
	for (const { chunk } of outcome.chunks) take(parser.push(chunkText(chunk).answer).calls);
	take(parser.end().calls);
	if (done.size === 0) return { ok: false, problem: "the model wrote no <tool_call> block either." };
	const words: string[] = [];
	for (const call of done.values()) {
		if (call.problem) return { ok: false, problem: `its tagged call cannot be read (${call.problem})` };
		if (call.name !== ECHO_TOOL.function.name || typeof call.args?.word !== "string")
			return { ok: false, problem: `its tagged call does not match the tool (${clip(call.body)}).` };
		words.push(call.args.word);
	}
	return { ok: true, words };
}

function parseObject(text: string): Record<string, unknown> | undefined {
	try {
		const value = JSON.parse(text) as unknown;
		return typeof value === "object" && value !== null && !Array.isArray(value)
			? (value as Record<string, unknown>)
			: undefined;
	} catch {
		return undefined;
	}
}

function clip(text: string): string {
	const one = text.replace(/\s+/g, " ").trim();
	return one.length > 80 ? `${one.slice(0, 77)}...` : one;
}
