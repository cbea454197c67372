/**
 * The scripted models of the edit-latency bench, one server for both paths. Main-model requests
 * carry `tools`; apply requests do not. The main model answers the user's request with one tool
 * call (declareEditIntent for Redline, writeNote with the whole new note for the baseline) and
 * the tool's result with a short final text. The apply model makes the case's change to the text
 * it was sent (a whole note or one section) and answers in the format asked: the whole text, or
 * the edit blocks for the change (src/sandbox/model-server/apply-model.ts). With `malformedFirst`
 * its first reply is a broken edit block, as a weak model's might be.
 */
import { applyModelReply, hasTool, splitTokens, toolResults } from "../../src/sandbox/model-server";
import type { ModelScript, RecordedRequest, ScriptedPace, ScriptedReply } from "../../src/sandbox/model-server";

export const MAIN_PACE: ScriptedPace = { firstTokenMs: 400, tokensPerSecond: 50 };
export const APPLY_PACE: ScriptedPace = { firstTokenMs: 300, tokensPerSecond: 500 };
const FINAL_TEXT = "Done: that section now says the same in plain words.";

export interface EditCase {
	path: string;
	note: string;
	/** The intent's description (declareEditIntent). */
	description: string;
	/** The change, as a function of the text the apply model receives (whole note or one section). */
	change: (text: string) => string;
	/** The main model's pace for this run (the baseline's long notes stream faster). */
	mainPace: ScriptedPace;
	/** The apply model's first reply is a malformed edit block (the fallback row). */
	malformedFirst?: boolean;
}

/** A block without its divider: the parser refuses it, and the composer retries with the whole note. */
const MALFORMED_BLOCKS = "<<<<<<< SEARCH\nnot a line of the note\n>>>>>>> REPLACE\n";

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
			? { name: "writeNote", args: { path: current.path, content: current.change(current.note) } }
			: {
					name: "declareEditIntent",
					args: { path: current.path, operation: "modify", description: current.description },
				};
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
			const answer =
				edit.malformedFirst && applies === 1
					? { text: MALFORMED_BLOCKS, pace: APPLY_PACE }
					: applyModelReply(request, edit.change, { pace: APPLY_PACE });
			applyTokens += splitTokens(answer.text ?? "").length;
			return answer;
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
