/**
 * A thread with a declared edit, driven the way the runner drives it: a real ThreadLog, a
 * MemoryVault, a real NoteHistory, and the real ChatOpenAI (through ModelProvider) talking to the
 * scripted model server as the apply model.
 */
import { afterEach } from "vitest";
import { createNoteHistory } from "../../src/history/note-history";
import { createModelProvider } from "../../src/llm/model-provider";
import { startModelServer } from "../../src/sandbox/model-server";
import type { ModelServer, ScriptStep } from "../../src/sandbox/model-server";
import { scripted } from "../../src/sandbox/model-server";
import { DEFAULT_SETTINGS } from "../../src/settings";
import type { ApplyFormat, RedlineSettings } from "../../src/settings";
import { MemoryStore } from "../../src/store/memory-store";
import type { ThreadEvent } from "../../src/log/events";
import { newId } from "../../src/log/ids";
import { CallScope } from "../../src/agent/call-scope";
import { ThreadLog } from "../../src/log/log";
import { createDeclareEditIntentTool } from "../../src/tools/declare-edit-intent";
import type { DeclareEditIntentArgs } from "../../src/tools/declare-edit-intent";
import { createExecuteEditTool } from "../../src/tools/execute-edit";
import type { ExecuteEditArgs } from "../../src/tools/execute-edit";
import type { ToolResult } from "../../src/log/tool-result";
import { isSuspended } from "../../src/tools/tool";
import type { Tool, ToolContext } from "../../src/tools/tool";
import { AccessFloor } from "../../src/vault/access-floor";
import { MemoryVault } from "../../src/vault/memory-vault";

const servers: ModelServer[] = [];
afterEach(async () => {
	await Promise.all(servers.splice(0).map((s) => s.close()));
});

export interface HarnessOptions {
	notes?: Record<string, string | Uint8Array>;
	/** The apply model's replies, in order. */
	replies?: ScriptStep[];
	prediction?: boolean;
	maxOutputTokens?: number;
	/** The HTTP fetch the model clients use (a DOM test passes the desktop Node transport). */
	fetch?: typeof fetch;
	/** The "Apply format" setting. Default "whole": most tests here are about whole-note output. */
	applyFormat?: ApplyFormat;
}

export async function editHarness(options: HarnessOptions = {}) {
	const server = await startModelServer({ script: scripted(...(options.replies ?? [])) });
	servers.push(server);
	const settings: RedlineSettings = {
		...DEFAULT_SETTINGS,
		mainModel: { baseUrl: server.baseURL, model: "main" },
		applyModel: { model: "apply", supportsPredictedOutputs: options.prediction ?? false },
	};
	const vault = new MemoryVault("Test", options.notes ?? {});
	const store = new MemoryStore();
	const history = createNoteHistory({ vault, store });
	const models = createModelProvider(
		() => settings,
		() => ({}),
		options.fetch ? { fetch: options.fetch } : {},
	);
	const log = new ThreadLog("thread_test", store);
	log.append({ type: "thread_created" });
	const applyFormat = options.applyFormat ?? "whole";
	const declare = createDeclareEditIntentTool({
		history,
		models,
		maxOutputTokens: options.maxOutputTokens,
		applyFormat: () => applyFormat,
	});
	const execute = createExecuteEditTool({ history });

	/** The context the runner gives a call (its scope: fenced when the call ends). */
	function context(callId: string, signal = new AbortController().signal): ToolContext {
		return new CallScope(log, callId, { vault, floor: new AccessFloor([]) }, signal).ctx;
	}

	/** Proposes a call as the runner does (announce, then tool_call_proposed), and decides it. */
	function propose<A>(tool: Tool<A>, args: A, decision: "approved" | "denied" | "pending" = "approved"): string {
		const callId = newId("call");
		const announced = tool.announce?.(args as Record<string, unknown>, { callId, newId });
		if (announced) log.append(announced);
		log.append({ type: "tool_call_proposed", callId, tool: tool.name, args, messageId: "msg_1" });
		if (decision !== "pending") log.append({ type: "tool_call_decided", callId, decision, by: "user" });
		return callId;
	}

	async function run<A>(tool: Tool<A>, callId: string, args: A, signal?: AbortSignal): Promise<ToolResult> {
		log.append({ type: "tool_call_started", callId });
		const outcome = await tool.run(args, context(callId, signal));
		if (isSuspended(outcome)) throw new Error("edit tools never suspend");
		log.append({ type: "tool_call_completed", callId, result: outcome });
		return outcome;
	}

	return {
		server,
		vault,
		history,
		log,
		declare,
		execute,
		context,
		propose,
		/** Declares an intent, approves it and runs the apply phase. */
		async declareAndApply(args: DeclareEditIntentArgs, signal?: AbortSignal) {
			const callId = propose(declare, args);
			const result = await run(declare, callId, args, signal);
			return { callId, result, editId: log.state().toolCalls[callId]?.editId ?? "" };
		},
		async executeEdit(args: ExecuteEditArgs) {
			const callId = newId("call");
			log.append({ type: "tool_call_proposed", callId, tool: "executeEdit", args, messageId: "msg_2" });
			return run(execute, callId, args);
		},
		events<K extends ThreadEvent["type"]>(type: K): Extract<ThreadEvent, { type: K }>[] {
			return log.events().filter((e): e is Extract<ThreadEvent, { type: K }> => e.type === type);
		},
		/** The text part of the apply request's user message. */
		applyPrompt(index = 0): string {
			const body = server.requests[index]?.body;
			const user = body?.messages.find((m) => m.role === "user");
			return typeof user?.content === "string" ? user.content : JSON.stringify(user?.content);
		},
	};
}

/** The note text between the prompt's markers, as the apply model received it. */
export function noteInPrompt(prompt: string): string {
	const match = /<<<BEGIN>>>\n([\s\S]*)\n<<<END>>>/.exec(prompt);
	if (!match) throw new Error("no note in the apply prompt");
	return match[1] ?? "";
}
