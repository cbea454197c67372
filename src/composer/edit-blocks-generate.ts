/**
 * A `modify` in the Edits format: one apply-model call that returns edit blocks instead of the
 * note, so its output (and its time) grows with the change, not with the note. The whole note
 * goes in (input is cheap and fast); only the blocks come out.
 *
 * The reply is read while it streams: each block is parsed (edit-blocks.ts) and applied to the
 * note (edit-blocks-apply.ts) as soon as its REPLACE marker arrives, which counts the changes for
 * the card ("2 changes so far") and stops a hopeless reply early. Two readings run side by side,
 * fence-guarded and literal (see edit-blocks.ts); the first whose blocks all apply wins.
 *
 * Nothing here writes. The outcome says whether the whole-note retry may help (`retry: true`:
 * no blocks, malformed or cut-off blocks, blocks that do not apply) or not (stopped, the model
 * failed before replying, a result the apply validation's modify rules refuse).
 */
import { callApplyModel } from "./apply";
import { BlockApplier, describeBlockFailure } from "./edit-blocks-apply";
import type { BlockFailure } from "./edit-blocks-apply";
import { EditBlockParser } from "./edit-blocks";
import type { BlockParseFailure } from "./edit-blocks";
import type { RegenerateRequest } from "./regenerate";
import { modifyRefusal, unfinishedReason } from "./validate";
import type { ApplyRefusal } from "./validate";

export type EditBlocksRetryReason = BlockParseFailure | "not-applying";

export type EditBlocksOutcome =
	| {
			ok: true;
			text: string;
			/** Blocks applied. */ blocks: number;
			/** Blocks that needed the whitespace-tolerant match. */ tolerant: number[];
	  }
	| { ok: false; retry: true; reason: EditBlocksRetryReason; message: string; output: string }
	| { ok: false; retry: false; reason: ApplyRefusal | "aborted" | "model-error"; message: string; output?: string };

/** One way of reading the reply: a parser and the note with that parse's blocks applied so far. */
class Reading {
	readonly parser: EditBlockParser;
	readonly applier: BlockApplier;
	failure: BlockFailure | undefined;
	applied = 0;

	constructor(note: string, guardFences: boolean) {
		this.parser = new EditBlockParser({ guardFences });
		this.applier = new BlockApplier(note);
	}

	push(chunk: string): void {
		for (const block of this.parser.push(chunk)) {
			if (this.failure) break;
			this.failure = this.applier.apply(block);
			if (!this.failure) this.applied++;
		}
	}

	/** Nothing this reading can still produce would apply. */
	get hopeless(): boolean {
		return this.parser.failed || this.failure !== undefined;
	}

	/** After the reply: the note with every block applied, or why not. */
	finish(): { ok: true; text: string } | { ok: false; reason: EditBlocksRetryReason; message: string } {
		const parse = this.parser.end();
		if (!parse.ok) return { ok: false, reason: parse.reason, message: parse.message };
		if (this.failure) return { ok: false, reason: "not-applying", message: describeBlockFailure(this.failure) };
		return { ok: true, text: this.applier.text };
	}
}

export async function generateEditBlocks(request: RegenerateRequest): Promise<EditBlocksOutcome> {
	const note = request.note;
	let readings = [new Reading(note, true), new Reading(note, false)];
	// Aborted by the user's stop, or by us once no reading can apply any more.
	const call = new AbortController();
	const forward = () => call.abort();
	if (request.signal.aborted) call.abort();
	request.signal.addEventListener("abort", forward, { once: true });
	let output = "";
	let shown = 0;
	let gaveUp = false;
	request.progress("generating", undefined, 0);
	let finishReason: string | undefined;
	try {
		const generation = await callApplyModel({
			model: request.models.apply({ usage: request.usage }),
			prediction: false,
			path: request.path,
			operation: request.operation,
			description: request.description,
			text: note,
			format: "edits",
			signal: call.signal,
			onProgress: (_chars, chunk) => {
				output += chunk;
				for (const reading of readings) reading.push(chunk);
				const count = Math.max(...readings.map((r) => r.applied));
				if (count > shown) {
					shown = count;
					request.progress("generating", undefined, count);
				}
				if (readings.every((r) => r.hopeless)) {
					gaveUp = true;
					call.abort();
				}
			},
			// The reply so far was reasoning without its opening tag: a block drafted there never applies.
			onRestart: () => {
				output = "";
				readings = [new Reading(note, true), new Reading(note, false)];
			},
		});
		finishReason = generation.finishReason;
	} catch (error) {
		if (request.signal.aborted)
			return {
				ok: false,
				retry: false,
				reason: "aborted",
				message: "Stopped before the apply model finished; nothing was written.",
			};
		if (!gaveUp) {
			const detail = error instanceof Error ? error.message : String(error);
			// Nothing came back: the model (or the network) failed, and a second call would too.
			if (output === "")
				return {
					ok: false,
					retry: false,
					reason: "model-error",
					message: `The apply model failed: ${detail}. Nothing was written; the user can retry.`,
				};
			return { ok: false, retry: true, reason: "cut-off", message: `the reply broke off (${detail})`, output };
		}
	} finally {
		request.signal.removeEventListener("abort", forward);
	}
	// The apply validation's rule: only a clean stop is a whole reply.
	const unfinished = gaveUp ? undefined : unfinishedReason(finishReason);
	if (unfinished) return { ok: false, retry: true, reason: "cut-off", message: unfinished, output };
	const finished = readings.map((reading) => reading.finish());
	const winner = finished.find((f) => f.ok);
	if (!winner || !winner.ok) {
		// Report the reading that got furthest (the fence-guarded one on a tie).
		const furthest = readings.reduce((best, r, i) => (r.applied > (readings[best]?.applied ?? 0) ? i : best), 0);
		const failed = finished[furthest];
		return {
			ok: false,
			retry: true,
			reason: failed && !failed.ok ? failed.reason : "malformed",
			message: failed && !failed.ok ? failed.message : "the reply is not edit blocks",
			output,
		};
	}
	// The modify rules of the apply validation hold for the note the blocks make: not emptied,
	// nothing dropped or repeated unless the description asks for it. Not the fragment rule: a
	// block names every line it removes, so "remove all headings" may take out half the note.
	const refused = modifyRefusal(note, winner.text, request.description, undefined, false);
	if (refused) return { ok: false, retry: false, reason: refused.reason, message: refused.message, output };
	const used = readings[finished.indexOf(winner)];
	return { ok: true, text: winner.text, blocks: used?.applied ?? 0, tolerant: [...(used?.applier.tolerant ?? [])] };
}
