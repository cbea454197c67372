/**
 * The caps on what one model reply may hold while it streams (src/agent/model-step.ts stops the
 * request at them): model output is untrusted input, its size too. Past a cap the reply ends in
 * a ModelOutputTooLong, which the runner records as the turn's error.
 */

/**
 * The most one tool call's arguments may hold while they stream. The main model declares and
 * points (paths, ids, a search); the apply model writes notes. 256 KB is far past any honest call
 * (an executeEdit with a whole note's text included) and stops a runaway one long before it
 * costs memory, the log and the next request (a 40 MB argument once made a 126 MB request).
 */
export const MAX_TOOL_ARGS_CHARS = 256 * 1024;
/**
 * The most one reply (answer, reasoning and call arguments together) may hold. max_tokens bounds
 * a reply on servers that honour it; this bounds it on those that do not (a reply that never
 * ended once wrote 322 MB to the log in 6 s).
 */
export const MAX_REPLY_CHARS = 1024 * 1024;

/** A tool name longer than this is no tool's (the registry's names are short); the rest is dropped. */
export const MAX_NAME_CHARS = 200;

const kb = (chars: number): string =>
	chars >= 1024 * 1024 ? `${Math.round(chars / (1024 * 1024))} MB` : `${Math.round(chars / 1024)} KB`;

/** The reply or one call's arguments grew past its cap: the stream was stopped there. */
export class ModelOutputTooLong extends Error {
	private constructor(message: string) {
		super(message);
		this.name = "ModelOutputTooLong";
	}

	static ofArguments(tool: string): ModelOutputTooLong {
		const name = tool === "" ? "tool" : tool.length > 60 ? `${tool.slice(0, 60)}…` : tool;
		return new ModelOutputTooLong(
			`The model's ${name} call grew past ${kb(MAX_TOOL_ARGS_CHARS)} of arguments, so Redline stopped the reply and refused the call. Ask for a smaller step (for a long note, an edit rather than its whole text).`,
		);
	}

	static ofReply(): ModelOutputTooLong {
		return new ModelOutputTooLong(
			`The reply grew past ${kb(MAX_REPLY_CHARS)} without ending, so Redline stopped it there. The model may be repeating itself: ask again, or lower its reply limit (max tokens) in Redline settings.`,
		);
	}
}
