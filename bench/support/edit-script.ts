/**
 * The scripted models of the edit-latency bench, one server for both paths. Main-model requests
 * carry `tools`; apply requests do not. The main model answers the user's request with one tool
 * call (declareEditIntent for Redline, writeNote with the whole new note for the baseline) and
 * the tool's result with a short final text. The apply model returns the text it was sent (a
 * whole note or one section) with the named section rewritten.
 */
import { hasTool, splitTokens, toolResults } from "../../src/sandbox/model-server";
import type { ModelScript, RecordedRequest, ScriptedPace, ScriptedReply } from "../../src/sandbox/model-server";
import { editDescription, rewriteSectionPlainly } from "./edit-notes";

export const MAIN_PACE: ScriptedPace = { firstTokenMs: 400, tokensPerSecond: 50 };
export const APPLY_PACE: ScriptedPace = { firstTokenMs: 300, tokensPerSecond: 500 };
const FINAL_TEXT = "Done: that section now says the same in plain words.";

export interface EditCase {
	path: string;
	note: string;
	heading: string;
	/** The main model's pace for this run (the baseline's long notes stream faster). */
	mainPace: ScriptedPace;
}

export interface EditScript {
	script: ModelScript;
	/** Sets the case the next requests answer, and zeroes the counters. */
	begin(edit: EditCase): void;
	/** Main-model output tokens streamed since begin(): text plus tool-call argument JSON. */
	mainOutputTokens(): number;
	/** Tokens of the tool-call arguments alone, per main reply with a call (in order). */
	callArgumentTokens(): number[];
	applyRequests(): number;
	/** Tokens the apply model streamed since begin(). */
	applyOutputTokens(): number;
}

function userText(request: RecordedRequest): string {
	const user = [...request.body.messages].reverse().find((m) => m.role === "user");
	return typeof user?.content === "string" ? user.content : "";
}

/** The text between the apply prompt's markers (see src/composer/apply.ts). */
function sentText(request: RecordedRequest): string {
	const prompt = userText(request);
	const begin = prompt.indexOf("<<<BEGIN>>>\n");
	const end = prompt.lastIndexOf("\n<<<END>>>");
	if (begin === -1 || end === -1) throw new Error("bench: the apply request has no <<<BEGIN>>>/<<<END>>> text");
	return prompt.slice(begin + "<<<BEGIN>>>\n".length, end);
}

export function createEditScript(): EditScript {
	let edit: EditCase | undefined;
	let mainTokens = 0;
	let argTokens: number[] = [];
	let applies = 0;
	let applyTokens = 0;

	const main = (request: RecordedRequest, current: EditCase): ScriptedReply => {
		if (toolResults(request).length > 0) {
			mainTokens += splitTokens(FINAL_TEXT).length;
			return { text: FINAL_TEXT, pace: current.mainPace };
		}
		const call = hasTool(request, "writeNote")
			? { name: "writeNote", args: { path: current.path, content: rewriteSectionPlainly(current.note, current.heading) } }
			: { name: "declareEditIntent", args: { path: current.path, operation: "modify", description: editDescription(current.heading) } };
		const tokens = splitTokens(JSON.stringify(call.args)).length;
		mainTokens += tokens;
		argTokens.push(tokens);
		return { toolCalls: [{ name: call.name, arguments: call.args }], pace: current.mainPace };
	};

	return {
		script: (request) => {
			if (!edit) throw new Error("bench: a model request arrived before begin()");
			if ((request.body.tools ?? []).length > 0) return main(request, edit);
			applies++;
			const text = rewriteSectionPlainly(sentText(request), edit.heading);
			applyTokens += splitTokens(text).length;
			return { text, pace: APPLY_PACE };
		},
		begin(next) {
			edit = next;
			mainTokens = 0;
			argTokens = [];
			applies = 0;
			applyTokens = 0;
		},
		mainOutputTokens: () => mainTokens,
		callArgumentTokens: () => [...argTokens],
		applyRequests: () => applies,
		applyOutputTokens: () => applyTokens,
	};
}
