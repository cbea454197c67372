/**
 * Everything the check sends to a model: fixed sample texts, never a note. Each request says which
 * probe it is, so a provider's logs (and the scripted model server, which answers the check in
 * tests and in the offline demo) can tell: a system message naming the probe, except for the apply
 * probe, which sends the apply model's real prompt (what it is checked on is how it follows that
 * prompt) and is named by its sample note's path.
 */

export type ProbeKind = "ping" | "stream" | "tools" | "text-tools" | "context" | "apply-edit";

const PREFIX = "This is Redline's connection check";

/** The system message of each probe but the apply probe's. */
export const PROBE_SYSTEM: Record<Exclude<ProbeKind, "apply-edit">, string> = {
	ping: `${PREFIX} (ping). Answer in one word.`,
	stream: `${PREFIX} (streaming). Answer exactly as asked.`,
	tools: `${PREFIX} (tool calling). Use the tool you are given.`,
	"text-tools": `${PREFIX} (text tool calls). Use the tool you are given.`,
	context: `${PREFIX} (context window). Answer in one word.`,
};

/** The probe a request belongs to, from its first (system) message; undefined for any other request. */
export function probeOf(systemText: string): ProbeKind | undefined {
	if (!systemText.startsWith(PREFIX)) return undefined;
	for (const [kind, text] of Object.entries(PROBE_SYSTEM) as [ProbeKind, string][])
		if (systemText.startsWith(text)) return kind;
	return undefined;
}

/**
 * The apply probe: a `modify` of this note, asked of the apply model as the agent asks it (edit
 * blocks, or the whole note), with two small changes in two places, so that both a block that
 * edits a line and one that adds a line are needed.
 */
export const APPLY_SAMPLE = {
	path: "Redline connection check.md",
	description: 'Change "apples" to "pears", and add "- Water the plants" as the last item under Sunday.',
	note: [
		"# Weekend plans",
		"",
		"## Saturday",
		"- Walk to the market",
		"- Buy apples and bread",
		"- Read by the window",
		"",
		"## Sunday",
		"- Call grandmother",
		"- Fix the shed roof",
		"",
	].join("\n"),
	expected: [
		"# Weekend plans",
		"",
		"## Saturday",
		"- Walk to the market",
		"- Buy pears and bread",
		"- Read by the window",
		"",
		"## Sunday",
		"- Call grandmother",
		"- Fix the shed roof",
		"- Water the plants",
		"",
	].join("\n"),
} as const;

/** Whether an apply request is the check's (the apply prompt names the note it modifies). */
export function isApplyProbe(userText: string): boolean {
	return userText.includes(`the note ${APPLY_SAMPLE.path}`);
}

export const PING_PROMPT = "Reply with the single word OK.";

export const STREAM_PROMPT = "Count from one to forty in words, separated by spaces, and write nothing else.";

/** The trivial tool of the tool-calling probe. */
export const ECHO_TOOL = {
	type: "function" as const,
	function: {
		name: "recordWord",
		description: "Records one word.",
		parameters: {
			type: "object",
			properties: { word: { type: "string", description: "The word to record." } },
			required: ["word"],
			additionalProperties: false,
		},
	},
};

/** Two calls asked for at once, so parallel calls show. */
export const TOOLS_PROMPT = `Call recordWord twice in this one reply: once with the word "alpha" and once with the word "beta". Write no other text.`;

export const CONTEXT_PROMPT = "The text above is filler to measure the context window. Reply with the single word OK.";

/** A paragraph of filler for the context probe (repeated to size). */
export const FILLER =
	"The garden shed needs a new roof before winter. The book club meets on the first Tuesday of the month. " +
	"Walk to the market, buy apples and bread, then read for an hour by the window. ";
