/**
 * The scripted server answering Redline's connection check (src/check/), as a model that works:
 * "OK" to a ping, a count to the streaming probe, two recordWord calls to the tool probe (as
 * tagged text when the tools are described in the prompt). A test replaces any answer to play a
 * failure: `checkScript({ tools: reply.toolCalls([{ name: "recordWord", args: "{word: alpha" }]) })`.
 * The probes are known by their system message (src/check/samples.ts), so a script can answer
 * the check besides its own requests (the offline demo does).
 */
import { probeOf, type ProbeKind } from "../../check/samples";
import { ScriptError, messageText } from "./script";
import { callsAsText } from "./text-calls";
import type { ModelScript, RecordedRequest, ScriptedReply } from "./types";

export type CheckAnswers = Partial<Record<ProbeKind, ScriptedReply>>;

const COUNT = "one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen twenty twenty-one twenty-two twenty-three twenty-four twenty-five twenty-six twenty-seven twenty-eight twenty-nine thirty thirty-one thirty-two thirty-three thirty-four thirty-five thirty-six thirty-seven thirty-eight thirty-nine forty";

const WORD_CALLS: ScriptedReply = { toolCalls: [{ name: "recordWord", arguments: { word: "alpha" } }, { name: "recordWord", arguments: { word: "beta" } }] };

const DEFAULTS: Record<ProbeKind, ScriptedReply> = {
	ping: { text: "OK" },
	stream: { text: COUNT },
	tools: WORD_CALLS,
	// No native tools were offered: a working model writes its calls in the text.
	"text-tools": callsAsText(WORD_CALLS),
	context: { text: "OK" },
	"apply-edit": { text: "" },
};

/** Which probe of the check a request is, or undefined when it is not the check's. */
export function checkProbeOf(request: RecordedRequest): ProbeKind | undefined {
	const first = request.body.messages[0];
	return first?.role === "system" ? probeOf(messageText(first)) : undefined;
}

/** The reply to a check request (`answers` overriding the working model's), or undefined for any other request. */
export function checkReply(request: RecordedRequest, answers: CheckAnswers = {}): ScriptedReply | undefined {
	const probe = checkProbeOf(request);
	return probe === undefined ? undefined : (answers[probe] ?? DEFAULTS[probe]);
}

/** A script that answers the check; any other request goes to `otherwise` (or fails, naming it). */
export function checkScript(answers: CheckAnswers = {}, otherwise?: ModelScript): ModelScript {
	return async (request, context) => {
		const answer = checkReply(request, answers);
		if (answer) return answer;
		if (otherwise) return otherwise(request, context);
		throw new ScriptError(`checkScript: not a connection-check request (system: ${JSON.stringify(messageText(request.body.messages[0] ?? { role: "system" }).slice(0, 60))})`);
	};
}
