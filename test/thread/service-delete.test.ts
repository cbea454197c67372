import { describe, expect, it } from "vitest";
import { threadLogKey } from "../../src/log/log";
import type { SubscriptionMessage } from "../../src/thread/service-api";
import { THREAD_DELETED } from "../../src/thread/subscription";
import { makeService, mustCreate } from "./support/service";
import { setTimeout } from "../../src/node/timers";

const deleted: SubscriptionMessage = {
	kind: "error",
	error: { code: "unknown_thread", message: "This chat was deleted." },
};

async function until(check: () => boolean, what: string): Promise<void> {
	for (let i = 0; i < 2000 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 2));
	if (!check()) throw new Error(`${what} never held`);
}

function subscribed(
	service: ReturnType<typeof makeService>["service"],
	threadId: string,
): { messages: SubscriptionMessage[]; close: () => void } {
	const messages: SubscriptionMessage[] = [];
	const subscription = service.subscribe({ threadId }, (m) => messages.push(m));
	return { messages, close: () => subscription.close() };
}

describe("deleting a thread", () => {
	it("ends every subscription of the thread with one 'deleted' error and leaves other threads alone", async () => {
		const { service } = makeService();
		const threadId = await mustCreate(service, "Doomed");
		const otherId = await mustCreate(service, "Kept");
		const first = subscribed(service, threadId);
		const second = subscribed(service, threadId);
		const other = subscribed(service, otherId);
		await until(() => [first, second, other].every((s) => s.messages.some((m) => m.kind === "caught_up")), "caught up");

		expect(await service.deleteThread({ threadId })).toEqual({ ok: true });

		for (const sink of [first, second]) {
			expect(sink.messages.filter((m) => m.kind === "error")).toEqual([deleted]);
			expect(sink.messages.at(-1)).toEqual(deleted);
		}
		expect(THREAD_DELETED).toEqual(deleted.kind === "error" ? deleted.error : null);
		expect(other.messages.some((m) => m.kind === "error")).toBe(false);
		await service.renameThread({ threadId: otherId, title: "Still here" });
		expect(other.messages.at(-1)).toMatchObject({
			kind: "event",
			event: { type: "thread_renamed", title: "Still here" },
		});
		first.close(); // closing after the end is harmless
		other.close();
		await service.close();
	});

	it("answers a later subscription with unknown_thread, as for a thread that never existed", async () => {
		const { service } = makeService();
		const threadId = await mustCreate(service);
		await service.deleteThread({ threadId });
		const late = subscribed(service, threadId);
		await until(() => late.messages.length > 0, "an answer");
		expect(late.messages).toEqual([
			{ kind: "error", error: { code: "unknown_thread", message: `No thread ${threadId}` } },
		]);
		await service.close();
	});

	it("tells a subscription that is still catching up when the thread goes meanwhile", async () => {
		const { service } = makeService();
		const threadId = await mustCreate(service);
		// Subscribe and delete in the same tick: the subscription's lookup and the delete race.
		const racing = subscribed(service, threadId);
		const deleting = service.deleteThread({ threadId });
		await deleting;
		await until(() => racing.messages.some((m) => m.kind === "error"), "an error");
		expect(racing.messages.filter((m) => m.kind === "error")).toHaveLength(1);
		expect(racing.messages.at(-1)).toMatchObject({ kind: "error", error: { code: "unknown_thread" } });
		await service.close();
	});

	it("aborts a running reply first: subscribers see it stop, then the 'deleted' error, and nothing is left in the store", async () => {
		const { service, store } = makeService();
		const threadId = await mustCreate(service);
		const sink = subscribed(service, threadId);
		await service.sendMessage({ threadId, content: "slow" });
		// The scripted "slow" reply streams until its signal aborts: only an abort ends it.
		await until(
			() => sink.messages.filter((m) => m.kind === "event" && m.event.type === "assistant_token").length > 5,
			"tokens",
		);

		expect(await service.deleteThread({ threadId })).toEqual({ ok: true });

		const last = sink.messages.slice(-3);
		expect(last).toMatchObject([
			{ kind: "event", event: { type: "assistant_message_completed", finishReason: "aborted" } },
			{ kind: "event", event: { type: "status", status: "idle", detail: "Stopped" } },
			deleted,
		]);
		await service.idle(threadId);
		expect(await store.read(threadLogKey(threadId))).toBeNull();
		const listed = await service.listThreads();
		expect(listed.ok && listed.threads).toEqual([]);
		expect(await service.sendMessage({ threadId, content: "again" })).toMatchObject({
			ok: false,
			error: { code: "unknown_thread" },
		});
		await service.close();
	});
});
