/**
 * v1.context.measure (issue 33): what the next request of a chat would hold if the message being
 * typed were sent now, for the context meter before anything is sent. The service resolves the
 * draft as sendMessage would log it (the items pinned now and any the draft adds, the notes of
 * its set chips) and the driver measures it with the code that fits and measures every request
 * (context_measured), so the estimate is that code's number, not a second one. A new chat (no
 * thread yet) is measured as an empty log: system prompt, tools and standing instructions.
 *
 * It is asked at every pause in typing, so it reads nothing it already read: chip notes are
 * kept until the vault changes (vault-memo.ts), and the transcript comes from the thread's
 * incremental fold (transcript-fold.ts).
 */
import type { DraftMessage, NextRequestMeasure, ReadableThread, TurnDriver } from "../log/driver";
import type { ChipContext, EditSelection, PinnedItem } from "../log/events";
import { chipKind, chipTarget, isSetChip, samePinnedItem } from "../log/pinned-items";
import { emptyState, pinScope } from "../log/projection";
import { VaultMemo } from "../vault/vault-memo";
import { resolveChip, type ChipDeps } from "./context-chips";
import { fail, isPinnedItem, isRecord, isSelection } from "./params";
import type { Result } from "./service-api";

/** The message being typed, as much of it as the caller has; absent: an empty message. */
export interface MeasureDraft {
	content?: string;
	selection?: EditSelection;
	/** Items to count as pinned with it beyond those the thread has pinned (notes or set chips). */
	pinned?: PinnedItem[];
}

export interface MeasureParams {
	/** Absent: a new chat, before its first message or pin. */
	threadId?: string;
	draft?: MeasureDraft;
}

export type NextRequest = NextRequestMeasure;

export class ContextMeasurer {
	private readonly chips: VaultMemo<ChipContext> | undefined;

	constructor(
		private readonly driver: TurnDriver | undefined,
		private readonly chipDeps: ChipDeps | undefined,
	) {
		this.chips = chipDeps ? new VaultMemo(chipDeps.vault) : undefined;
	}

	async measure(thread: ReadableThread, draft: unknown): Promise<Result<{ measured: NextRequest }>> {
		const driver = this.driver;
		if (!driver?.measure) return fail("unavailable", "This host does not measure requests before they are sent");
		const checked = checkDraft(draft);
		if (typeof checked === "string") return fail("bad_params", checked);
		const pinned = pinnedWith(thread.state().pinned, checked.pinned ?? []);
		const message: DraftMessage = {
			content: checked.content ?? "",
			pinned,
			context: await this.context(pinned),
			...(checked.selection ? { selection: { ...checked.selection } } : {}),
		};
		return { ok: true, measured: await driver.measure(thread, message) };
	}

	/** A new chat's thread: no events, nothing pinned. */
	static newChat(): ReadableThread {
		const state = emptyState("new");
		return { threadId: "new", events: () => [], state: () => state };
	}

	dispose(): void {
		this.chips?.dispose();
	}

	/** The set chips' notes, as sendMessage resolves them (kept until the vault changes). */
	private async context(pinned: readonly PinnedItem[]): Promise<ChipContext[]> {
		const { chips, chipDeps } = this;
		if (!chips || !chipDeps) return [];
		const context: ChipContext[] = [];
		for (const item of pinned) {
			if (!isSetChip(item)) continue;
			const resolved = await chips.get(`${chipKind(item)}\u0000${chipTarget(item)}`, () => resolveChip(item, chipDeps));
			// The message carries the item as pinned (its scope), with the notes resolved for it.
			context.push({ ...resolved, item: { ...item } });
		}
		return context;
	}
}

/** The items pinned once `extra` is pinned too, as item_pinned would leave them (a new scope replaces in place). */
export function pinnedWith(pinned: readonly PinnedItem[], extra: readonly PinnedItem[]): PinnedItem[] {
	const result = pinned.slice();
	for (const item of extra) {
		const at = result.findIndex((p) => samePinnedItem(p, item));
		if (at < 0) result.push(item);
		else if (pinScope(result[at]) !== pinScope(item)) result[at] = item;
	}
	return result;
}

function checkDraft(draft: unknown): MeasureDraft | string {
	if (draft === undefined) return {};
	if (!isRecord(draft)) return "draft must be { content?, selection?, pinned? }";
	const { content, selection, pinned } = draft;
	if (content !== undefined && typeof content !== "string") return "draft.content must be a string";
	if (selection !== undefined && !isSelection(selection))
		return "draft.selection must be { path, from, to, text } with text as long as to - from";
	if (pinned !== undefined && !(Array.isArray(pinned) && pinned.every(isPinnedItem)))
		return "draft.pinned must be a list of pinned items";
	return {
		...(content !== undefined ? { content } : {}),
		...(selection !== undefined ? { selection } : {}),
		...(pinned !== undefined ? { pinned } : {}),
	};
}
