/**
 * The scripted server answering Redline's connection check (src/check/), as a model that works:
 * "OK" to a ping, a count to the streaming probe, two recordWord calls to the tool probe (as
 * tagged text when the tools are described in the prompt), the sample note's change to the apply
 * probe (as edit blocks when the request asks for them). A test replaces any answer to play a
 * failure: `checkScript({ tools: reply.toolCalls([{ name: "recordWord", args: "{word: alpha" }]) })`,
 * or answers with a function of the request. The probes are known by their system message, the
 * apply probe by its sample note's path (src/check/samples.ts), so a script can answer the check
 * besides its own requests (the offline demo does).
 */
import { APPLY_SAMPLE, isApplyProbe, probeOf, type ProbeKind } from "../../check/samples";
import { applyModelReply } from "./apply-model";
import { ScriptError, messageText } from "./script";
import { callsAsText } from "./text-calls";
import type { ModelScript, RecordedRequest, ScriptedReply } from "./types";

export type CheckAnswer = ScriptedReply | ((request: RecordedRequest) => ScriptedReply);
export type CheckAnswers = Partial<Record<ProbeKind, CheckAnswer>>;

const COUNT =
	"one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen twenty twenty-one twenty-two twenty-three twenty-four twenty-five twenty-six twenty-seven twenty-eight twenty-nine thirty thirty-one thirty-two thirty-three thirty-four thirty-five thirty-six thirty-seven thirty-eight thirty-nine forty";

const WORD_CALLS: ScriptedReply = {
	toolCalls: [
		{ name: "recordWord", arguments: { word: "alpha" } },
		{ name: "recordWord", arguments: { word: "beta" } },
	],
};

/** The apply probe's change, made as a working apply model makes it. */
export function sampleChange(note: string): string {
	if (note !== APPLY_SAMPLE.note)
		throw new ScriptError(
			`checkScript: the apply probe carried a note that is not the check's sample: ${JSON.stringify(note.slice(0, 80))}`,
		);
	return APPLY_SAMPLE.expected;
}

const DEFAULTS: Record<ProbeKind, CheckAnswer> = {
	ping: { text: "OK" },
	stream: { text: COUNT },
	tools: WORD_CALLS,
	// No native tools were offered: a working model writes its calls in the text.
	"text-tools": callsAsText(WORD_CALLS),
	context: { text: "OK" },
	"apply-edit": (request) => applyModelReply(request, sampleChange),
};

/** Which probe of the check a request is, or undefined when it is not the check's. */
export function checkProbeOf(request: RecordedRequest): ProbeKind | undefined {
	const first = request.body.messages[0];
	const probe = first?.role === "system" ? probeOf(messageText(first)) : undefined;
	if (probe) return probe;
	return request.body.messages.some((m) => m.role === "user" && isApplyProbe(messageText(m)))
		? "apply-edit"
		: undefined;
}

/** The reply to a check request (`answers` overriding the working model's), or undefined for any other request. */
export function checkReply(request: RecordedRequest, answers: CheckAnswers = {}): ScriptedReply | undefined {
	const probe = checkProbeOf(request);
	if (probe === undefined) return undefined;
	const answer = answers[probe] ?? DEFAULTS[probe];
	return typeof answer === "function" ? answer(request) : answer;
}

/** A script that answers the check; any other request goes to `otherwise` (or fails, naming it). */
export function checkScript(answers: CheckAnswers = {}, otherwise?: ModelScript): ModelScript {
	return async (request, context) => {
		const answer = checkReply(request, answers);
		if (answer) return answer;
		if (otherwise) return otherwise(request, context);
		throw new ScriptError(
			`checkScript: not a connection-check request (system: ${JSON.stringify(messageText(request.body.messages[0] ?? { role: "system" }).slice(0, 60))})`,
		);
	};
}
