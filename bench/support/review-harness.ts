/**
 * Review before write (issue 29), timed as the pane sees it: one edit request through the real
 * service (createRedline) with the edit tool on Prompt and editReview "changes", so the intent is
 * drafted at once and offered as changes. A subscriber of the thread service (the pane's
 * subscription path) notes when edit_intent_declared and edit_proposed reach it; once the turn waits
 * for review, the harness accepts every change through reviewEdit, as Accept all does, and notes
 * when edit_applied reaches the subscriber.
 */
import { benchRedline } from "./bench-redline";
import type { RedlineSettings } from "../../src/settings";
import { MemoryStore } from "../../src/store/memory-store";
import { isKnownEvent } from "../../src/log/events";
import type { StoredEvent } from "../../src/log/events";
import { MemoryVault } from "../../src/vault/memory-vault";

export interface ReviewTiming {
	/** ms from edit_intent_declared to edit_proposed, both as the subscriber saw them. */
	intentToProposed: number;
	/** ms from the reviewEdit call (every change accepted) to edit_applied at the subscriber. */
	acceptToApplied: number;
	/** Changes the draft offered. */
	changes: number;
	/** The note as the vault holds it after the turn. */
	finalNote: string;
}

/** When each event type first reached the subscriber (performance.now()). */
type Seen = Partial<Record<StoredEvent["type"], number>>;

export async function timeReview(
	settings: RedlineSettings,
	notePath: string,
	note: string,
	request: string,
): Promise<ReviewTiming> {
	if (settings.editReview !== "changes" || settings.toolDefaults.declareEditIntent !== "prompt")
		throw new Error("bench: review timing needs editReview changes and declareEditIntent on prompt");
	const vault = new MemoryVault("Bench", { [notePath]: note });
	const store = new MemoryStore();
	const redline = await benchRedline({ vault, store, settings, titles: "first-words" });
	const { service } = redline;
	try {
		const created = await service.createThread({ title: "review bench" });
		if (!created.ok) throw new Error(created.error.message);
		const threadId = created.threadId;
		const seen: Seen = {};
		const errors: string[] = [];
		let caughtUp: () => void = () => undefined;
		const ready = new Promise<void>((resolve) => (caughtUp = resolve));
		// What the subscriber last saw: the draft offered, and the thread's status.
		const got: { draft?: { editId: string; changes: readonly { changeId: string }[] }; status: string } = {
			status: "",
		};
		let appliedSeen: () => void = () => undefined;
		const applied = new Promise<void>((resolve) => (appliedSeen = resolve));
		const subscription = service.subscribe({ threadId }, (message) => {
			if (message.kind === "caught_up") return caughtUp();
			if (message.kind === "error") return void errors.push(message.error.message);
			const event = message.event;
			seen[event.type] ??= performance.now();
			if (event.type === "error") errors.push(String(event.message));
			if (!isKnownEvent(event)) return;
			if (event.type === "edit_proposed") got.draft = event;
			if (event.type === "status") got.status = event.status;
			if (event.type === "edit_applied") appliedSeen();
		});
		await ready;
		const sent = await service.sendMessage({ threadId, content: request });
		if (!sent.ok) throw new Error(sent.error.message);
		await service.idle(threadId);
		const { draft, status } = got;
		if (status !== "waiting_for_review")
			throw new Error(`bench: the turn ended ${status}, not waiting for review (${errors.join("; ")})`);
		if (!draft) throw new Error("bench: no draft waits for review");
		const declared = seen.edit_intent_declared;
		const proposed = seen.edit_proposed;
		if (declared === undefined || proposed === undefined)
			throw new Error("bench: the subscriber saw no edit_intent_declared or no edit_proposed");

		const accepted = draft.changes.map((c) => c.changeId);
		const start = performance.now();
		const reviewed = await service.reviewEdit({ threadId, editId: draft.editId, accepted, rejected: [] });
		if (!reviewed.ok) throw new Error(reviewed.error.message);
		await applied;
		const acceptToApplied = performance.now() - start;
		await service.idle(threadId);
		subscription.close();
		if (errors.length > 0) throw new Error(`bench: the review turn failed: ${errors.join("; ")}`);
		return {
			intentToProposed: proposed - declared,
			acceptToApplied,
			changes: draft.changes.length,
			finalNote: await vault.read(notePath),
		};
	} finally {
		await redline.dispose();
	}
}
